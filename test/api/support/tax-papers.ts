import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { ExemptionOrderDto, MemberDto, NonAssessmentDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './app.js';
import { createMember, setTerms } from './members.js';

/** The business year (Europe/Berlin) the server checks year choices against. */
export const THIS_YEAR = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date()),
);

/** A valid single exemption order body for `member` (2023, 500 €). */
export function validOrder(member: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    member,
    type: 0,
    joint: false,
    spouse: null,
    amount: 50_000,
    date: '2023-01-02',
    startDate: '2023-01-01',
    endDate: '2023-12-31',
    ...overrides,
  };
}

/** A valid non-assessment body for `member`: this year, type 100. */
export function validNonAssessment(member: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    member,
    type: 100,
    orderNumber: '123/456/78901',
    date: `${THIS_YEAR}-01-05`,
    taxAuthorities: 'Finanzamt Musterstadt',
    startDate: `${THIS_YEAR}-01-01`,
    endDate: `${THIS_YEAR}-12-31`,
    original: true,
    ...overrides,
  };
}

export async function postOrder(http: App, token: string, body: Record<string, unknown>): Promise<request.Response> {
  return request(http).post('/api/v1/exemptionorders').set(auth(token)).send(body);
}

export async function createOrder(http: App, token: string, body: Record<string, unknown>): Promise<ExemptionOrderDto> {
  const res = await postOrder(http, token, body);
  if (res.status !== 201) throw new Error(`create exemption order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ExemptionOrderDto;
}

export async function postNonAssessment(
  http: App,
  token: string,
  body: Record<string, unknown>,
): Promise<request.Response> {
  return request(http).post('/api/v1/nonassessments').set(auth(token)).send(body);
}

export async function createNonAssessment(
  http: App,
  token: string,
  body: Record<string, unknown>,
): Promise<NonAssessmentDto> {
  const res = await postNonAssessment(http, token, body);
  if (res.status !== 201) throw new Error(`create non-assessment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as NonAssessmentDto;
}

/** The app the tax-paper specs share the shape of: its own server, and who they act as or on. */
export interface TaxPapersApp {
  readonly t: TestApp;
  /** Anna and Bernd Steuer, married, Bernd's master data naming Anna as his spouse. */
  readonly anna: MemberDto;
  readonly bernd: MemberDto;
  /** The token of an admin of another cooperative. */
  readonly otherAdmin: string;
  /** The token of a restricted user (ROLE_RESTRICTED_USER) of the admin's cooperative. */
  readonly restricted: string;
}

/** Starts an app with share terms (250 EUR, minimum 1), the couple, another cooperative's admin and a restricted user. */
export async function startTaxPapersApp(): Promise<TaxPapersApp> {
  const t = await startApp();
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  const anna = await createMember(t.http, t.adminToken, { name: 'Steuer', givenName: 'Anna', civilStatus: 1 });
  const bernd = await createMember(t.http, t.adminToken, {
    name: 'Steuer',
    givenName: 'Bernd',
    civilStatus: 1,
    spouse: anna.id,
  });
  const coop = await request(t.http)
    .post('/api/v1/cooperatives')
    .set(auth(t.adminToken))
    .send(validCooperative({ name: 'tax-other-eg' }));
  const otherAdmin = (
    await userWith(
      t.http,
      t.adminToken,
      'tax-other-admin',
      ['ROLE_ADMIN', 'ROLE_USER'],
      (coop.body as { id: string }).id,
    )
  ).token;
  const restricted = (await userWith(t.http, t.adminToken, 'tax-restricted', ['ROLE_RESTRICTED_USER'])).token;
  return { t, anna, bernd, otherAdmin, restricted };
}
