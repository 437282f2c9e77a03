import request from 'supertest';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import type { OpenApiDocument } from './fuzz-requests.js';

/**
 * Tenancy as a property (issue 28), beside test/api/tenancy.e2e.spec.ts: for EVERY route of the OpenAPI document with a
 * path id, and every id of every kind the first cooperative holds (the cooperative, a member, a user, an ELMA number,
 * each first record of every list), the administrator of another cooperative gets 404 or 403: never 2xx, never a
 * byte of the first cooperative's data, and no write is stored. A write sends the record as its owner reads it, so
 * the refusal is the tenancy check's, not the body's (a 400 counts as refused only where the owner cannot read the path
 * either: an id of another kind). Routes taking a member as a query parameter are probed the same way.
 */
describe('tenancy as a property: every route with an id, every id of another cooperative', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let intruder: string;
  /** Ids of the first cooperative by kind, and texts only its own records hold. */
  const ids = new Map<string, string>();
  const MARKERS = ['Tenancyprobe', 'Eigentumsgenossenschaft', 'DE02120300000000202051'];
  /** What a write needs beyond the record as its owner reads it. */
  const WRITE_FILLS: Record<string, Record<string, unknown>> = {
    '/api/v1/members/{id}/church-tax': { churchId: null, queriedOn: '2024-01-15', queryKind: 'regular' },
  };

  beforeAll(async () => {
    t = await startApp();
    doc = (await request(t.http).get('/api/docs-json')).body as OpenApiDocument;
    await request(t.http).put(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken)).send(validCooperative({ fullName: 'Eigentumsgenossenschaft Probe eG' }));
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    ids.set('cooperative', t.cooperativeId);
    ids.set('member', (await createMember(t.http, t.adminToken, { givenName: 'Tenancyprobe', iban: 'DE02120300000000202051' })).id);
    ids.set('user', (await userWith(t.http, t.adminToken, 'tenancy-clerk', ['ROLE_USER'])).id);
    const elma = await request(t.http).post('/api/v1/elmanumbers').set(auth(t.adminToken)).send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    ids.set('elmanumber', (elma.body as { id: string }).id);
    // The first record of every list of the first cooperative (postings, shares, notifications, ...).
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (!ops.get || route.includes('{') || route.endsWith('/options') || route.startsWith('/api/v1/dsgvo')) continue;
      const list = await request(t.http).get(route).set(auth(t.adminToken));
      const first = Array.isArray(list.body) ? (list.body as { id?: unknown }[])[0] : undefined;
      if (list.status === 200 && typeof first?.id === 'string' && !Array.from(ids.values()).includes(first.id)) ids.set(route.replace('/api/v1/', ''), first.id);
    }
    const other = await request(t.http).post('/api/v1/cooperatives').set(auth(t.adminToken)).send(validCooperative({ name: 'tenancy-other-eg' }));
    const otherCoop = (other.body as { id: string }).id;
    intruder = (await userWith(t.http, t.adminToken, 'tenancy-intruder', ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_EDIT_USERS'], otherCoop)).token;
  });
  afterAll(async () => t.close());

  it('has ids of several kinds to probe with', () => {
    expect([...ids.keys()]).toEqual(expect.arrayContaining(['cooperative', 'member', 'user', 'elmanumber', 'balances']));
  });

  it("answers every route with a path id, for every id of the first cooperative, 404 or 403 to another cooperative's administrator", async () => {
    const leaks: string[] = [];
    let probes = 0;
    /** `bodyRefusable`: the owner cannot read this path either (an id of another kind), so a 400 for its body is no leak. */
    const probe = async (method: string, path: string, body: unknown, bodyRefusable = false): Promise<void> => {
      probes++;
      const before = await t.running.storage.events.headPosition();
      const res = await request(t.http)[method as 'get'](path).set(auth(intruder)).send(body as object);
      const after = await t.running.storage.events.headPosition();
      const seen = MARKERS.filter((m) => res.text.includes(m));
      const refused = [403, 404].includes(res.status) || (bodyRefusable && res.status === 400);
      if (!refused || seen.length > 0 || after !== before) leaks.push(`${method.toUpperCase()} ${path}: ${res.status} ${res.text.slice(0, 160)}${after !== before ? ' (stored)' : ''}`);
    };
    for (const [route, ops] of Object.entries(doc.paths)) {
      const params = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      // `{format}` (csv, xlsx) and `{file}` (a tax return's file name) are no record ids.
      if (params.length === 0 || params.some((p) => p === 'format' || p === 'file')) continue;
      for (const method of Object.keys(ops)) {
        for (const [, id] of ids) {
          const path = route.replace(/\{[^}]+\}/g, id);
          const owners = await request(t.http).get(path).set(auth(t.adminToken));
          const write = method !== 'get' && method !== 'delete';
          await probe(method, path, write ? (owners.status === 200 ? { ...(owners.body as object), ...WRITE_FILLS[route] } : {}) : undefined, write && owners.status !== 200);
        }
      }
    }
    // Routes that take a record by a query parameter.
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (route.includes('{')) continue;
      for (const name of (ops.get?.parameters ?? []).filter((p) => p.in === 'query' && p.name === 'member').map((p) => p.name)) {
        await probe('get', `${route}?${name}=${ids.get('member')}`, undefined);
      }
    }
    expect(leaks).toEqual([]);
    expect(probes).toBeGreaterThan(200);
  }, 120_000);
});
