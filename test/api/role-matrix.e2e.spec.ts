import request from 'supertest';
import { ROLES, type Role } from '@coop/contracts';
import { auth, login, startApp, USER_PASSWORD, userWith, type TestApp } from './support/app.js';
import { MATRIX } from './support/role-matrix.js';

describe('role matrix, enforced by the API for every route', () => {
  let t: TestApp;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await startApp();
    for (const role of ROLES)
      tokens.set(role, (await userWith(t.http, t.adminToken, role.toLowerCase(), [role])).token);
  });
  afterAll(async () => t.close());

  it('lists every route of the OpenAPI document (a new route must join the matrix)', async () => {
    const doc = (await request(t.http).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort();
    const covered = [...new Set(MATRIX.map((r) => `${r.method} ${r.doc}`))].sort();
    expect(covered).toEqual(documented);
  });

  const cases = MATRIX.flatMap((route) => ROLES.map((role) => ({ ...route, role })));
  it.each(cases)('$method $doc as $role', async ({ method, path, allowed, role }) => {
    const res = await request(t.http)
      [method](path)
      .set(auth(tokens.get(role)!))
      .send({});
    if (path === '/api/v1/logout') tokens.set(role, await login(t.http, role.toLowerCase(), USER_PASSWORD));
    if (allowed === 'public') {
      // An empty sign-in is refused as bad credentials, never as a role question.
      expect(res.status).not.toBe(403);
    } else if (allowed.includes(role)) {
      expect([401, 403]).not.toContain(res.status);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your roles do not allow this action.',
        errors: [{ field: null, template: 'notAllowed', parameters: {} }],
      });
    }
  });

  it.each(MATRIX.filter((r) => r.allowed !== 'public'))(
    '$method $doc without a token answers 401',
    async ({ method, path }) => {
      expect((await request(t.http)[method](path).send({})).status).toBe(401);
    },
  );
});
