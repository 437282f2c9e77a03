import request from 'supertest';
import { businessToday } from '@coop/contracts';
import type { SettlementCheckDto, SettlementDto, SettlementTermsDto, ShareDto } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { pain001Violations, parsePain } from '../../services/src/payouts/sepa/pain001-rules.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, DATES, posted } from './support/members.js';
import { at, sepa, leaversOf2025, settlementsOf, statementPages } from './support/settlements.js';

/**
 * Issue 42: settling with those who leave (§ 73 GenG). The ends of 2025 (notice, partial termination, death) are
 * listed for 2025 with their deadline; the payout is recorded once per end, a death only with the heirs' account, a
 * correction reverses it; another cooperative's members never show; the roles are the dividend closure's.
 */
describe('settlements: the due list, the payout, the correction', () => {
  let t: TestApp;
  let exitId: string;
  let partialId: string;
  let deathId: string;
  let deceased: string;
  let transferred: string;
  const list = (token = t.adminToken, year = 2025): Promise<SettlementDto[]> => settlementsOf(t.http, token, year);
  /** Whether the deadline of a 12-month period (31.12.2026) has passed: overdue is today's, not a fixed year's. */
  const pastYearDeadline = businessToday() > '2026-12-31';

  beforeAll(async () => {
    t = await startApp();
    ({ exitId, partialId, deathId, deceased, transferred } = await leaversOf2025(t));
  });
  afterAll(async () => t.close());

  it('lists the ends of the year with holding, end date, deadline and the open dividend; no transfer', async () => {
    const rows = await list();
    expect(
      rows.map((r) => [
        r.id,
        r.name,
        r.reason,
        r.endDate,
        r.deadline,
        r.shares,
        r.holding,
        r.amount,
        r.status,
        r.dividendOpen,
        r.heirsAccountNeeded,
      ]),
    ).toEqual([
      [exitId, 'Geher', 'exit', '2025-12-31', '2026-06-30', 4, 100_000, 100_000, 'due', true, false],
      [partialId, 'Teilkündiger', 'partial', '2025-12-31', '2026-06-30', 2, 50_000, 50_000, 'due', true, false],
      [deathId, 'Verstorben', 'death', '2025-12-31', '2026-06-30', 2, 50_000, 50_000, 'due', true, true],
    ]);
    expect(rows.some((r) => r.memberId === transferred)).toBe(false);
    // Today (after 30.06.2026) they are overdue: the six months of § 73 (2) have passed.
    expect(rows.every((r) => r.overdue)).toBe(true);
    expect(await list(t.adminToken, 2024)).toEqual([]);
    // The dashboard counts them, all overdue.
    expect((await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body).toMatchObject({
      settlementsDue: 3,
      settlementsOverdue: 3,
    });
  });

  it("takes the cooperative's own period and the loss share the general meeting decided", async () => {
    const terms = await request(t.http)
      .put('/api/v1/settlements/terms')
      .set(auth(t.adminToken))
      .send({ payoutPeriodMonths: 12 })
      .expect(200);
    expect((terms.body as SettlementTermsDto).payoutPeriodMonths).toBe(12);
    const loss = await request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'percent', percent: '12,5', decisionDate: '2026-05-20' })
      .expect(200);
    expect((loss.body as SettlementTermsDto).lossShares).toEqual([
      { year: 2025, kind: 'percent', percent: '12.5', centsPerShare: null, decisionDate: '2026-05-20' },
    ]);
    const rows = await list();
    expect(rows.map((r) => [r.deadline, r.lossShare, r.amount, r.overdue])).toEqual([
      ['2026-12-31', 12_500, 87_500, pastYearDeadline],
      ['2026-12-31', 6_250, 43_750, pastYearDeadline],
      ['2026-12-31', 6_250, 43_750, pastYearDeadline],
    ]);
    const bad = await request(t.http)
      .put('/api/v1/settlements/loss-shares')
      .set(auth(t.adminToken))
      .send({ year: 2025, kind: 'percent', percent: '101', decisionDate: '2026-05-20' })
      .expect(400);
    expect(bad.body).toEqual({ errors: [{ field: 'percent', template: 'lossSharePercentInvalid', parameters: {} }] });
  });

  it("checks, refuses a death without the heirs' account, then records each end once", async () => {
    const check = (
      await request(t.http)
        .post('/api/v1/settlements/check')
        .set(auth(t.adminToken))
        .send({ ids: [exitId, partialId, deathId], payoutDate: '2026-06-15' })
        .expect(200)
    ).body as SettlementCheckDto;
    expect(check).toEqual({
      count: 2,
      sum: 131_250,
      refusals: [{ id: deathId, field: 'iban', template: 'heirsAccountMissing', parameters: [] }],
    });
    const refused = await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [exitId, deathId], payoutDate: '2026-06-15' })
      .expect(400);
    expect(refused.body).toEqual({
      errors: [{ field: `ids.${deathId}`, template: 'heirsAccountMissing', parameters: {} }],
    });
    expect((await list()).every((r) => r.status === 'due')).toBe(true);

    await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(t.adminToken))
      .send({ memberId: deceased, accountHolder: 'Erbengemeinschaft Verstorben', iban: 'DE02 1203 0000 0000 2020 51' })
      .expect(204);
    const paid = (
      await request(t.http)
        .post('/api/v1/settlements/pay')
        .set(auth(t.adminToken))
        .send({ ids: [exitId, deathId], payoutDate: '2026-06-15' })
        .expect(201)
    ).body as SettlementDto[];
    expect(paid.map((r) => [r.id, r.status, r.payoutDate, r.amount, r.paidBy, r.heirsAccount])).toEqual(
      expect.arrayContaining([
        [exitId, 'paid', '2026-06-15', 87_500, 'admin', false],
        [deathId, 'paid', '2026-06-15', 43_750, 'admin', true],
      ]),
    );
    const twice = await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [exitId], payoutDate: '2026-06-20' })
      .expect(409);
    expect(twice.body).toEqual({
      errors: [{ field: `ids.${exitId}`, template: 'settlementAlreadyPaid', parameters: { 0: '2026-06-15' } }],
    });
  });

  it("writes the SEPA file of the payout day by the dividend's rules: the heirs' account, sums to the cent, no purpose code", async () => {
    const res = await sepa(t.http, t.adminToken, 'year=2025&payoutDate=2026-06-15').expect(200);
    expect(res.headers['content-disposition']).toContain(
      'Auseinandersetzung-2025-2026-06-15-SEPA-Energiegenossenschaft-Musterstadt-eG.xml',
    );
    const doc = parsePain(res.body as string);
    expect(pain001Violations(doc)).toEqual([]);
    const block = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!;
    const transfers = block.children.filter((c) => c.name === 'CdtTrfTxInf');
    expect(
      transfers.map((x) => [
        at(x, 'Cdtr', 'Nm'),
        at(x, 'CdtrAcct', 'Id', 'IBAN'),
        Math.round(Number(at(x, 'Amt', 'InstdAmt')) * 100),
        at(x, 'Purp', 'Cd'),
      ]),
    ).toEqual([
      ['Anna Geher', 'DE89370400440532013000', 87_500, undefined],
      ['Erbengemeinschaft Verstorben', 'DE02120300000000202051', 43_750, undefined],
    ]);
    expect(at(transfers[1], 'RmtInf', 'Ustrd')).toMatch(
      /^Auseinandersetzungsguthaben GJ 2025 Mitgl-Nr \d+ an Erben Guthaben 500,00 Verlustanteil 62,50 Auszahlung 437,50$/,
    );
    const header = doc.children[0]!.children.find((c) => c.name === 'GrpHdr');
    expect([at(header, 'NbOfTxs'), Math.round(Number(at(header, 'CtrlSum')) * 100)]).toEqual(['2', 131_250]);
    expect(at(block, 'ReqdExctnDt', 'Dt')).toBe('2026-06-15' < businessToday() ? businessToday() : '2026-06-15');
    // Nothing recorded for another day: refused, never an empty file; the refusal names the day (stop 63).
    const none = await sepa(t.http, t.adminToken, 'year=2025&payoutDate=2026-06-16').expect(400);
    expect(JSON.parse(none.body as string)).toMatchObject({
      errors: [{ template: 'settlementNothingPaidOn', parameters: { 0: '2026-06-16' } }],
    });
  });

  it('gives the settlement statement of a recorded payout in German: holding, loss share, amount, account, payout day', async () => {
    const [page] = await statementPages(t.http, t.adminToken, deathId);
    const pairs = (label: string) => page![page!.indexOf(label) + 1];
    expect(page).toContain('Abrechnung Auseinandersetzungsguthaben');
    expect(page).toContain('Auseinandersetzungsguthaben zum 31.12.2025');
    expect([
      pairs('Grund des Ausscheidens'),
      pairs('Ausgebuchtes Geschäftsguthaben'),
      pairs('Anteil am Verlustvortrag'),
      pairs('Auseinandersetzungsguthaben'),
      pairs('Auszahlung am'),
    ]).toEqual(['Tod des Mitglieds (§ 77 GenG)', '500,00 EUR', '62,50 EUR', '437,50 EUR', '15.06.2026']);
    expect([pairs('Zahlung an die Erben'), pairs('IBAN')]).toEqual([
      'Erbengemeinschaft Verstorben',
      'DE02 1203 0000 0000 2020 51',
    ]);
    // The member's dashboard shows it.
    const own = (await request(t.http).get(`/api/v1/dashboard/member/${deceased}`).set(auth(t.adminToken)).expect(200))
      .body as { settlements: SettlementDto[] };
    expect(own.settlements.map((x) => [x.id, x.status, x.amount, x.payoutDate])).toEqual([
      [deathId, 'paid', 43_750, '2026-06-15'],
    ]);
    expect((await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body).toMatchObject({
      settlementsDue: 1,
      settlementsOverdue: pastYearDeadline ? 1 : 0,
    });
    // A due settlement has no statement yet.
    await request(t.http).get(`/api/v1/settlements/${partialId}/statement`).set(auth(t.adminToken)).expect(400);
  });

  it("shows the settlement on the member's statement of account: the credit booked out, the loss share deducted, the payout", async () => {
    const res = await request(t.http)
      .get(`/api/v1/pdf/member-statement-of-account?date=2026-06-30&member=${deceased}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const lines = (await pdfPages(res.body as Buffer)).flat();
    const after = (label: string): string | undefined => lines[lines.indexOf(label) + 1];
    expect(lines).toContain('Auseinandersetzung (§ 73 GenG)');
    expect([
      after('Auseinandersetzungsguthaben zum 31.12.2025 (Tod)'),
      after('abzüglich Anteil am Verlustvortrag'),
      after('Auszahlung am 15.06.2026 an die Erben'),
    ]).toEqual(['500,00 EUR', '-62,50 EUR', '437,50 EUR']);
    // As of a day before the payout it is not on the statement yet.
    const before = await request(t.http)
      .get(`/api/v1/pdf/member-statement-of-account?date=2026-06-14&member=${deceased}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((await pdfPages(before.body as Buffer)).flat()).not.toContain('Auseinandersetzung (§ 73 GenG)');
  });

  it('reverses a recorded settlement with a reason; it is due again', async () => {
    const noReason = await request(t.http)
      .post(`/api/v1/settlements/${exitId}/reverse`)
      .set(auth(t.adminToken))
      .send({ reason: ' ', date: '2026-06-20' })
      .expect(400);
    expect(noReason.body).toEqual({ errors: [{ field: 'reason', template: 'mustNotBeEmpty', parameters: {} }] });
    const row = (
      await request(t.http)
        .post(`/api/v1/settlements/${exitId}/reverse`)
        .set(auth(t.adminToken))
        .send({ reason: 'falsches Konto', date: '2026-06-20' })
        .expect(201)
    ).body as SettlementDto;
    expect(row).toMatchObject({ id: exitId, status: 'due', payoutDate: null, amount: 87_500 });
    const again = await request(t.http)
      .post(`/api/v1/settlements/${exitId}/reverse`)
      .set(auth(t.adminToken))
      .send({ reason: 'noch einmal', date: '2026-06-21' })
      .expect(400);
    expect(again.body).toEqual({ errors: [{ field: 'endBalanceId', template: 'settlementNotPaid', parameters: {} }] });
  });

  it("never shows nor pays another cooperative's members", async () => {
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'andere-eg' }))
      .expect(201);
    const other = await userWith(
      t.http,
      t.adminToken,
      'andere-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (created.body as { id: string }).id,
    );
    expect(await list(other.token)).toEqual([]);
    const check = (
      await request(t.http)
        .post('/api/v1/settlements/check')
        .set(auth(other.token))
        .send({ ids: [partialId], payoutDate: '2026-06-15' })
        .expect(200)
    ).body as SettlementCheckDto;
    expect(check).toEqual({
      count: 0,
      sum: 0,
      refusals: [{ id: partialId, field: 'ids', template: 'settlementEndUnknown', parameters: [] }],
    });
    await request(t.http)
      .post(`/api/v1/settlements/${deathId}/reverse`)
      .set(auth(other.token))
      .send({ reason: 'x', date: '2026-06-20' })
      .expect(400);
    await request(t.http)
      .post('/api/v1/settlements/heirs')
      .set(auth(other.token))
      .send({ memberId: deceased, accountHolder: 'X', iban: 'DE02120300000000202051' })
      .expect(400);
    expect((await list()).find((r) => r.id === deathId)).toMatchObject({ status: 'paid' });
  });

  it("gives the roles of the dividend's closure: a restricted user reads, but neither pays nor corrects", async () => {
    const restricted = await userWith(t.http, t.adminToken, 'nur-lesen', ['ROLE_RESTRICTED_USER']);
    expect((await list(restricted.token)).length).toBe(3);
    await request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(restricted.token))
      .send({ ids: [partialId], payoutDate: '2026-06-15' })
      .expect(403);
    await request(t.http)
      .post(`/api/v1/settlements/${deathId}/reverse`)
      .set(auth(restricted.token))
      .send({ reason: 'x', date: '2026-06-20' })
      .expect(403);
    await request(t.http)
      .put('/api/v1/settlements/terms')
      .set(auth(restricted.token))
      .send({ payoutPeriodMonths: 6 })
      .expect(403);
    const user = await userWith(t.http, t.adminToken, 'sachbearbeiter', ['ROLE_USER']);
    await request(t.http)
      .put('/api/v1/settlements/terms')
      .set(auth(user.token))
      .send({ payoutPeriodMonths: 6 })
      .expect(403);
    await request(t.http)
      .post('/api/v1/settlements/check')
      .set(auth(user.token))
      .send({ ids: [partialId], payoutDate: '2026-06-15' })
      .expect(200);
  });

  it('settles a leaver whose shares are paid in part on what was paid in, a payment before the end included (issue 45, decision 234)', async () => {
    // 3 shares (750 €), 300 € paid with the admission; notice for the end of 2024.
    const partly = await createMember(t.http, t.adminToken, { name: 'Teilzahler', shareAmount: 3, paid: 30_000 });
    const end = await posted(t.http, t.adminToken, { member: partly.id, type: 8, ...DATES, noticeDate: '2024-06-01' });
    const id = `${partly.id}.${end.id}`;
    expect((await list(t.adminToken, 2024)).map((r) => [r.id, r.shares, r.holding, r.amount])).toEqual([
      [id, 3, 30_000, 30_000],
    ]);
    // 100 € more paid before the end: they leave with it.
    await request(t.http)
      .post(`/api/v1/members/${partly.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: '2024-10-01', amount: 10_000, method: 'transfer' })
      .expect(201);
    expect((await list(t.adminToken, 2024)).map((r) => [r.id, r.holding, r.amount])).toEqual([[id, 40_000, 40_000]]);
    const check = (
      await request(t.http)
        .post('/api/v1/settlements/check')
        .set(auth(t.adminToken))
        .send({ ids: [id], payoutDate: '2026-06-15' })
        .expect(200)
    ).body as SettlementCheckDto;
    expect(check).toMatchObject({ count: 1, sum: 40_000 });
    // The register's row of the end takes out the 400 € paid in, not the 750 € subscribed.
    const row = (await request(t.http).get(`/api/v1/shares/${end.id}`).set(auth(t.adminToken)).expect(200))
      .body as ShareDto;
    expect([
      row.shareAmount,
      row.rueckpfleinzahlung,
      row.versions.map((v) => [v.rueckpfleinzahlung, v.effectiveDate]),
    ]).toEqual([
      -3,
      -40_000,
      [
        [-30_000, '2024-12-31'],
        [-40_000, '2024-12-31'],
      ],
    ]);
  });

  it('refuses hostile input before any work', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `m${i}.b${i}`);
    const tooMany = await request(t.http)
      .post('/api/v1/settlements/check')
      .set(auth(t.adminToken))
      .send({ ids: many, payoutDate: '2026-06-15' })
      .expect(400);
    expect(tooMany.body).toEqual({ errors: [{ field: 'ids', template: 'mustBeAtMost', parameters: { 0: '1000' } }] });
    await request(t.http).get('/api/v1/settlements?year=abc').set(auth(t.adminToken)).expect(400);
    const longReason = await request(t.http)
      .post(`/api/v1/settlements/${exitId}/reverse`)
      .set(auth(t.adminToken))
      .send({ reason: 'x'.repeat(501), date: '2026-06-20' })
      .expect(400);
    expect(longReason.body).toEqual({ errors: [{ field: 'reason', template: 'tooLong', parameters: { 0: '500' } }] });
  });
});
