import request from 'supertest';
import { auth, startApp, userWith, validCooperative, type TestApp, WITH_READ_THREAD } from './support/app.js';

describe('tenancy: every request acts on the cooperative in its token', () => {
  let t: TestApp;
  let otherCoop: string;
  let otherAdmin: { id: string; token: string };
  let ownUser: string;
  let ownElma: string;

  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'other-eg' }));
    expect(created.status).toBe(201);
    otherCoop = (created.body as { id: string }).id;
    otherAdmin = await userWith(t.http, t.adminToken, 'other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherCoop);
    ownUser = (await userWith(t.http, t.adminToken, 'own-clerk', ['ROLE_USER'])).id;
    const elma = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    ownElma = (elma.body as { id: string }).id;
  });
  afterAll(async () => t.close());

  it('the super administrator created the other cooperative and its administrator there', async () => {
    const me = await request(t.http).get('/api/v1/users/me').set(auth(otherAdmin.token));
    expect(me.body).toMatchObject({ username: 'other-admin', cooperative: otherCoop });
  });

  it.each([
    ['get', () => `/api/v1/users/${ownUser}`],
    ['put', () => `/api/v1/users/${ownUser}`],
    ['delete', () => `/api/v1/users/${ownUser}`],
    ['get', () => `/api/v1/elmanumbers/${ownElma}`],
    ['put', () => `/api/v1/elmanumbers/${ownElma}`],
    ['delete', () => `/api/v1/elmanumbers/${ownElma}`],
    ['get', () => `/api/v1/cooperatives/${t.cooperativeId}`],
    ['put', () => `/api/v1/cooperatives/${t.cooperativeId}`],
  ] as const)("%s on another cooperative's record answers 404", async (method, path) => {
    const body =
      method === 'put'
        ? { username: 'hijack', roles: ['ROLE_USER'], elmaProcess: 'fs', elmaNumber: '32345671', ...validCooperative() }
        : {};
    const res = await request(t.http)[method](path()).set(auth(otherAdmin.token)).send(body);
    expect(res.status).toBe(404);
  });

  it('nothing of the other cooperative changed', async () => {
    const user = await request(t.http).get(`/api/v1/users/${ownUser}`).set(auth(t.adminToken));
    expect(user.body).toMatchObject({ username: 'own-clerk' });
    const elma = await request(t.http).get(`/api/v1/elmanumbers/${ownElma}`).set(auth(t.adminToken));
    expect(elma.body).toMatchObject({ elmaNumber: '12345671' });
  });

  it('lists show only the own cooperative', async () => {
    const users = await request(t.http).get('/api/v1/users').set(auth(otherAdmin.token));
    expect((users.body as { username: string }[]).map((u) => u.username)).toEqual(['other-admin']);
    expect(users.headers.totalitems).toBe('1');
    const elma = await request(t.http).get('/api/v1/elmanumbers').set(auth(otherAdmin.token));
    expect(elma.status).toBe(204);
    const coops = await request(t.http).get('/api/v1/cooperatives').set(auth(otherAdmin.token));
    expect((coops.body as { id: string }[]).map((c) => c.id)).toEqual([otherCoop]);
    const byId = await request(t.http).get(`/api/v1/users?filter=id:${ownUser}`).set(auth(otherAdmin.token));
    expect(byId.status).toBe(204);
  });

  it('a cooperative administrator cannot create users elsewhere nor cooperatives', async () => {
    const res = await request(t.http)
      .post('/api/v1/users')
      .set(auth(otherAdmin.token))
      .send({
        username: 'planted',
        password: 'Kronleuchter-123456',
        passwordRepeat: 'Kronleuchter-123456',
        roles: ['ROLE_USER'],
        cooperative: t.cooperativeId,
      });
    expect(res.status).toBe(403);
    expect(
      (await request(t.http).post('/api/v1/cooperatives').set(auth(otherAdmin.token)).send(validCooperative())).status,
    ).toBe(403);
    const list = await request(t.http).get('/api/v1/users?search=planted').set(auth(t.adminToken));
    expect(list.status).toBe(204);
  });

  it('a super administrator naming an unknown cooperative gets 404', async () => {
    const res = await request(t.http)
      .post('/api/v1/users')
      .set(auth(t.adminToken))
      .send({
        username: 'ghost',
        password: 'Kronleuchter-123456',
        passwordRepeat: 'Kronleuchter-123456',
        roles: ['ROLE_USER'],
        cooperative: '00000000-0000-4000-8000-000000000000',
      });
    expect(res.status).toBe(404);
  });

  it('ids guessed in any shape answer 404, not 400 or 500', async () => {
    for (const id of ['1', "' OR 1=1 --", '..%2F..%2Fetc', 'ÄÖÜ']) {
      const res = await request(t.http)
        .get(`/api/v1/users/${encodeURIComponent(id)}`)
        .set(auth(otherAdmin.token));
      expect(res.status).toBe(404);
    }
  });
});
