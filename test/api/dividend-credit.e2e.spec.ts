import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  memberStream,
  type DividendDto,
  type DividendMemberDto,
  type MemberDto,
  type ShareDueDto,
} from '@coop/contracts';
import { parsePain, pain001Violations, type XmlNode } from '../../services/src/payouts/sepa/pain001-rules.js';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import { THIS_YEAR } from './support/tax-papers.js';
import { MOVED, PAYMENT } from './support/dividend.js';

/*
 * The dividend credited to the Geschäftsguthaben (issue 45; § 19 Abs. 1 GenG, DOMAIN.md 1.6) through the API, one app:
 * three members hold a subscription of 200 € bearing dividend from the start of the year before last; one owes 10 € of
 * it, one owes all of it, one paid it. With the statutes' word `creditDividendUntilPaid` false the year before last is
 * closed and everybody is paid; with the default (true) last year is closed: the one owing 10 € gets 10 € credited and
 * the rest paid, the one owing everything gets the whole net credited and is not in the SEPA file, the one who paid is
 * paid as before. The taxes are the same in both closures; the outstanding falls by the credit; the file's sums follow.
 */
const LAST = THIS_YEAR - 1;
const EARLIER = THIS_YEAR - 2;
const SUBSCRIPTION = 20_000;
const dates = { entryDate: `${EARLIER}-01-01`, approvalDate: `${EARLIER}-01-01`, interestBegin: `${EARLIER}-01-01` };
const closureOf = (year: number) => ({
  year: String(year),
  type: 'percent',
  amount: '10',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: PAYMENT,
});
const terms = (creditDividendUntilPaid: boolean) => ({
  instalments: { allowed: false, maxCount: 1, rhythmMonths: 1, minFirstPerShare: 0 },
  reminderAfterDays: 14,
  creditDividendUntilPaid,
  creditorId: null,
});

const text = (res: request.Response, cb: (err: Error | null, body: string) => void): void => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (body += chunk));
  res.on('end', () => cb(null, body));
};
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const at = (node: XmlNode | undefined, ...path: string[]): string | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node)?.text;
const cents = (amount: string | undefined): number => Math.round(Number(amount) * 100);
const eur = (c: number): string => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;

/** A member with a subscription of SUBSCRIPTION cents of which `paid` was paid (the register's payment corrected). */
async function subscriber(
  http: App,
  token: string,
  name: string,
  paid: number,
): Promise<{ member: MemberDto; balanceId: string }> {
  // The initial subscription: SUBSCRIPTION cents at 10 cents a share.
  const member = await createMember(http, token, { ...dates, name, shareAmount: SUBSCRIPTION / 10 });
  const initial = (
    await request(http).get(`/api/v1/balances?filter=member:${member.id},type:0`).set(auth(token)).expect(200)
  ).body as { id: string }[];
  const balanceId = initial[0]!.id;
  if (paid < SUBSCRIPTION)
    await request(http)
      .put(`/api/v1/shares/${balanceId}`)
      .set(auth(token))
      .send({ rueckpfleinzahlung: paid })
      .expect(200);
  return { member, balanceId };
}

async function close(http: App, token: string, year: number): Promise<DividendDto> {
  const res = await request(http).post('/api/v1/dividend/store').set(auth(token)).send(closureOf(year));
  if (res.status !== 201) throw new Error(`closure ${year}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as DividendDto;
}

describe('dividend: credited to the Geschäftsguthaben while the shares are not fully paid', () => {
  let t: TestApp;
  let before: DividendDto;
  let closure: DividendDto;
  /** What the member owing 10 € owed between the two closures. */
  let owedBetween = -1;
  /** The calculation of last year before its closure (its preview of the credit). */
  let preview: DividendDto;
  const m: Record<'owing' | 'unpaid' | 'paid', { member: MemberDto; balanceId: string }> = {} as never;
  const outstanding = async (who: keyof typeof m): Promise<number> => {
    const dues = (
      await request(t.http).get(`/api/v1/members/${m[who].member.id}/share-dues`).set(auth(t.adminToken)).expect(200)
    ).body as ShareDueDto[];
    return dues.reduce((sum, d) => sum + d.outstanding, 0);
  };
  const result = (c: DividendDto, who: keyof typeof m): DividendMemberDto =>
    c.members.find((r) => r.member === m[who].member.id)!;

  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    m.owing = await subscriber(t.http, t.adminToken, 'Teilweise', SUBSCRIPTION - 1_000);
    m.unpaid = await subscriber(t.http, t.adminToken, 'Offen', SUBSCRIPTION / 2);
    m.paid = await subscriber(t.http, t.adminToken, 'Bezahlt', SUBSCRIPTION);
    // The statutes say otherwise (§ 19 (2) GenG): the year before last is paid out whole.
    await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send(terms(false))
      .expect(200);
    before = await close(t.http, t.adminToken, EARLIER);
    owedBetween = await outstanding('owing');
    await request(t.http)
      .put('/api/v1/cooperative/payment-terms')
      .set(auth(t.adminToken))
      .send(terms(true))
      .expect(200);
    const params = new URLSearchParams(closureOf(LAST)).toString();
    preview = (await request(t.http).get(`/api/v1/dividend/calc?${params}`).set(auth(t.adminToken)).expect(200))
      .body as DividendDto;
    closure = await close(t.http, t.adminToken, LAST);
  }, 90_000);
  afterAll(async () => t.close());

  it('with creditDividendUntilPaid false, pays everybody the whole net and credits nothing', async () => {
    expect(before.members.map((r) => [r.creditedAmount, r.paymentAmount === r.netAmount])).toEqual([
      [0, true],
      [0, true],
      [0, true],
    ]);
    expect([before.creditedAmount, before.paymentAmount]).toEqual([0, before.netAmount]);
    expect(owedBetween).toBe(1_000);
  });

  it('credits the net up to what is owed, pays the rest; the taxes are those of the closure without credit', async () => {
    const owing = result(closure, 'owing');
    const unpaid = result(closure, 'unpaid');
    const paid = result(closure, 'paid');
    // 10 % of the Geschäftsguthaben paid in (decision 236: the register's corrected payment): 190 €, 100 € and 200 €.
    // 19 € gross, KapESt 4,75 €, Soli 0,26 €, net 13,99 €; 10 €, 2,50 €, 0,13 €, 7,37 €; 20 €, 5 €, 0,27 €, 14,73 €.
    expect(
      [owing, unpaid, paid].map((r) => [r.dividend, r.dividendTax, r.solidarityTax, r.churchTax, r.netAmount]),
    ).toEqual([
      [1_900, 475, 26, 0, 1_399],
      [1_000, 250, 13, 0, 737],
      [2_000, 500, 27, 0, 1_473],
    ]);
    for (const who of ['owing', 'unpaid', 'paid'] as const)
      expect(result(closure, who).taxes).toBe(result(before, who).taxes);
    expect([owing.creditedAmount, owing.paymentAmount, owing.payment]).toEqual([1_000, 399, 399]);
    expect([unpaid.creditedAmount, unpaid.paymentAmount]).toEqual([737, 0]);
    expect([paid.creditedAmount, paid.paymentAmount]).toEqual([0, 1_473]);
    const net = 1_399 + 737 + 1_473;
    const read = (await request(t.http).get(`/api/v1/dividend/${closure.id}`).set(auth(t.adminToken)).expect(200))
      .body as DividendDto;
    expect([read.status, read.netAmount, read.creditedAmount, read.paymentAmount]).toEqual([
      'closed',
      net,
      1_737,
      net - 1_737,
    ]);
    // The calculation before showed the same credit (from share_dues; the closure decided it from the member streams).
    expect([
      preview.creditedAmount,
      preview.paymentAmount,
      result(preview, 'owing').creditedAmount,
      result(preview, 'unpaid').paymentAmount,
    ]).toEqual([1_737, net - 1_737, 1_000, 0]);
  });

  it('books the credit on the member stream (SharePaymentReceived, dividendCredit) and the outstanding falls by it', async () => {
    expect(await outstanding('owing')).toBe(0);
    expect(await outstanding('unpaid')).toBe(SUBSCRIPTION / 2 - 737);
    expect(await outstanding('paid')).toBe(0);
    const events = await t.running.storage.events.readStream(memberStream(m.unpaid.member.id));
    const credits = events.filter((e) => e.type === 'SharePaymentReceived').map((e) => e.data);
    expect(credits).toEqual([
      {
        memberId: m.unpaid.member.id,
        balanceId: m.unpaid.balanceId,
        paymentId: `dividend-${closure.id}-${m.unpaid.balanceId}`,
        date: `${THIS_YEAR}-01-15`,
        amount: 737,
        method: 'dividendCredit',
        reference: String(LAST),
        collectionId: null,
        statementId: null,
      },
    ]);
  });

  it('pays in the SEPA file only what was not credited: the member credited whole is left out, the sums follow', async () => {
    const check = (
      await request(t.http).get(`/api/v1/dividend/sepa/${closure.id}/check`).set(auth(t.adminToken)).expect(200)
    ).body as { transfers: number; controlSum: number; errors: unknown[] };
    expect(check).toEqual({ transfers: 2, controlSum: 399 + 1_473, errors: [], notices: MOVED });
    const doc = parsePain(
      (
        await request(t.http)
          .get(`/api/v1/dividend/sepa/${closure.id}`)
          .set(auth(t.adminToken))
          .buffer(true)
          .parse(text)
          .expect(200)
      ).body as string,
    );
    expect(pain001Violations(doc)).toEqual([]);
    const header = doc.children[0]!.children.find((c) => c.name === 'GrpHdr');
    const block = doc.children[0]!.children.find((c) => c.name === 'PmtInf')!;
    expect([
      at(header, 'NbOfTxs'),
      cents(at(header, 'CtrlSum')),
      at(block, 'NbOfTxs'),
      cents(at(block, 'CtrlSum')),
    ]).toEqual(['2', 1_872, '2', 1_872]);
    const transfers = block.children.filter((c) => c.name === 'CdtTrfTxInf');
    const owing = result(closure, 'owing');
    const paid = result(closure, 'paid');
    expect(transfers.map((x) => [at(x, 'PmtId', 'EndToEndId'), cents(at(x, 'Amt', 'InstdAmt'))])).toEqual([
      [`DIV${LAST}-M${owing.memberNr}`, 399],
      [`DIV${LAST}-M${paid.memberNr}`, 1_473],
    ]);
    expect(at(transfers[0], 'RmtInf', 'Ustrd')).toBe(
      `Dividende GJ ${LAST} Mitgl-Nr ${owing.memberNr} brutto 19,00 KapESt 4,75 SolZ 0,26 KiSt 0,00 netto 13,99 GG-Gutschrift 10,00`,
    );
    expect(at(transfers[1], 'RmtInf', 'Ustrd')).toBe(
      `Dividende GJ ${LAST} Mitgl-Nr ${paid.memberNr} brutto 20,00 KapESt 5,00 SolZ 0,27 KiSt 0,00 netto 14,73`,
    );
  });

  it('states the credit on the tax certificate beside the capital income as before; none on a member not credited', async () => {
    const certificate = async (who: keyof typeof m): Promise<string> => {
      const res = await request(t.http)
        .get(`/api/v1/dividend/tax-pdf/${closure.id}?member=${m[who].member.id}`)
        .set(auth(t.adminToken))
        .buffer(true)
        .parse(binary)
        .expect(200);
      return (await pdfPages(res.body as Buffer)).flat().join(' ').replace(/\s+/g, ' ');
    };
    const owing = await certificate('owing');
    expect(owing).toContain(`${eur(1_900)} EUR`);
    expect(owing).toContain(
      `Von der Dividende nach Steuerabzug (${eur(1_399)} EUR) wurden ${eur(1_000)} EUR Ihrem Geschäftsguthaben gutgeschrieben`,
    );
    expect(owing).toContain(`ausgezahlt wurden ${eur(399)} EUR`);
    expect(await certificate('paid')).not.toContain('gutgeschrieben');
  });

  it('bears dividend on the Geschäftsguthaben paid in only: what was paid when posted, a later payment from its interest begin (decision 233)', async () => {
    // This year (after the closures), on its first day so that no date is still to come, on 1 January too: 200 €
    // subscribed bearing from 1 Jan, 50 € paid with it; then 100 € paid as a payment of its own (nextMonth: from 1 Feb).
    const first = `${THIS_YEAR}-01-01`;
    const year = { entryDate: first, approvalDate: first, interestBegin: first };
    const member = await createMember(t.http, t.adminToken, {
      ...year,
      name: 'Anteilig',
      shareAmount: SUBSCRIPTION / 10,
      paid: 5_000,
    });
    await request(t.http)
      .post(`/api/v1/members/${member.id}/share-payments`)
      .set(auth(t.adminToken))
      .send({ date: first, amount: 10_000, method: 'transfer' })
      .expect(201);
    const params = new URLSearchParams(closureOf(THIS_YEAR)).toString();
    const calc = (await request(t.http).get(`/api/v1/dividend/calc?${params}`).set(auth(t.adminToken)).expect(200))
      .body as DividendDto;
    // 10 %, 30E/360: 50 € × 360/360 + 100 € × 330/360 = 14,1666 € (cut to the cent), not 200 € (20 €) nor the 150 € paid
    // from the subscription's interest begin (15 €).
    expect(calc.members.find((r) => r.member === member.id)?.dividend).toBe(1_416);
  });

  it('refuses another cooperative the closure (404)', async () => {
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'credit-other-eg' }));
    const other = (
      await userWith(
        t.http,
        t.adminToken,
        'credit-other-admin',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (coop.body as { id: string }).id,
      )
    ).token;
    await request(t.http).get(`/api/v1/dividend/${closure.id}`).set(auth(other)).expect(404);
    await request(t.http).get(`/api/v1/dividend/sepa/${closure.id}/check`).set(auth(other)).expect(404);
  });
});
