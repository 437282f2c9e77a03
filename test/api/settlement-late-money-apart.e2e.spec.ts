import request from 'supertest';
import type { SettlementDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, posted, setPaymentTerms, setTerms } from './support/members.js';
import { lateMoneyLeaver, settlementsOf, statementPages } from './support/settlements.js';

/**
 * § 73 (2) GenG settles the Geschäftsguthaben of the end's day (decision 408). A member holds 2 shares of 250 €, 300 €
 * paid in; 200 € arrive on 15.01.2026, and only then is the death of 20.11.2025 recorded (membership ends 31.12.2025).
 * The general meeting decides a loss share of 10 % for 2025. The loss share is 10 % of the 300 € Geschäftsguthaben
 * (30 €), not of 500 €: the 200 € paid after the end are no Geschäftsguthaben and go back whole, on a line of their
 * own. Before, the loss share took 50 € and the statement showed 500 € as "Ausgebuchtes Geschäftsguthaben".
 */
describe('money paid after the end is refunded whole and shown apart from the Geschäftsguthaben settled', () => {
  let t: TestApp;
  let memberId: string;
  let id: string;

  beforeAll(async () => {
    t = await startApp();
    ({ memberId, settlementId: id } = await lateMoneyLeaver(t));
    await request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'percent', percent: '10', decisionDate: '2026-05-20' })
      .expect(200);
  });
  afterAll(async () => t.close());

  it('takes the loss share in percent of the Geschäftsguthaben on the end day only, and names the late money', async () => {
    const [row] = await settlementsOf(t.http, t.adminToken, 2025);
    expect([row!.holding, row!.paidAfterEnd, row!.lossShare, row!.amount]).toEqual([50_000, 20_000, 3_000, 47_000]);
  });

  it('pays the same and its statement shows 300 € settled, the loss share and the 200 € refunded on their own line', async () => {
    await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(t.adminToken))
      .send({ memberId, accountHolder: 'Erben Spaet', iban: 'DE89370400440532013000' })
      .expect(204);
    const paid = (
      await request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [id], payoutDate: '2026-06-15' })
        .expect(201)
    ).body as SettlementDto[];
    expect(paid.map((r) => [r.status, r.paidAfterEnd, r.lossShare, r.amount, r.owed, r.overpaid])).toEqual([
      ['paid', 20_000, 3_000, 47_000, 0, 0],
    ]);
    const [page] = await statementPages(t.http, t.adminToken, id);
    const after = (label: string) => page![page!.indexOf(label) + 1];
    expect([
      after('Ausgebuchtes Geschäftsguthaben'),
      after('Anteil am Verlustvortrag'),
      after('Auseinandersetzungsguthaben'),
      after('Nach dem Ende eingezahlt (Erstattung)'),
      after('Auszahlungsbetrag'),
    ]).toEqual(['300,00 EUR', '30,00 EUR', '270,00 EUR', '200,00 EUR', '470,00 EUR']);
  });

  it('keeps stating what the payout paid after the register changed below it (overpaid)', async () => {
    const rows = (
      await request(t.http).get(`/api/v1/balances?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200)
    ).body as { id: string; type: number }[];
    const subscription = rows.find((r) => r.type === 0)!.id;
    await request(t.http)
      .put(`/api/v1/shares/${subscription}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 25_000, interestEnd: null })
      .expect(200);
    const [row] = await settlementsOf(t.http, t.adminToken, 2025);
    expect(row!.overpaid).toBeGreaterThan(0);
    const [page] = await statementPages(t.http, t.adminToken, id);
    const after = (label: string) => page![page!.indexOf(label) + 1];
    // The statement says what was paid and why (decision 414): the payout's figures, not the register's since.
    expect([
      after('Ausgebuchtes Geschäftsguthaben'),
      after('Auseinandersetzungsguthaben'),
      after('Nach dem Ende eingezahlt (Erstattung)'),
      after('Auszahlungsbetrag'),
    ]).toEqual(['300,00 EUR', '270,00 EUR', '200,00 EUR', '470,00 EUR']);
  });
});

/**
 * The same through a transfer recorded while the end stands (§ 76, dated before the end; the exit is re-stated for what
 * remains): 3 shares, 500 € paid in, 250 € arrive on 15.01.2026, the death of 20.11.2025 is recorded, then a transfer
 * of 1 share on 01.12.2025 (250 € of what was paid move with it). On 31.12.2025 the Geschäftsguthaben was 250 €; the
 * 250 € of January are refunded apart. Before, the re-stated exit took 500 € out on 31.12.2025 with nothing paid after
 * it: the list took the loss share of the late money (amount 100 € where the payout records 250 €) and 2025 closed the
 * giver at 0 € though 250 € stood that day.
 */
describe('money paid after the end stays apart when a transfer re-states the end', () => {
  let t: TestApp;
  let giver: string;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    giver = (await createMember(t.http, t.adminToken, { name: 'Giver', shareAmount: 3, paid: 50_000 })).id;
    const taker = (await createMember(t.http, t.adminToken, { name: 'Taker', shareAmount: 1 })).id;
    await request(t.http)
      .post(`/api/v1/members/${giver}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: '2026-01-15', amount: 25_000, method: 'transfer' })
      .expect(201);
    const day = '2025-11-20';
    await posted(t.http, t.adminToken, {
      member: giver,
      type: 6,
      date: day,
      approvalDate: day,
      interestBegin: day,
      noticeDate: day,
    });
    const on = '2025-12-01';
    await posted(t.http, t.adminToken, {
      member: giver,
      type: 3,
      quantity: 1,
      transferTo: taker,
      date: on,
      approvalDate: on,
      interestBegin: on,
    });
    await request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'perShare', centsPerShare: 20_000, decisionDate: '2026-05-20' })
      .expect(200);
  });
  afterAll(async () => t.close());

  it('lists the late money apart: loss share of the 250 € only, 250 € refunded; the payout records the same', async () => {
    const [row] = (await settlementsOf(t.http, t.adminToken, 2025)).filter((r) => r.memberId === giver);
    expect([row!.shares, row!.holding, row!.paidAfterEnd, row!.lossShare, row!.amount]).toEqual([
      2, 50_000, 25_000, 25_000, 25_000,
    ]);
    await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(t.adminToken))
      .send({ memberId: giver, accountHolder: 'Erben Giver', iban: 'DE89370400440532013000' })
      .expect(204);
    const paid = (
      await request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [row!.id], payoutDate: '2026-06-15' })
        .expect(201)
    ).body as SettlementDto[];
    expect(paid.map((r) => [r.amount, r.owed, r.overpaid])).toEqual([[25_000, 0, 0]]);
  });

  it("closes 2025 with the giver's 250 € and 2026 with nothing", async () => {
    const report = async (year: number) =>
      (await request(t.http).get(`/api/v1/reports/movements/${year}`).set(auth(t.adminToken)).expect(200)).body as {
        end: { paid: number };
        reconciles: boolean;
      };
    const [y2025, y2026] = [await report(2025), await report(2026)];
    // The taker holds 2 shares of 250 € paid (its own and the one received): 500 €; the giver 250 € at 2025's end.
    expect([y2025.end.paid, y2026.end.paid, y2025.reconciles, y2026.reconciles]).toEqual([75_000, 50_000, true, true]);
  });
});
