import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { BalanceDto, MemberDto } from '@coop/contracts';
import { auth, validCooperative } from './app.js';

/** A complete, valid member body (a natural person of age, German address) for `POST /members`. */
export function validMember(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    memberType: 1,
    position: 0,
    salutation: 'Frau',
    postalSalutation: 'female',
    title: 'none',
    givenName: 'Anna',
    name: 'Müller',
    birthDate: '1980-04-12',
    legalForm: 0,
    civilStatus: 0,
    street: 'Lindenweg',
    streetHomeNumber: '7',
    zipCode: '12345',
    city: 'Musterstadt',
    state: 'by',
    isForeign: false,
    privateEmail: 'anna@example.org',
    bankname: 'Musterbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    entryDate: '2020-01-15',
    approvalDate: '2020-01-20',
    interestBegin: '2020-02-01',
    shareAmount: 4,
    ...overrides,
  };
}

/** Sets the cooperative's share price (cents) and minimum holding (shares). */
export async function setTerms(
  http: App,
  token: string,
  cooperativeId: string,
  balanceCost = 25000,
  minimumShares = 1,
): Promise<void> {
  const res = await request(http)
    .put(`/api/v1/cooperatives/${cooperativeId}`)
    .set(auth(token))
    .send(validCooperative({ balanceCost, minimumShares }));
  if (res.status !== 200) throw new Error(`set terms: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The cooperative's payment terms (issue 45): by default no instalments, reminders after 14 days, the dividend credited. */
export async function setPaymentTerms(
  http: App,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  const res = await request(http)
    .put('/api/v1/cooperative/payment-terms')
    .set(auth(token))
    .send({
      instalments: { allowed: false, maxCount: 1, rhythmMonths: 1, minFirstPerShare: 0 },
      reminderAfterDays: 14,
      creditDividendUntilPaid: true,
      creditorId: 'DE98ZZZ09999999999',
      ...overrides,
    });
  if (res.status !== 200) throw new Error(`set payment terms: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createMember(
  http: App,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<MemberDto> {
  const res = await request(http).post('/api/v1/members').set(auth(token)).send(validMember(overrides));
  if (res.status !== 201) throw new Error(`create member: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MemberDto;
}

export async function post(http: App, token: string, body: Record<string, unknown>): Promise<request.Response> {
  return request(http).post('/api/v1/balances').set(auth(token)).send(body);
}

export async function posted(http: App, token: string, body: Record<string, unknown>): Promise<BalanceDto> {
  const res = await post(http, token, body);
  if (res.status !== 201) throw new Error(`post balance: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BalanceDto;
}

export const DATES = { date: '2021-03-01', approvalDate: '2021-03-01', interestBegin: '2021-04-01' } as const;

export async function member(http: App, token: string, id: string, date?: string): Promise<MemberDto> {
  const res = await request(http)
    .get(`/api/v1/members/${id}${date ? `?date=${date}` : ''}`)
    .set(auth(token));
  if (res.status !== 200) throw new Error(`get member: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as MemberDto;
}
