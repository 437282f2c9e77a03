import request from 'supertest';
import { businessToday, type SettlementCheckDto, type ShareDueDto } from '@coop/contracts';
import { parsePain } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';
import { at, sepa, settlementsOf, statementPages } from './support/settlements.js';

/**
 * Decision 370 (§ 73 (2) GenG: the whole Geschäftsguthaben is paid out): 4 shares of 250 €, 500 € of 1.000 € paid in,
 * the end on 31.12.2025 paid out with 500 €. A payment of 250 € dated 03.11.2025 (before the end), booked late, raises
 * the end's holding to 750 €: the paid settlement owes 250 € more, counts as due, and the next payout records that
 * difference alone (a second transfer, "Nachzahlung"), the first payout kept as recorded. A register corrected up
 * later owes the next difference.
 */
describe('a settlement paid before its holding rose is topped up (decision 370)', () => {
  let t: TestApp;
  let memberId: string;
  let admissionId: string;
  let id: string;
  const today = businessToday();

  const row = async () => {
    const r = (await settlementsOf(t.http, t.adminToken, 2025)).find((s) => s.id === id)!;
    return [r.status, r.holding, r.amount, r.owed, r.toppedUp, r.topUps];
  };
  const settlementsDue = async (): Promise<unknown> =>
    (
      (await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body as Record<
        string,
        unknown
      >
    ).settlementsDue;
  const payout = (path: 'check' | 'pay') =>
    request(t.http)
      .post(`/api/v1/settlements/${path}`)
      .set(auth(t.adminToken))
      .send({ ids: [id], payoutDate: today });

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    memberId = (await createMember(t.http, t.adminToken, { name: 'Nachzahlung', shareAmount: 4, paid: 50_000 })).id;
    const [admission] = (
      await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    admissionId = admission!.id;
    const end = await posted(t.http, t.adminToken, {
      member: memberId,
      type: 8,
      date: '2025-06-01',
      approvalDate: '2025-06-01',
      interestBegin: '2025-06-01',
      noticeDate: '2025-06-01',
    });
    id = `${memberId}.${end.id}`;
    await payout('pay').expect(201);
  });
  afterAll(async () => t.close());

  it('a payment before the end booked after the payout: 250 € owed, due again, paid as a top-up of 250 €', async () => {
    expect(await row()).toEqual(['paid', 50_000, 50_000, 0, 0, []]);
    expect(await settlementsDue()).toBe(0);
    await request(t.http)
      .post(`/api/v1/members/${memberId}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: '2025-11-03', amount: 25_000, method: 'transfer' })
      .expect(201);
    expect(await row()).toEqual(['paid', 75_000, 50_000, 25_000, 0, []]);
    expect(await settlementsDue()).toBe(1);
    expect((await payout('check').expect(200)).body as SettlementCheckDto).toMatchObject({ count: 1, sum: 25_000 });
    await payout('pay').expect(201);
    expect(await row()).toEqual(['paid', 75_000, 75_000, 0, 25_000, [{ payoutDate: today, amount: 25_000 }]]);
    expect(await settlementsDue()).toBe(0);
    // Nothing more owed: a further payout is refused as before.
    expect((await payout('pay').expect(409)).body).toMatchObject({
      errors: [{ template: 'settlementAlreadyPaid' }],
    });
  });

  it("the day's SEPA file holds the first payout and the top-up, each with its own amount", async () => {
    const doc = parsePain(
      (await sepa(t.http, t.adminToken, `year=2025&payoutDate=${today}`).expect(200)).body as string,
    );
    const block = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!;
    const transfers = block.children.filter((c) => c.name === 'CdtTrfTxInf');
    expect(
      transfers.map((x) => [Math.round(Number(at(x, 'Amt', 'InstdAmt')) * 100), at(x, 'RmtInf', 'Ustrd')]),
    ).toEqual([
      [50_000, expect.stringMatching(/Guthaben 500,00 Verlustanteil 0,00 Auszahlung 500,00$/)],
      [25_000, expect.stringMatching(/Guthaben 750,00 Verlustanteil 0,00 Nachzahlung 250,00$/)],
    ]);
  });

  it('a register corrected up after the top-up owes the next difference', async () => {
    await request(t.http)
      .put(`/api/v1/shares/${admissionId}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 100_000, interestEnd: null })
      .expect(200);
    expect(await row()).toEqual(['paid', 100_000, 75_000, 25_000, 25_000, [{ payoutDate: today, amount: 25_000 }]]);
    expect(await settlementsDue()).toBe(1);
    await payout('pay').expect(201);
    expect((await row()).slice(0, 5)).toEqual(['paid', 100_000, 100_000, 0, 50_000]);
  });

  it('the settlement statement names the first payout and each top-up', async () => {
    const items = (await statementPages(t.http, t.adminToken, id)).flat();
    const after = (label: string) => items.flatMap((item, i) => (item === label ? [items[i + 1]] : []));
    const day = today.split('-').reverse().join('.');
    expect(after('Auseinandersetzungsguthaben')).toEqual(['1.000,00 EUR']);
    expect(after('Auszahlung am')).toEqual([`${day}: 500,00 EUR`]);
    expect(after('Nachzahlung am')).toEqual([`${day}: 250,00 EUR`, `${day}: 250,00 EUR`]);
  });
});
