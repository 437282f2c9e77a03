import request from 'supertest';
import type { MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/*
 * Answers carrying personal data must not be kept by a browser's or a proxy's cache (`Cache-Control: no-store`): a
 * shared office computer otherwise keeps a member list, a member's address and bank account or a posting history on
 * disk after the clerk signed out. The file downloads said so already; the JSON answers of the API did not.
 */
describe('Cache-Control: no-store on the API answers with personal data', () => {
  let t: TestApp;
  let member: MemberDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    member = await createMember(t.http, t.adminToken, { name: 'Speicherlos' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['the member list', () => '/api/v1/members'],
    ['a member', () => `/api/v1/members/${member.id}`],
    ['a member history', () => `/api/v1/members/${member.id}/history`],
    ['a member dashboard', () => `/api/v1/dashboard/member/${member.id}`],
    ['the postings', () => '/api/v1/balances'],
    ['the users', () => '/api/v1/users'],
    ['the notifications (empty page, 204)', () => '/api/v1/notifications'],
    ['the member list as CSV', () => '/api/v1/export/members.csv'],
    ['the member list as PDF', () => '/api/v1/pdf/members'],
  ])('%s', async (_what, path) => {
    const res = await request(t.http).get(path()).set(auth(t.adminToken));
    expect(res.status).toBeLessThan(300);
    expect({ path: path(), cacheControl: res.headers['cache-control'] }).toEqual({
      path: path(),
      cacheControl: 'no-store',
    });
  });

  it('also on a refusal and on an unknown API path', async () => {
    const refused = await request(t.http)
      .get(`/api/v1/members/${'0'.repeat(36)}`)
      .set(auth(t.adminToken));
    expect(refused.status).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unsigned = await request(t.http).get('/api/v1/members');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers['cache-control']).toBe('no-store');
  });
});
