import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DividendMemberDto, MemberDto } from '@coop/contracts';
import { auth } from './app.js';
import { createMember, posted } from './members.js';
import { THIS_YEAR } from './tax-papers.js';

/** The tax documents' API specs (tax-documents.e2e, tax-certificate-names.e2e): holders, PDFs and the figures shown. */
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
