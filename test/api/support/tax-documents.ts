import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  taxCertificatesStream,
  type DividendDto,
  type DividendMemberDto,
  type MemberDto,
  type TaxCertificateIssued,
} from '@coop/contracts';
import { auth, validCooperative, type TestApp } from './app.js';
import { createMember, posted, setTerms } from './members.js';
import { diedAndSettled } from './settlements.js';
import { createOrder, THIS_YEAR } from './tax-papers.js';

/** The tax documents' API specs (tax-documents.e2e.spec.ts): holders, PDFs and the figures shown. */
export const LAST = THIS_YEAR - 1;
export const PAYMENT = `${THIS_YEAR}-01-15`;
export const ORDER_DATES = {
  date: `${THIS_YEAR}-01-02`,
  startDate: `${THIS_YEAR}-01-01`,
  endDate: `${THIS_YEAR}-12-31`,
};

export const eur = (cents: number): string =>
  `${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')} EUR`;
export const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
export const pdf = (http: App, token: string, path: string): request.Test =>
  request(http).get(path).set(auth(token)).buffer(true).parse(binary);

export async function holder(
  http: App,
  token: string,
  grossCents: number,
  overrides: Record<string, unknown>,
): Promise<MemberDto> {
  const m = await createMember(http, token, {
    entryDate: `${LAST}-01-01`,
    approvalDate: `${LAST}-01-01`,
    interestBegin: `${LAST}-01-01`,
    ...overrides,
  });
  await posted(http, token, {
    member: m.id,
    type: 1,
    amount: grossCents * 10,
    quantity: grossCents,
    date: `${LAST}-01-01`,
    approvalDate: `${LAST}-01-01`,
    interestBegin: `${LAST}-01-01`,
  });
  return m;
}

/** The figures a certificate must show for a member, as the closure recorded them. */
export const expectedLines = (m: DividendMemberDto): string[] => [
  eur(m.dividend),
  eur(m.exemptions),
  eur(m.dividendTax),
  eur(m.solidarityTax),
  eur(m.churchTax),
];

/**
 * Shares of 10 cents; three holders (plain, with church tax in Bavaria, with an exemption order of 200 €) and last
 * year's closure at 10 %, with its three members.
 */
export async function closedWithThreeHolders(
  t: TestApp,
): Promise<{ closure: DividendDto; m: Record<string, MemberDto> }> {
  const m: Record<string, MemberDto> = {};
  const terms = await request(t.http)
    .put(`/api/v1/cooperatives/${t.cooperativeId}`)
    .set(auth(t.adminToken))
    .send(validCooperative({ balanceCost: 10, minimumShares: 1 }));
  expect(terms.status).toBe(200);
  m.plain = await holder(t.http, t.adminToken, 12_345, {
    name: 'Eins',
    givenName: 'Jürgen',
    street: 'Hauptstraße',
    streetHomeNumber: '1a',
    zipCode: '10115',
    city: 'Berlin',
  });
  m.church = await holder(t.http, t.adminToken, 100_000, {
    name: 'Weiß',
    givenName: 'Anna',
    state: 'by',
    churchId: 'rk',
    churchTaxRate: '8',
  });
  m.order = await holder(t.http, t.adminToken, 50_000, {
    name: 'Drei',
    givenName: 'Olaf',
    manualTaxId: '86095742719',
  });
  await createOrder(t.http, t.adminToken, {
    member: m.order.id,
    type: 0,
    joint: false,
    spouse: null,
    amount: 20_000,
    ...ORDER_DATES,
  });
  const res = await request(t.http)
    .post('/api/v1/dividend/store')
    .set(auth(t.adminToken))
    .send({
      year: String(LAST),
      type: 'percent',
      amount: '10',
      decision_date: `${THIS_YEAR}-01-10`,
      payment_date: PAYMENT,
    });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const closure = res.body as DividendDto;
  expect(closure.members).toHaveLength(3);
  return { closure, m };
}

/**
 * A closure with three holders whose church member got its certificate, and the requests of the correction specs: a
 * correction with its reason (the PDF as bytes), the issues of the closure's certificate register, and a move of the
 * member to another street (its master data changed, the certificate's facts with it).
 */
export async function correctionWalk(t: TestApp): Promise<{
  closure: DividendDto;
  member: MemberDto;
  correct: (reason: string) => request.Test;
  issues: () => Promise<TaxCertificateIssued['data'][]>;
  moveTo: (street: string) => Promise<void>;
}> {
  const closed = await closedWithThreeHolders(t);
  const closure = closed.closure;
  const member = closed.m.church!;
  await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}?member=${member.id}`).expect(200);
  return {
    closure,
    member,
    correct: (reason) =>
      request(t.http)
        .post(`/api/v1/dividend/tax-pdf/${closure.id}/corrections`)
        .set(auth(t.adminToken))
        .send({ member: member.id, reason })
        .buffer(true)
        .parse(binary),
    issues: async () =>
      (await t.running.storage.events.readStream(taxCertificatesStream(closure.id!))).map(
        (e) => e.data as TaxCertificateIssued['data'],
      ),
    moveTo: async (street) => {
      const current = (await request(t.http).get(`/api/v1/members/${member.id}`).set(auth(t.adminToken)))
        .body as object;
      await request(t.http)
        .put(`/api/v1/members/${member.id}`)
        .set(auth(t.adminToken))
        .send({ ...current, street, streetHomeNumber: '5' })
        .expect(200);
    },
  };
}

/** Members since 2005, so that one who died in 2012 is due for the clean-up today. */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

/**
 * A 2010 closure (paid 15.05.2011) of `Vergessen, Veronika`, who got her certificate and was then erased by the
 * clean-up (died 2012, settled 2013), and of the members `others` names, who stay.
 */
export async function closureWithErasedMember(
  t: TestApp,
  others: readonly { name: string; givenName: string }[] = [],
): Promise<{ closure: DividendDto; gone: MemberDto; stay: MemberDto[] }> {
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  const gone = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Vergessen', givenName: 'Veronika' });
  const stay: MemberDto[] = [];
  for (const other of others) stay.push(await createMember(t.http, t.adminToken, { ...LONG_AGO, ...other }));
  const res = await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send({
    year: '2010',
    type: 'percent',
    amount: '4',
    decision_date: '2011-05-10',
    payment_date: '2011-05-15',
  });
  if (res.status !== 201) throw new Error(`closure: ${res.status} ${JSON.stringify(res.body)}`);
  const closure = res.body as DividendDto;
  await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}?member=${gone.id}`).expect(200);
  // Died in 2012, settled in 2013: due for erasure since 1 January 2024.
  await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
  const clean = await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
  if ((clean.body as { count: number }).count !== 1) throw new Error(`clean-up erased ${JSON.stringify(clean.body)}`);
  return { closure, gone, stay };
}
