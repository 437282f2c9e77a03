import request from 'supertest';
import type { App } from 'supertest/types.js';
import { businessToday, type DividendMemberDto, type MemberDto } from '@coop/contracts';
import { auth, validCooperative } from './app.js';
import { createMember, posted, validMember } from './members.js';
import { createNonAssessment, createOrder, THIS_YEAR, validNonAssessment } from './tax-papers.js';

/*
 * The dividend's API specs (dividend.e2e, dividend-refusals.e2e): the years, the closure's parameters and requests, and
 * the members reproducing DOMAIN.md's worked examples.
 *
 * Figures: a share costs 10 cents and the dividend is 10 %, so a holding of 10 × the gross gives the gross of the
 * example; the members' shares bear dividend from 1 January of last year (a whole year, 30E/360).
 */
export const LAST = THIS_YEAR - 1;
export const EARLIER = THIS_YEAR - 2;
export const DECISION = `${THIS_YEAR}-01-10`;
export const PAYMENT = `${THIS_YEAR}-01-15`;
/** The day a SEPA file asks for: PAYMENT, or today once it has passed (decision 410). */
export const EXECUTION = PAYMENT < businessToday() ? businessToday() : PAYMENT;
/** The check's notice of a payment day moved to today (decision 410), none while PAYMENT is ahead. */
export const MOVED =
  EXECUTION === PAYMENT
    ? []
    : [{ field: null, template: 'sepaExecutionMoved', parameters: { 0: PAYMENT, 1: EXECUTION } }];
export const ORDER_DATES = {
  date: `${THIS_YEAR}-01-02`,
  startDate: `${THIS_YEAR}-01-01`,
  endDate: `${THIS_YEAR}-12-31`,
};
export const params = (year: number, extra: Record<string, string> = {}): Record<string, string> => ({
  year: String(year),
  type: 'percent',
  amount: '10',
  decision_date: DECISION,
  payment_date: PAYMENT,
  ...extra,
});
export const TAX_IDS = [
  '86095742719',
  '47036892816',
  '65929970489',
  '57549285017',
  '25768131411',
  '12345678911',
  '98765432198',
];

export const calc = (http: App, token: string, query: Record<string, string>): request.Test =>
  request(http).get('/api/v1/dividend/calc').query(query).set(auth(token));
export const store = (http: App, token: string, body: Record<string, string>): request.Test =>
  request(http).post('/api/v1/dividend/store').set(auth(token)).send(body);
export const templates = (res: request.Response): [string | null, string, Record<string, string>][] =>
  (res.body as { errors: { field: string | null; template: string; parameters: Record<string, string> }[] }).errors.map(
    (e) => [e.field, e.template, e.parameters],
  );

/** A member holding `euros` × 10 of shares from 1 January of last year (a gross of `euros` at 10 %). */
export async function holder(
  http: App,
  token: string,
  grossCents: number,
  overrides: Record<string, unknown> = {},
): Promise<MemberDto> {
  return createMember(http, token, {
    entryDate: `${LAST}-01-01`,
    approvalDate: `${LAST}-01-01`,
    interestBegin: `${LAST}-01-01`,
    shareAmount: grossCents,
    ...overrides,
  });
}

export const figures = (m: DividendMemberDto | undefined) =>
  m
    ? [m.dividend, m.exemptions, m.taxRelevantAmount, m.dividendTax, m.solidarityTax, m.churchTax, m.paymentAmount]
    : null;

/**
 * The cooperative's terms (a share of 10 cents) and the members of the worked examples WE-1 to WE-9, with their
 * orders and certificates, keyed `we1` … `we9` (`we5h`, `we5w` for the spouses of WE-5).
 */
export async function workedExamples(
  http: App,
  token: string,
  cooperativeId: string,
): Promise<Record<string, MemberDto>> {
  const m: Record<string, MemberDto> = {};
  const terms = await request(http)
    .put(`/api/v1/cooperatives/${cooperativeId}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost: 10, minimumShares: 1 }));
  expect(terms.status).toBe(200);
  // WE-1: no order, no church tax, 123.45.
  m.we1 = await holder(http, token, 12_345, { name: 'Eins', manualTaxId: TAX_IDS[0] });
  // WE-2: church tax 9 % (NRW), 1,000.00.
  m.we2 = await holder(http, token, 100_000, { name: 'Zwei', state: 'nw', churchId: 'ev', churchTaxRate: '9' });
  // WE-3: church tax 8 % (Bavaria), 1,000.00.
  m.we3 = await holder(http, token, 100_000, { name: 'Drei', state: 'by', churchId: 'rk', churchTaxRate: '8' });
  // WE-4: a 300 € order, 500.00.
  m.we4 = await holder(http, token, 50_000, { name: 'Vier', manualTaxId: TAX_IDS[1] });
  await createOrder(http, token, {
    member: m.we4.id,
    type: 0,
    joint: false,
    spouse: null,
    amount: 30_000,
    ...ORDER_DATES,
  });
  // WE-5: a joint 600 € order of spouses H (450.00, paid first: the lower member number) and W (250.00).
  m.we5h = await holder(http, token, 45_000, {
    name: 'Fünf',
    givenName: 'Hans',
    civilStatus: 1,
    manualTaxId: TAX_IDS[2],
  });
  m.we5w = await holder(http, token, 25_000, {
    name: 'Fünf',
    givenName: 'Wera',
    civilStatus: 1,
    manualTaxId: TAX_IDS[3],
    spouse: m.we5h.id,
    spouseTaxId: TAX_IDS[2],
  });
  const linked = await request(http)
    .put(`/api/v1/members/${m.we5h.id}`)
    .set(auth(token))
    .send(
      validMember({
        name: 'Fünf',
        givenName: 'Hans',
        civilStatus: 1,
        manualTaxId: TAX_IDS[2],
        spouse: m.we5w.id,
        spouseTaxId: TAX_IDS[3],
        entryDate: `${LAST}-01-01`,
        approvalDate: `${LAST}-01-01`,
        interestBegin: `${LAST}-01-01`,
      }),
    );
  expect(linked.status).toBe(200);
  await createOrder(http, token, {
    member: m.we5h.id,
    type: 0,
    joint: true,
    spouse: m.we5w.id,
    amount: 60_000,
    ...ORDER_DATES,
  });
  // WE-6: a non-assessment certificate (type 100), 800.00; a natural person's NV is reported by tax id (issue 43).
  m.we6 = await holder(http, token, 80_000, { name: 'Sechs', manualTaxId: '51234568505' });
  await createNonAssessment(http, token, validNonAssessment(m.we6.id, { type: 100 }));
  // WE-7: a GmbH, 1,234.56.
  const firm = {
    legalForm: 1,
    postalSalutation: 'company',
    salutation: null,
    givenName: null,
    birthDate: null,
    civilStatus: null,
  };
  m.we7 = await holder(http, token, 123_456, { name: 'Sieben GmbH', ...firm });
  // WE-8: a tax-exempt body with a § 44a Abs. 8 certificate (type 60), 1,000.00.
  m.we8 = await holder(http, token, 100_000, { name: 'Acht Verband', ...firm });
  await createNonAssessment(http, token, validNonAssessment(m.we8.id, { type: 60 }));
  // WE-9: a 200 € order, church tax 9 %; 140.00 of the order used by an earlier payout this year, then 180.00.
  m.we9 = await holder(http, token, 14_000, {
    name: 'Neun',
    state: 'he',
    churchId: 'lt',
    churchTaxRate: '9',
    manualTaxId: TAX_IDS[4],
    entryDate: `${EARLIER - 1}-01-01`,
    approvalDate: `${EARLIER - 1}-01-01`,
    interestBegin: `${EARLIER - 1}-01-01`,
  });
  await posted(http, token, {
    member: m.we9.id,
    type: 1,
    amount: 40_000,
    quantity: 4_000,
    date: `${LAST}-01-01`,
    approvalDate: `${LAST}-01-01`,
    interestBegin: `${LAST}-01-01`,
  });
  await createOrder(http, token, {
    member: m.we9.id,
    type: 0,
    joint: false,
    spouse: null,
    amount: 20_000,
    ...ORDER_DATES,
  });
  return m;
}
