/**
 * The write path's shortcuts keep its guarantees: the share terms a posting reads are the cooperative's
 * current ones even though they are kept between postings (services/src/members/commands/member.commands.ts).
 */
import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { createMember, DATES, member, posted, setTerms } from './support/members.js';

describe('write path: kept share terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('a share price changed between two postings applies to the second one at once', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({ amount: 50000, shareCost: 25000 });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 30000, 1);
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({ amount: 60000, shareCost: 30000 });
  });

  it('a minimum holding raised between two withdrawals is checked on the second one', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 5 });
    await posted(t.http, t.adminToken, { member: m.id, type: 2, quantity: 1, ...DATES });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 4);
    const refused = await request(t.http).post('/api/v1/balances').set(auth(t.adminToken)).send({ member: m.id, type: 2, quantity: 1, ...DATES });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: [{ field: 'quantity', template: 'atLeastAmountMustRemain', parameters: { '0': '400,00' } }] });
  });
});

/**
 * A write is stored before the read models show it; when they do not within the bound (a rebuild, a stalled or
 * restarting projection), the answer must still say that it was saved: an error would make the clerk enter the
 * posting again, and the member would hold the shares twice.
 */
describe('write path: saved, but the read models are late', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ READ_YOUR_WRITES_WAIT_MS: '300' });
  });
  afterAll(async () => t.close());

  it('answers 202 with a message that the posting was saved, and the posting shows once the projections run again', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    await t.running.storage.runner.stop();
    try {
      const res = await request(t.http).post('/api/v1/balances').set(auth(t.adminToken)).send({ member: m.id, type: 1, quantity: 3, ...DATES });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        saved: true,
        message: 'Saved. It does not show in the lists yet and will in a moment. Do not enter it again.',
      });
      // Stored: the history replays the member's stream, not the read models.
      const history = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200);
      expect((history.body as { type: string }[]).map((h) => h.type)).toEqual(['MemberAdmitted', 'SharesPosted', 'SharesPosted']);
      // Not yet in the read models.
      expect((await member(t.http, t.adminToken, m.id)).shareAmount).toBe(2);
    } finally {
      await t.running.storage.runner.start();
    }
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    expect((await member(t.http, t.adminToken, m.id)).shareAmount).toBe(5);
    const list = await request(t.http).get(`/api/v1/balances?filter=member:${m.id}`).set(auth(t.adminToken)).expect(200);
    expect((list.body as { quantity: number }[]).map((b) => b.quantity).sort()).toEqual([2, 3]);
  });

  it('refuses a wait bound that is not a positive whole number', () => {
    expect(() => loadConfig({ DATA_DIR: t.dataDir, READ_YOUR_WRITES_WAIT_MS: '0' })).toThrow(
      'READ_YOUR_WRITES_WAIT_MS must be a positive whole number, got 0',
    );
  });
});
