import request from 'supertest';
import type { MemberDto, SettlementDto } from '@coop/contracts';
import { LedgerCommandRunner } from '../../services/src/share-ledger/commands/posting.commands.js';
import { PaySettlementsHandler } from '../../services/src/settlements/commands/settlement.commands.js';
import type { StreamWriter } from '../../services/src/platform/commands/stream-writer.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted } from './support/members.js';
import { leaversOf2025, settlementsOf } from './support/settlements.js';

/**
 * Decision 335 (a review's probe): an end whose settlement was paid out is not annulled. Annulled, the holding paid out
 * stood on the member's account again, the paid settlement stayed "paid" with nothing owed back, and a second end
 * settled the same Geschäftsguthaben twice (§ 73 GenG: it is paid out once). The payout is corrected first, on the
 * record; then the end may be annulled.
 */
describe('an end whose settlement was paid out', () => {
  let t: TestApp;
  let exitId: string;
  let partialId: string;
  const split = (id: string) => ({ member: id.slice(0, id.indexOf('.')), balance: id.slice(id.indexOf('.') + 1) });
  const annul = (id: string) =>
    request(t.http)
      .post('/api/v1/balances')
      .set(auth(t.adminToken))
      .send({ type: 5, annulPeer: split(id).balance, date: '2026-12-01' });
  const memberOf = async (id: string): Promise<MemberDto> =>
    (
      await request(t.http)
        .get(`/api/v1/members/${split(id).member}`)
        .set(auth(t.adminToken))
        .expect(200)
    ).body as MemberDto;

  beforeAll(async () => {
    t = await startApp();
    ({ exitId, partialId } = await leaversOf2025(t));
    await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [exitId, partialId], payoutDate: '2026-03-02' })
      .expect(201);
  });
  afterAll(async () => t.close());

  it('refuses to annul the exit or the partial termination, naming the payout; nothing is recorded', async () => {
    for (const id of [exitId, partialId]) {
      const before = await memberOf(id);
      const refused = await annul(id).expect(400);
      expect(refused.body).toEqual({
        errors: [{ field: 'annulPeer', template: 'endSettled', parameters: { 0: '2026-03-02' } }],
      });
      const after = await memberOf(id);
      expect([after.exitDate, after.shareAmount, after.shareTotalEUR]).toEqual([
        before.exitDate,
        before.shareAmount,
        before.shareTotalEUR,
      ]);
    }
    const rows = await settlementsOf(t.http, t.adminToken, 2025);
    expect(rows.filter((r: SettlementDto) => r.status === 'paid').map((r) => r.id)).toEqual(
      expect.arrayContaining([exitId, partialId]),
    );
  });

  it('annuls the exit once its payout is corrected; a new end is settled once', async () => {
    await request(t.http)
      .post(`/api/v1/settlements/${exitId}/reverse`)
      .set(auth(t.adminToken))
      .send({ reason: 'Kündigung zurückgenommen', date: '2026-11-30' })
      .expect(201);
    await annul(exitId).expect(201);
    const back = await memberOf(exitId);
    expect([back.exitDate, back.shareAmount]).toEqual([null, 4]);
    expect((await settlementsOf(t.http, t.adminToken, 2025)).map((r) => r.id)).not.toContain(exitId);
    await posted(t.http, t.adminToken, {
      member: split(exitId).member,
      type: 8,
      date: '2026-12-01',
      approvalDate: '2026-12-01',
      interestBegin: '2026-12-01',
      noticeDate: '2026-03-01',
    });
    const again = (await settlementsOf(t.http, t.adminToken, 2026)).filter((r) => r.memberId === split(exitId).member);
    expect(again.map((r) => [r.status, r.holding])).toEqual([['due', 100_000]]);
  });
});

describe('an end paid out while its annulment is decided', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it("refuses the annulment: the payout written between its read and its write fails the settlement stream's revision, and decided again it is refused", async () => {
    const { exitId } = await leaversOf2025(t);
    const [member, balance] = [exitId.slice(0, exitId.indexOf('.')), exitId.slice(exitId.indexOf('.') + 1)];
    // The annulment reads the member's settlements (none paid); before it writes, the settlement is paid out.
    const ledger = t.running.app.get(LedgerCommandRunner, { strict: false });
    const read = ledger.recordedSettlements.bind(ledger);
    let paidBetween = false;
    ledger.recordedSettlements = async (memberId: string) => {
      const seen = await read(memberId);
      if (!paidBetween) {
        paidBetween = true;
        await request(t.http)
          .post('/api/v1/settlements/pay')
          .set(auth(t.adminToken))
          .send({ ids: [exitId], payoutDate: '2026-03-02' })
          .expect(201);
      }
      return seen;
    };
    const refused = await request(t.http)
      .post('/api/v1/balances')
      .set(auth(t.adminToken))
      .send({ type: 5, annulPeer: balance, date: '2026-12-01' });
    expect(paidBetween).toBe(true);
    expect([refused.status, refused.body]).toEqual([
      400,
      { errors: [{ field: 'annulPeer', template: 'endSettled', parameters: { 0: '2026-03-02' } }] },
    ]);
    const after = (await request(t.http).get(`/api/v1/members/${member}`).set(auth(t.adminToken)).expect(200))
      .body as MemberDto;
    expect(after.exitDate).not.toBeNull();
    const row = (await settlementsOf(t.http, t.adminToken, 2025)).find((r: SettlementDto) => r.id === exitId);
    expect(row?.status).toBe('paid');
  });

  it('refuses a transfer dated before an end paid out: it would re-state the end and settle it again (decision 363)', async () => {
    const { exitId } = await leaversOf2025(t);
    const member = exitId.slice(0, exitId.indexOf('.'));
    await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [exitId], payoutDate: '2026-03-02' })
      .expect(201);
    const taker = await createMember(t.http, t.adminToken, { name: 'Nachher', shareAmount: 1 });
    const transfer = await request(t.http)
      .post('/api/v1/balances')
      .set(auth(t.adminToken))
      .send({ member, type: 3, quantity: 1, transferTo: taker.id, date: '2025-06-02', approvalDate: '2025-06-02' });
    expect([transfer.status, transfer.body]).toEqual([
      400,
      { errors: [{ field: 'date', template: 'transferBeforeSettledEnd', parameters: { 0: '2026-03-02' } }] },
    ]);
    const rows = (await settlementsOf(t.http, t.adminToken, 2025)).filter((r: SettlementDto) => r.memberId === member);
    expect(rows.map((r) => [r.status, r.holding])).toEqual([['paid', 100_000]]);
  });

  it('decides a payout again when the end was annulled between its read and its write: it is refused, not paid (decision 363)', async () => {
    const { exitId } = await leaversOf2025(t);
    const [member, balance] = [exitId.slice(0, exitId.indexOf('.')), exitId.slice(exitId.indexOf('.') + 1)];
    const handler = t.running.app.get(PaySettlementsHandler, { strict: false });
    const held = handler as unknown as { writer: StreamWriter };
    const real = held.writer;
    let annulledBetween = false;
    held.writer = Object.assign(Object.create(real) as StreamWriter, {
      appendAll: async (appends: Parameters<StreamWriter['appendAll']>[0]) => {
        if (!annulledBetween) {
          annulledBetween = true;
          await request(t.http)
            .post('/api/v1/balances')
            .set(auth(t.adminToken))
            .send({ type: 5, annulPeer: balance, date: '2026-12-01' })
            .expect(201);
        }
        return real.appendAll(appends);
      },
    });
    try {
      const pay = await request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [exitId], payoutDate: '2026-03-02' });
      expect(annulledBetween).toBe(true);
      expect(pay.status).toBe(400);
    } finally {
      held.writer = real;
    }
    const after = (await request(t.http).get(`/api/v1/members/${member}`).set(auth(t.adminToken)).expect(200))
      .body as MemberDto;
    expect([after.exitDate, after.shareAmount]).toEqual([null, 4]);
    const paid = (await settlementsOf(t.http, t.adminToken, 2025)).filter(
      (r: SettlementDto) => r.memberId === member && r.status === 'paid',
    );
    expect(paid).toEqual([]);
  });
});
