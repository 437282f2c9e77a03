import request from 'supertest';
import { TEXT_MAX } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';

/*
 * Hostile input on the `masterTag` every whole-record `PUT` takes back (decisions 418, 420, 422-424): a tag of 10,000
 * characters is refused before any work (`tooLong` at `masterTag`, at most TEXT_MAX.tag), whatever the rest of the body,
 * and the server keeps answering.
 */
describe('a masterTag of 10,000 characters', () => {
  let t: TestApp;
  let member: string;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
    member = (await createMember(t.http, t.adminToken, { name: 'Lang' })).id;
  });
  afterAll(async () => t.close());

  it('is refused tooLong on every tagged PUT', async () => {
    const masterTag = 'f'.repeat(10_000);
    const me = (await request(t.http).get('/api/v1/users/me').set(auth(t.adminToken)).expect(200)).body as {
      id: string;
    };
    for (const path of [
      `/api/v1/members/${member}`,
      `/api/v1/members/${member}/church-tax`,
      `/api/v1/cooperatives/${t.cooperativeId}`,
      '/api/v1/cooperative/payment-terms',
      `/api/v1/users/${me.id}`,
      '/api/v1/exemptionorders/unknown',
      '/api/v1/nonassessments/unknown',
      '/api/v1/elmanumbers/unknown',
    ]) {
      const res = await request(t.http).put(path).set(auth(t.adminToken)).send({ masterTag });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors).toContainEqual(
        expect.objectContaining({ field: 'masterTag', template: 'tooLong', parameters: { 0: String(TEXT_MAX.tag) } }),
      );
    }
    await request(t.http).get('/api/v1/ping').set(auth(t.adminToken)).expect(200);
  });
});
