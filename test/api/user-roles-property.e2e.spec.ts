import fc from 'fast-check';
import request from 'supertest';
import { ROLES, type Role } from '@coop/contracts';
import { auth, login, startApp, USER_PASSWORD, userWith, validCooperative, type TestApp } from './support/app.js';

/**
 * No way up the roles (issue 38), against the running API: a user changes another user (name, password, roles,
 * deletion) only when it holds every role that user holds, before and after the change; a super administrator only by a
 * super administrator; never a user of another cooperative. A refusal is 403 (404 across cooperatives) and stores no
 * event; a password it refused still signs in, one it allowed replaces the old.
 */
const PASSWORD = USER_PASSWORD;
const NEW_PASSWORD = 'Holunder-Blüte-4711';
const WRITERS: readonly Role[] = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_EDIT_USERS'];
const holdsAll = (actor: readonly Role[], roles: readonly Role[]): boolean =>
  actor.includes('ROLE_SUPER_ADMIN') || roles.every((r) => actor.includes(r));
/** The guard's part (users:write) and the decider's (every role of the target, before and after). */
const allowed = (actor: readonly Role[], ...targets: (readonly Role[])[]): boolean =>
  actor.some((r) => WRITERS.includes(r)) && targets.every((roles) => holdsAll(actor, roles));

const roleSet = fc.subarray([...ROLES]);

describe('no way up the roles (issue 38)', () => {
  let t: TestApp;
  let adminId: string;
  let foreignUser: string;
  let n = 0;
  const name = (what: string): string => `p38-${what}-${++n}`;
  const head = (): Promise<bigint> => t.running.storage.events.headPosition();

  beforeAll(async () => {
    t = await startApp();
    adminId = ((await request(t.http).get('/api/v1/users/me').set(auth(t.adminToken))).body as { id: string }).id;
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'p38-other' }));
    if (other.status !== 201) throw new Error(`second cooperative: ${other.status} ${other.text}`);
    const create = await request(t.http)
      .post('/api/v1/users')
      .set(auth(t.adminToken))
      .send({
        username: 'p38-foreign',
        password: PASSWORD,
        passwordRepeat: PASSWORD,
        roles: ['ROLE_USER'],
        cooperative: (other.body as { id: string }).id,
      });
    if (create.status !== 201) throw new Error(`foreign user: ${create.status} ${create.text}`);
    foreignUser = (create.body as { id: string }).id;
  });
  afterAll(async () => t.close());

  const put = (token: string, id: string, body: Record<string, unknown>) =>
    request(t.http).put(`/api/v1/users/${id}`).set(auth(token)).send(body);

  it("ROLE_EDIT_USERS cannot set the super administrator's password, even sending the roles as they are", async () => {
    const editor = await userWith(t.http, t.adminToken, name('editor'), ['ROLE_EDIT_USERS']);
    const before = await head();
    const res = await put(editor.token, adminId, {
      username: 'admin',
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
      roles: [...ROLES],
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errors: [{ field: null, template: 'onlySuperAdminChangesSuperAdmin' }] });
    expect(await head()).toBe(before);
    expect(
      (await request(t.http).post('/api/v1/login').send({ username: 'admin', password: NEW_PASSWORD })).status,
    ).toBe(401);
  });

  it('ROLE_ADMIN cannot set the password of, rename, or take ROLE_ADMIN from a super administrator', async () => {
    const boss = await userWith(t.http, t.adminToken, name('boss'), ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']);
    const admin = await userWith(t.http, t.adminToken, name('admin'), ['ROLE_ADMIN']);
    const bossName = `p38-boss-${n - 1}`;
    const before = await head();
    for (const body of [
      {
        username: bossName,
        password: NEW_PASSWORD,
        passwordRepeat: NEW_PASSWORD,
        roles: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'],
      },
      { username: 'renamed-boss', password: '', passwordRepeat: '', roles: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] },
      { username: bossName, password: '', passwordRepeat: '', roles: ['ROLE_SUPER_ADMIN'] },
    ]) {
      const res = await put(admin.token, boss.id, body);
      expect([res.status, (res.body as { errors: { template: string }[] }).errors[0]?.template]).toEqual([
        403,
        'onlySuperAdminChangesSuperAdmin',
      ]);
    }
    expect((await request(t.http).delete(`/api/v1/users/${boss.id}`).set(auth(admin.token))).status).toBe(403);
    expect(await head()).toBe(before);
    expect((await request(t.http).get(`/api/v1/users/${boss.id}`).set(auth(t.adminToken))).body).toMatchObject({
      username: bossName,
      roles: ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'],
    });
  });

  it('every pair of role sets, every user route: allowed exactly when the actor holds every role of the target', async () => {
    let allowedSeen = 0;
    let refusedSeen = 0;
    await fc.assert(
      fc.asyncProperty(roleSet, roleSet, roleSet, async (actorRoles, targetRoles, nextRoles) => {
        const actor = await userWith(t.http, t.adminToken, name('actor'), actorRoles);
        let target = await userWith(t.http, t.adminToken, name('target'), targetRoles);
        let username = `p38-target-${n}`;
        let password = PASSWORD;
        let roles: readonly Role[] = targetRoles;
        /** Sends one request; checks 2xx when allowed, else 403 with nothing stored. */
        const expectOutcome = async (
          ok: boolean,
          send: () => Promise<request.Response>,
          okStatus: number,
        ): Promise<void> => {
          const before = await head();
          const res = await send();
          expect([actorRoles, targetRoles, res.status]).toEqual([actorRoles, targetRoles, ok ? okStatus : 403]);
          if (ok) allowedSeen++;
          else {
            refusedSeen++;
            expect(await head()).toBe(before);
          }
        };
        // Create a user with the target's roles.
        const created = name('created');
        await expectOutcome(
          allowed(actorRoles, targetRoles),
          () =>
            request(t.http)
              .post('/api/v1/users')
              .set(auth(actor.token))
              .send({ username: created, password: PASSWORD, passwordRepeat: PASSWORD, roles: targetRoles }),
          201,
        );
        // Rename.
        const may = allowed(actorRoles, roles);
        await expectOutcome(
          may,
          () => put(actor.token, target.id, { username: `${username}-r`, password: '', passwordRepeat: '', roles }),
          200,
        );
        if (may) username = `${username}-r`;
        // A new password: when refused the old one still signs in, when allowed the new one does.
        await expectOutcome(
          may,
          () => put(actor.token, target.id, { username, password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD, roles }),
          200,
        );
        if (may) password = NEW_PASSWORD;
        target = { ...target, token: await login(t.http, username, password) };
        // New roles: the actor must hold those before and those after.
        const mayRoles = allowed(actorRoles, roles, nextRoles);
        await expectOutcome(
          mayRoles,
          () => put(actor.token, target.id, { username, password: '', passwordRepeat: '', roles: nextRoles }),
          200,
        );
        if (mayRoles) roles = nextRoles;
        // Another cooperative's user: not found to every writer, forbidden to the others.
        const foreign = await put(actor.token, foreignUser, {
          username: 'p38-foreign',
          password: '',
          passwordRepeat: '',
          roles: ['ROLE_USER'],
        });
        expect(foreign.status).toBe(actorRoles.some((r) => WRITERS.includes(r)) ? 404 : 403);
        expect((await request(t.http).delete(`/api/v1/users/${foreignUser}`).set(auth(actor.token))).status).toBe(
          foreign.status,
        );
        // Delete.
        await expectOutcome(
          allowed(actorRoles, roles),
          () => request(t.http).delete(`/api/v1/users/${target.id}`).set(auth(actor.token)),
          204,
        );
      }),
      {
        numRuns: 24,
        seed: 38,
        examples: [
          [['ROLE_EDIT_USERS'], ['ROLE_SUPER_ADMIN'], ['ROLE_SUPER_ADMIN']],
          [['ROLE_ADMIN'], ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'], ['ROLE_SUPER_ADMIN']],
          [['ROLE_ADMIN', 'ROLE_USER'], ['ROLE_USER'], ['ROLE_ADMIN']],
          [['ROLE_EDIT_USERS', 'ROLE_USER'], ['ROLE_USER'], ['ROLE_EDIT_USERS']],
          [['ROLE_SUPER_ADMIN'], ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'], ['ROLE_USER']],
          [ROLES.filter((r) => r !== 'ROLE_SUPER_ADMIN'), ['ROLE_SUPER_ADMIN'], []],
        ],
      },
    );
    // Both outcomes were exercised, so neither side of the rule passed by never being asked.
    expect(allowedSeen).toBeGreaterThan(10);
    expect(refusedSeen).toBeGreaterThan(10);
  }, 240_000);
});
