import request from 'supertest';
import { auth, startApp, userWith, type TestApp } from './support/app.js';

describe('list conventions (users as the example)', () => {
  let t: TestApp;
  const names = ['bert', 'Carla', 'dora_1', 'dora%2', 'emil', 'Ärger'];
  beforeAll(async () => {
    t = await startApp();
    for (const n of names) await userWith(t.http, t.adminToken, n, n.startsWith('dora') ? ['ROLE_USER', 'ROLE_RESTRICTED_USER'] : ['ROLE_USER']);
  });
  afterAll(async () => t.close());

  const list = (query: string) => request(t.http).get(`/api/v1/users${query}`).set(auth(t.adminToken));
  const usernames = (body: unknown): string[] => (body as { username: string }[]).map((u) => u.username);

  it('sorts by username by default, case-insensitively and in German dictionary order (Ä as A), and counts all matches in TotalItems', async () => {
    const res = await list('');
    expect(usernames(res.body)).toEqual(['admin', 'Ärger', 'bert', 'Carla', 'dora%2', 'dora_1', 'emil']);
    expect(res.headers.totalitems).toBe('7');
  });

  it('pages with offset and limit; order_by=-username sorts descending', async () => {
    const res = await list('?offset=2&limit=2&order_by=-username');
    expect(usernames(res.body)).toEqual(['dora%2', 'Carla']);
    expect(res.headers.totalitems).toBe('7');
  });

  it('matches search literally: % and _ are plain characters, case is ignored, umlauts work', async () => {
    expect(usernames((await list('?search=%25')).body)).toEqual(['dora%2']);
    expect(usernames((await list('?search=_')).body)).toEqual(['dora_1']);
    expect(usernames((await list('?search=CAR')).body)).toEqual(['Carla']);
    expect(usernames((await list('?search=ärg')).body)).toEqual(['Ärger']);
    expect((await list('?search=.*')).status).toBe(204);
  });

  it('answers 204 with no body and TotalItems 0 when nothing matches', async () => {
    const res = await list('?search=nobody-here');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.totalitems).toBe('0');
  });

  it('filters by a declared field, by several values, and by id list', async () => {
    // The first administrator holds every role.
    expect(usernames((await list('?filter=roles:ROLE_RESTRICTED_USER')).body)).toEqual(['admin', 'dora%2', 'dora_1']);
    const all = (await list('')).body as { id: string; username: string }[];
    const ids = all.filter((u) => ['bert', 'emil'].includes(u.username)).map((u) => u.id);
    expect(usernames((await list(`?filter=id:${ids.join(';')}`)).body)).toEqual(['bert', 'emil']);
    expect(usernames((await list('?filter=username:bert;emil')).body)).toEqual(['bert', 'emil']);
  });

  it('refuses an undeclared filter or sort field with 400 instead of ignoring it', async () => {
    const filter = await list('?filter=passwordHash:x');
    expect(filter.status).toBe(400);
    expect(filter.body).toEqual({ errors: [{ field: 'filter', template: 'unknownField', parameters: { '0': 'passwordHash' } }] });
    const sort = await list('?order_by=cooperativeId');
    expect(sort.body).toEqual({ errors: [{ field: 'order_by', template: 'unknownField', parameters: { '0': 'cooperativeId' } }] });
    expect((await list('?limit=abc')).body).toEqual({ errors: [{ field: 'limit', template: 'invalidNumber', parameters: { '0': 'abc' } }] });
  });
});
