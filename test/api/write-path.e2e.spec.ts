/**
 * The write path's shortcuts keep its guarantees: the share terms a posting reads are the cooperative's
 * current ones even though they are kept between postings (services/src/members/commands/member.commands.ts).
 */
import request from 'supertest';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { createMember, DATES, member, posted, setTerms, validMember } from './support/members.js';

describe('write path: kept share terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('a share price changed between two postings applies to the second one at once', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({
      amount: 50000,
      shareCost: 25000,
    });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 30000, 1);
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({
      amount: 60000,
      shareCost: 30000,
    });
  });

  it('a minimum holding raised between two withdrawals is checked on the second one', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 5 });
    await posted(t.http, t.adminToken, { member: m.id, type: 2, quantity: 1, ...DATES });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 4);
    const refused = await request(t.http)
      .post('/api/v1/balances')
      .set(auth(t.adminToken))
      .send({ member: m.id, type: 2, quantity: 1, ...DATES });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          field: 'quantity',
          template: 'withdrawalLeavesTooFew',
          parameters: { '0': '4', '1': '4', '2': '2021-12-31' },
        },
      ],
    });
  });
});

/**
 * A write is stored before the read models show it; when they do not within the bound (a rebuild, a stalled or
 * restarting projection), the answer must still say that it was saved: an error would make the clerk enter the
 * posting again, and the member would hold the shares twice.
 */
describe('write path: saved, but the read models are late', () => {
  let t: TestApp;
  let colleague: string;
  beforeAll(async () => {
    t = await startApp({ READ_YOUR_WRITES_WAIT_MS: '300' });
    colleague = (await userWith(t.http, t.adminToken, 'colleague', ['ROLE_USER', 'ROLE_ADMIN'])).token;
  });
  afterAll(async () => t.close());

  it('a change of master data answers 202 with a message that it was saved, and shows once the projections run again', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { name: 'Vorher' });
    await t.running.storage.runner.stop();
    try {
      const res = await request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name: 'Nachher' }));
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        saved: true,
        message: 'Saved. It does not show in the lists yet and will in a moment. Do not enter it again.',
      });
      expect((await member(t.http, t.adminToken, m.id)).name).toBe('Vorher');
    } finally {
      await t.running.storage.runner.start();
    }
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    expect((await member(t.http, t.adminToken, m.id)).name).toBe('Nachher');
  });

  it("a posting answers 201 from its events; the same client's next request waits for it (503 after the bound), another client is not held up", async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    await t.running.storage.runner.stop();
    try {
      const res = await request(t.http)
        .post('/api/v1/balances')
        .set(auth(t.adminToken))
        .send({ member: m.id, type: 1, quantity: 3, ...DATES });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        member: m.id,
        type: 1,
        quantity: 3,
        amount: 75000,
        shareCost: 25000,
        memberNr: m.memberNr,
        annulated: false,
      });
      // Stored: the history replays the member's stream, not the read models; a colleague may read it at once.
      const history = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(colleague)).expect(200);
      expect((history.body as { type: string }[]).map((h) => h.type)).toEqual([
        'MemberAdmitted',
        'SharesPosted',
        'SharesPosted',
      ]);
      // The colleague's reads do not wait for the poster's write, and do not show it yet.
      expect((await member(t.http, colleague, m.id)).shareAmount).toBe(2);
      // The poster's next request would not show the posting: it waits, and after the bound says so instead.
      const late = await request(t.http).get(`/api/v1/members/${m.id}`).set(auth(t.adminToken));
      expect(late.status).toBe(503);
      expect(late.headers['retry-after']).toBe('1');
      expect(late.body).toEqual({
        message: 'Your last change is saved but does not show yet. Please try again in a moment.',
        errors: [{ field: null, template: 'notYetShown', parameters: {} }],
      });
    } finally {
      await t.running.storage.runner.start();
    }
    // Without waiting here: the poster's request waits until the read models include the posting.
    expect((await member(t.http, t.adminToken, m.id)).shareAmount).toBe(5);
    const list = await request(t.http)
      .get(`/api/v1/balances?filter=member:${m.id}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect((list.body as { quantity: number }[]).map((b) => b.quantity).sort()).toEqual([2, 3]);
  });

  it('a posting its events cannot answer (its member not shown yet) reads its answer only after the read models show it: 503 saved, never 404', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const runner = t.running.storage.runner;
    const events = t.running.storage.events;
    await runner.stop();
    let restarted = false;
    try {
      const before = await events.headPosition();
      // Admitted, but not shown within the bound: the answer has no id; the log has it.
      expect(
        (
          await request(t.http)
            .post('/api/v1/members')
            .set(auth(t.adminToken))
            .send(validMember({ name: 'Spät', shareAmount: 2 }))
        ).status,
      ).toBe(202);
      const admitted = (await events.readAll(before, 100)).find((e) => e.type === 'MemberAdmitted');
      const memberId = (admitted!.data as { memberId: string }).memberId;
      // The preview finds no member document to name: the route reads the posting back, after waiting for it
      // (@SettlesOwnReads). Without that wait the read would answer 404, and the clerk would post it again.
      const res = await request(t.http)
        .post('/api/v1/balances')
        .set(auth(t.adminToken))
        .send({ member: memberId, type: 1, quantity: 1, ...DATES });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ errors: [{ field: null, template: 'notYetShown', parameters: {} }] });
      await runner.start();
      restarted = true;
      const list = await request(t.http)
        .get(`/api/v1/balances?filter=member:${memberId}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect((list.body as { quantity: number }[]).map((b) => b.quantity).sort()).toEqual([1, 2]);
    } finally {
      if (!restarted) await runner.start();
    }
  });

  it('refuses a wait bound that is not a positive whole number', () => {
    expect(() => loadConfig({ DATA_DIR: t.dataDir, READ_YOUR_WRITES_WAIT_MS: '0' })).toThrow(
      'READ_YOUR_WRITES_WAIT_MS must be a positive whole number, got 0',
    );
  });
});
