import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { SettlementDto } from '@coop/contracts';
import { auth, type TestApp } from './app.js';
import { createMember, DATES, posted, setPaymentTerms, setTerms } from './members.js';
import { pdfPages } from '../../../services/src/platform/pdf/pdf-text.js';
import { textAt, textGet } from './downloads.js';

/** The settlements' API spec (settlements.e2e): the ends of 2025 it settles, its lists and the SEPA file read back. */
export const sepa = (http: App, token: string, query: string): request.Test =>
  textGet(http, token, `/api/v1/settlements/sepa?${query}`);
export const at = textAt;

/** The pages of a paid settlement's statement (`GET /settlements/{id}/statement`, expects 200 and a PDF), as text items. */
export async function statementPages(http: App, token: string, id: string): Promise<string[][]> {
  const res = await request(http)
    .get(`/api/v1/settlements/${id}/statement`)
    .set(auth(token))
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfPages(res.body as Buffer);
}

/** The due list of `year`, empty when the API answers 204. */
export async function settlementsOf(http: App, token: string, year: number): Promise<SettlementDto[]> {
  const res = await request(http).get(`/api/v1/settlements?year=${year}`).set(auth(token));
  if (res.status === 204) return [];
  expect(res.status).toBe(200);
  return res.body as SettlementDto[];
}

/** The ends to settle, as `<member id>.<posting id>`, and the members of a death and of a transfer. */
export interface Leavers {
  exitId: string;
  partialId: string;
  deathId: string;
  deceased: string;
  transferred: string;
}

/**
 * Shares of 250 € (minimum 1) and the ends of 2025: an exit noticed on 01.06., a partial termination of 2 of 5 shares,
 * a death; and a transfer of shares (§ 76), which is no end with a settlement.
 */
export async function leaversOf2025(t: TestApp): Promise<Leavers> {
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  const leaver = await createMember(t.http, t.adminToken, { name: 'Geher', shareAmount: 4 });
  const exit = await posted(t.http, t.adminToken, { member: leaver.id, type: 8, ...DATES, noticeDate: '2025-06-01' });
  const exitId = `${leaver.id}.${exit.id}`;
  const partial = await createMember(t.http, t.adminToken, { name: 'Teilkündiger', shareAmount: 5 });
  const p = await posted(t.http, t.adminToken, {
    member: partial.id,
    type: 2,
    quantity: 2,
    ...DATES,
    noticeDate: '2025-05-02',
  });
  const partialId = `${partial.id}.${p.id}`;
  const dead = await createMember(t.http, t.adminToken, { name: 'Verstorben', shareAmount: 2 });
  const deceased = dead.id;
  const death = await posted(t.http, t.adminToken, { member: dead.id, type: 6, ...DATES, noticeDate: '2025-03-10' });
  const deathId = `${dead.id}.${death.id}`;
  // § 76: a transfer of shares is no end with a settlement.
  const giver = await createMember(t.http, t.adminToken, { name: 'Übertrager', shareAmount: 2 });
  const taker = await createMember(t.http, t.adminToken, { name: 'Übernehmerin', shareAmount: 1 });
  const transferred = giver.id;
  await posted(t.http, t.adminToken, {
    member: giver.id,
    type: 3,
    quantity: 1,
    transferTo: taker.id,
    ...DATES,
    date: '2025-06-01',
    approvalDate: '2025-06-01',
  });
  return { exitId, partialId, deathId, deceased, transferred };
}

/**
 * The member's death on `day` posted (its membership ends on 31 December), and its settlement paid to the heirs on
 * `payoutDate`: a settlement recorded and not paid keeps a member from the data-protection clean-up (decision 353).
 */
export async function diedAndSettled(http: App, token: string, memberId: string, day: string, payoutDate: string) {
  const dates = { date: day, approvalDate: day, interestBegin: day, noticeDate: day };
  const end = await posted(http, token, { member: memberId, type: 6, ...dates });
  const heirs = { memberId, accountHolder: 'Erben Nachlass', iban: 'DE89370400440532013000', bic: null };
  await request(http).post('/api/v1/settlements/heirs').set(auth(token)).send(heirs).expect(204);
  const ids = [`${memberId}.${end.id}`];
  await request(http).post('/api/v1/settlements/pay').set(auth(token)).send({ ids, payoutDate }).expect(201);
}

/**
 * The leaver with money paid after the end (decisions 408, 414), on a new app's cooperative: 2 shares of 250 €, 300 €
 * paid in; 200 € arrive on 15.01.2026, and only then is the death of 20.11.2025 recorded (the end 31.12.2025).
 * Answers the member and its settlement's id (`<member>.<end>`).
 */
export async function lateMoneyLeaver(t: TestApp): Promise<{ memberId: string; settlementId: string }> {
  await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  await setPaymentTerms(t.http, t.adminToken);
  const memberId = (await createMember(t.http, t.adminToken, { name: 'Spaet', shareAmount: 2, paid: 30_000 })).id;
  await request(t.http)
    .post(`/api/v1/members/${memberId}/share-payments`)
    .set(auth(t.adminToken))
    .send({ date: '2026-01-15', amount: 20_000, method: 'transfer' })
    .expect(201);
  const day = '2025-11-20';
  const end = await posted(t.http, t.adminToken, {
    member: memberId,
    type: 6,
    date: day,
    approvalDate: day,
    interestBegin: day,
    noticeDate: day,
  });
  return { memberId, settlementId: `${memberId}.${end.id}` };
}
