/**
 * The data a browser test sets up through the API before it opens the console: the cooperative's terms and members.
 * The browser tests' counterpart of test/api/support (validCooperative, validMember), with the browser tests' own values.
 * A test passes only what differs from these defaults.
 */
import { expect } from '@jest/globals';
import type { Product } from './product.js';

type Body = Record<string, unknown>;

/** A write through the API that must succeed: its answer's body, or an error naming the path, status and body. */
export function apiOk(
  product: Product,
  token: string,
): (path: string, body: unknown, method?: string) => Promise<Record<string, unknown>> {
  return async (path, body, method = 'POST') => {
    const res = await product.api(path, { method, token, body });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
}

/** The cooperative's id, from the login token's payload. */
export function cooperativeIdOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cooperative as string;
}

/** A complete cooperative body for `PUT /cooperatives/:id`: "Test eG" in Berlin, 250,00 € a share, one share at least. */
export function cooperativeBody(overrides: Body = {}): Body {
  return {
    name: 'Test eG',
    fullName: 'Test Wohnungsgenossenschaft eG',
    address: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    email: 'info@test-eg.de',
    contactPerson: 'Erika Mustermann',
    url: 'https://test-eg.de',
    taxId: '1121081508150',
    taxOffice: 'Finanzamt Berlin-Mitte/Tiergarten',
    bankname: 'Testbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    balanceCost: 25000,
    minimumShares: 1,
    ...overrides,
  };
}

/** Saves the cooperative of the token's user (its share price, without which no member is admitted); expects 200. */
export async function setUpCooperative(product: Product, token: string, overrides: Body = {}): Promise<void> {
  const res = await product.api(`/cooperatives/${cooperativeIdOf(token)}`, {
    method: 'PUT',
    token,
    body: cooperativeBody(overrides),
  });
  expect(res.status).toBe(200);
}

/**
 * A complete member body for `POST /members`: Bernd Berger, a natural person of age in Berlin, member since 2020-01-01
 * with two shares. A key overridden with `undefined` is left out of the body (JSON drops it).
 */
export function memberBody(overrides: Body = {}): Body {
  return {
    memberType: 1,
    position: 0,
    salutation: 'Herr',
    postalSalutation: 'male',
    title: 'none',
    givenName: 'Bernd',
    name: 'Berger',
    birthDate: '1970-05-04',
    legalForm: 0,
    civilStatus: 0,
    street: 'Lindenweg',
    streetHomeNumber: '7',
    zipCode: '10115',
    city: 'Berlin',
    state: 'be',
    isForeign: false,
    bankname: 'Testbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    entryDate: '2020-01-01',
    approvalDate: '2020-01-01',
    interestBegin: '2020-01-01',
    shareAmount: 2,
    ...overrides,
  };
}

/** Creates a member (`memberBody(overrides)`) through the API; expects 201 with the member's name and answers its id. */
export async function seedMember(product: Product, token: string, overrides: Body = {}): Promise<string> {
  const body = memberBody(overrides);
  const res = await product.api('/members', { method: 'POST', token, body });
  expect([res.status, res.body]).toEqual([201, expect.objectContaining({ name: body.name })]);
  return (res.body as { id: string }).id;
}

/**
 * A member (`memberBody(overrides)`, two shares of 250,00 €) who gave notice on 15 January of `year`: the membership
 * ended at that year's end, and its settlement is due; expects 201. Answers the member and the settlement's id
 * (`<member>.<end>`).
 */
export async function seedLeaver(
  product: Product,
  token: string,
  year: number,
  overrides: Body = {},
): Promise<{ member: string; settlementId: string }> {
  const member = await seedMember(product, token, overrides);
  const body = { member, type: 8, date: '2021-03-01', approvalDate: '2021-03-01', interestBegin: '2021-04-01' };
  const exit = await product.api('/balances', {
    method: 'POST',
    token,
    body: { ...body, noticeDate: `${year}-01-15` },
  });
  expect(exit.status).toBe(201);
  return { member, settlementId: `${member}.${(exit.body as { id: string }).id}` };
}

/**
 * Records an original NV certificate (type 100) for `member` through the API, issued on 5 January of `year` and valid
 * from then to the end of the year after next; expects 201.
 */
export async function seedNonAssessment(
  product: Product,
  token: string,
  member: string,
  year: number,
  overrides: Body = {},
): Promise<void> {
  const res = await product.api('/nonassessments', {
    method: 'POST',
    token,
    body: {
      member,
      type: 100,
      orderNumber: '123/456/78901',
      date: `${year}-01-05`,
      taxAuthorities: 'Finanzamt Frankfurt am Main',
      startDate: `${year}-01-01`,
      endDate: `${year + 2}-12-31`,
      original: true,
      ...overrides,
    },
  });
  expect([res.status, res.body]).toEqual([201, expect.anything()]);
}
