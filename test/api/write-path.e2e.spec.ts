/**
 * The write path's shortcuts keep its guarantees: the share terms a posting reads are the cooperative's
 * current ones even though they are kept between postings (services/src/members/commands/member.commands.ts).
 */
import request from 'supertest';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms } from './support/members.js';

describe('write path: kept share terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('a share price changed between two postings applies to the second one at once', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 2 });
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({ amount: 50000, shareCost: 25000 });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 30000, 1);
    expect(await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES })).toMatchObject({ amount: 60000, shareCost: 30000 });
  });

  it('a minimum holding raised between two withdrawals is checked on the second one', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 1);
    const m = await createMember(t.http, t.adminToken, { shareAmount: 5 });
    await posted(t.http, t.adminToken, { member: m.id, type: 2, quantity: 1, ...DATES });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 10000, 4);
    const refused = await request(t.http).post('/api/v1/balances').set(auth(t.adminToken)).send({ member: m.id, type: 2, quantity: 1, ...DATES });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: [{ field: 'quantity', template: 'atLeastAmountMustRemain', parameters: { '0': '400,00' } }] });
  });
});
