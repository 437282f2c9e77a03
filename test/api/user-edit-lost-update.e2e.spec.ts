import request from 'supertest';
import { WRITABLE_FIELDS } from '@coop/contracts/console';
import type { ElmaNumberDto, UserDto } from '@coop/contracts';
import { auth, login, startApp, USER_PASSWORD, userWith, validCooperative, type TestApp } from './support/app.js';

/*
 * Two administrators edit one user at once (a lost update). `PUT /users/{id}` takes the user's name and roles whole,
 * so an administrator saving a form read before another's change wrote the old values back over it: administrator A
 * takes ROLE_ADMIN from user X, administrator B (form opened before) corrects X's name and silently gives the role back:
 * a user regains a role an administrator took away. The user carries `masterTag` (its name and roles as read, never
 * its password); sent back with the change (the console sends the record it loaded), a change made meanwhile refuses
 * the write `409 recordChangedMeanwhile` instead of overwriting it. Without `masterTag` the write stands as before.
 * `PUT /elmanumbers/{id}` takes the whole approval number (process and number) and is tagged the same way.
 */
type Resource = 'users' | 'elmanumbers';

describe('two administrators editing one user or approval number', () => {
  let t: TestApp;
  let tokenB: string;
  beforeAll(async () => {
    t = await startApp();
    tokenB = (await userWith(t.http, t.adminToken, 'zweiter-verwalter', ['ROLE_ADMIN', 'ROLE_USER'])).token;
  });
  afterAll(async () => t.close());

  const read = async <T>(resource: Resource, token: string, id: string): Promise<T> =>
    (await request(t.http).get(`/api/v1/${resource}/${id}`).set(auth(token)).expect(200)).body as T;
  /** The console's body: the writable fields of the record as loaded (both password fields '' on a user), with edits. */
  const form = (resource: Resource, loaded: object, edits: Record<string, unknown> = {}): Record<string, unknown> => {
    const body: Record<string, unknown> = resource === 'users' ? { password: '', passwordRepeat: '' } : {};
    for (const field of WRITABLE_FIELDS[resource] as readonly string[])
      if (field in loaded) body[field] = (loaded as Record<string, unknown>)[field];
    return { ...body, ...edits };
  };
  const put = (resource: Resource, token: string, id: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put(`/api/v1/${resource}/${id}`).set(auth(token)).send(body);
  const REFUSED = { errors: [{ field: null, template: 'recordChangedMeanwhile', parameters: {} }] };

  describe('users', () => {
    it('a name saved from a form read before another administrator took ROLE_ADMIN away is refused 409: the role stays away', async () => {
      const x = await userWith(t.http, t.adminToken, 'ixa', ['ROLE_ADMIN', 'ROLE_USER']);
      const readByA = await read<UserDto>('users', t.adminToken, x.id);
      const readByB = await read<UserDto>('users', tokenB, x.id);

      const a = await put('users', t.adminToken, x.id, form('users', readByA, { roles: ['ROLE_USER'] }));
      expect(a.status).toBe(200);
      const b = await put('users', tokenB, x.id, form('users', readByB, { username: 'ixa-neu' }));
      const now = await read<UserDto>('users', t.adminToken, x.id);
      // The role A took away stays away: B's form read before does not give it back.
      expect({ status: b.status, roles: now.roles, username: now.username }).toEqual({
        status: 409,
        roles: ['ROLE_USER'],
        username: 'ixa',
      });
      expect(b.body).toEqual(expect.objectContaining(REFUSED));
      expect(readByA.masterTag).toMatch(/^[0-9a-f]{16}$/);
      expect((a.body as UserDto).masterTag).not.toBe(readByA.masterTag);
      expect(now.masterTag).toBe((a.body as UserDto).masterTag);

      // Reloaded, B's change goes through and keeps A's.
      const again = await put('users', tokenB, x.id, form('users', now, { username: 'ixa-neu' }));
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ username: 'ixa-neu', roles: ['ROLE_USER'] });
    });

    it('roles saved from a form read before another administrator’s rename are refused 409: the name stays', async () => {
      const x = await userWith(t.http, t.adminToken, 'ypsilon', ['ROLE_USER']);
      const readByA = await read<UserDto>('users', t.adminToken, x.id);
      const readByB = await read<UserDto>('users', tokenB, x.id);
      expect((await put('users', t.adminToken, x.id, form('users', readByA, { username: 'ypsilon-neu' }))).status).toBe(
        200,
      );
      const b = await put('users', tokenB, x.id, form('users', readByB, { roles: ['ROLE_ADMIN', 'ROLE_USER'] }));
      expect(b.status).toBe(409);
      expect(b.body).toEqual(expect.objectContaining(REFUSED));
      expect(await read<UserDto>('users', t.adminToken, x.id)).toMatchObject({
        username: 'ypsilon-neu',
        roles: ['ROLE_USER'],
      });
      // A new password typed into the stale form is not written either.
      const withPassword = await put(
        'users',
        tokenB,
        x.id,
        form('users', readByB, { password: 'Neues-Kennwort-77', passwordRepeat: 'Neues-Kennwort-77' }),
      );
      expect(withPassword.status).toBe(409);
      expect(await login(t.http, 'ypsilon-neu', USER_PASSWORD)).toMatch(/^ey/);
    });

    it('the form just read is never refused, whatever went through it; list, record and /me answer one tag', async () => {
      const x = await userWith(t.http, t.adminToken, 'frisch', ['ROLE_USER']);
      const loaded = await read<UserDto>('users', t.adminToken, x.id);
      const list = await request(t.http).get('/api/v1/users?search=frisch').set(auth(t.adminToken)).expect(200);
      expect((list.body as UserDto[]).find((u) => u.id === x.id)!.masterTag).toBe(loaded.masterTag);
      const me = await request(t.http).get('/api/v1/users/me').set(auth(x.token)).expect(200);
      expect((me.body as UserDto).masterTag).toBe(loaded.masterTag);

      // Unchanged, then each field, each from the record the save before answered: a name with spaces around it,
      // roles in another order and twice, a new password.
      let current = loaded;
      for (const edits of [
        {},
        { username: '  frisch-2  ' },
        { roles: ['ROLE_USER', 'ROLE_EDIT_USERS', 'ROLE_USER'] },
        { roles: ['ROLE_EDIT_USERS'] },
        { password: 'Frisches-Kennwort-5', passwordRepeat: 'Frisches-Kennwort-5' },
        { username: 'frisch-3', roles: [] },
      ]) {
        const res = await put('users', t.adminToken, x.id, form('users', current, edits));
        expect({ edits, status: res.status }).toEqual({ edits, status: 200 });
        current = res.body as UserDto;
        expect(current.masterTag).toBe((await read<UserDto>('users', tokenB, x.id)).masterTag);
      }
      expect(await login(t.http, 'frisch-3', 'Frisches-Kennwort-5')).toMatch(/^ey/);

      // An API client sending no tag (or null) is not checked, as before.
      const stale = form('users', loaded, { username: 'frisch-4' });
      expect((await put('users', t.adminToken, x.id, { ...stale, masterTag: undefined })).status).toBe(200);
      expect((await put('users', t.adminToken, x.id, { ...stale, masterTag: null })).status).toBe(200);
    });

    it('the tag leaves the password out: a password changed meanwhile neither changes it nor is undone', async () => {
      const x = await userWith(t.http, t.adminToken, 'geheim', ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD']);
      const loaded = await read<UserDto>('users', t.adminToken, x.id);
      expect(Object.keys(loaded).sort()).toEqual(['cooperative', 'id', 'masterTag', 'roles', 'username']);
      // The user's own route (its current password) and an administrator's reset, after the form was read.
      await request(t.http)
        .put('/api/v1/users/me/password')
        .set(auth(x.token))
        .send({ currentPassword: USER_PASSWORD, password: 'Eigenes-Neues-42', passwordRepeat: 'Eigenes-Neues-42' })
        .expect(204);
      expect((await read<UserDto>('users', tokenB, x.id)).masterTag).toBe(loaded.masterTag);
      const reset = await put(
        'users',
        t.adminToken,
        x.id,
        form('users', loaded, { password: 'Zurueckgesetzt-43', passwordRepeat: 'Zurueckgesetzt-43' }),
      );
      expect(reset.status).toBe(200);
      expect((reset.body as UserDto).masterTag).toBe(loaded.masterTag);
      // The form read before all of it saves a role; the password left empty stays the one set last.
      const saved = await put('users', t.adminToken, x.id, form('users', loaded, { roles: ['ROLE_USER'] }));
      expect(saved.status).toBe(200);
      expect(await login(t.http, 'geheim', 'Zurueckgesetzt-43')).toMatch(/^ey/);
    });

    it('the last administrator still keeps the role, with the tag of the form just read', async () => {
      const created = await request(t.http)
        .post('/api/v1/cooperatives')
        .set(auth(t.adminToken))
        .send(validCooperative({ name: 'allein-eg' }))
        .expect(201);
      const only = await userWith(
        t.http,
        t.adminToken,
        'allein',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (created.body as { id: string }).id,
      );
      const loaded = await read<UserDto>('users', only.token, only.id);
      const res = await put('users', only.token, only.id, form('users', loaded, { roles: ['ROLE_USER'] }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [{ field: 'roles', template: 'lastAdministrator', parameters: {} }] });
      // Its own name, from the same form, is saved.
      const renamed = await put('users', only.token, only.id, form('users', loaded, { username: 'allein-2' }));
      expect(renamed.status).toBe(200);
    });

    it('two saves of one form at the same moment: one stands, the other is refused', async () => {
      const x = await userWith(t.http, t.adminToken, 'zugleich', ['ROLE_ADMIN', 'ROLE_USER']);
      const loaded = await read<UserDto>('users', t.adminToken, x.id);
      const [p, q] = await Promise.all([
        put('users', t.adminToken, x.id, form('users', loaded, { roles: ['ROLE_USER'] })),
        put('users', tokenB, x.id, form('users', loaded, { username: 'zugleich-2' })),
      ]);
      expect([p.status, q.status].sort()).toEqual([200, 409]);
      const now = await read<UserDto>('users', t.adminToken, x.id);
      expect(now).toMatchObject(
        p.status === 200
          ? { username: 'zugleich', roles: ['ROLE_USER'] }
          : { username: 'zugleich-2', roles: ['ROLE_ADMIN', 'ROLE_USER'] },
      );
    });
  });

  describe('approval numbers', () => {
    it('a number saved from a form read before another administrator changed the process is refused 409', async () => {
      const created = await request(t.http)
        .post('/api/v1/elmanumbers')
        .set(auth(t.adminToken))
        .send({ elmaProcess: 'fs', elmaNumber: '71234569' })
        .expect(201);
      const id = (created.body as ElmaNumberDto).id;
      const readByA = await read<ElmaNumberDto>('elmanumbers', t.adminToken, id);
      const readByB = await read<ElmaNumberDto>('elmanumbers', tokenB, id);
      const a = await put(
        'elmanumbers',
        t.adminToken,
        id,
        form('elmanumbers', readByA, { elmaProcess: 'km', elmaNumber: '12345678901' }),
      );
      expect(a.status).toBe(200);
      const b = await put('elmanumbers', tokenB, id, form('elmanumbers', readByB, { elmaNumber: '31234567' }));
      const now = await read<ElmaNumberDto>('elmanumbers', t.adminToken, id);
      expect({ status: b.status, elmaProcess: now.elmaProcess, elmaNumber: now.elmaNumber }).toEqual({
        status: 409,
        elmaProcess: 'km',
        elmaNumber: '12345678901',
      });
      expect(b.body).toEqual(expect.objectContaining(REFUSED));
      expect(readByA.masterTag).toMatch(/^[0-9a-f]{16}$/);
      expect(now.masterTag).toBe((a.body as ElmaNumberDto).masterTag);
    });

    it('the form just read is never refused; the list answers the same tag; without masterTag nothing is checked', async () => {
      const created = await request(t.http)
        .post('/api/v1/elmanumbers')
        .set(auth(t.adminToken))
        .send({ elmaProcess: ' km ', elmaNumber: '123 456 789 01' })
        .expect(201);
      const id = (created.body as ElmaNumberDto).id;
      const loaded = await read<ElmaNumberDto>('elmanumbers', t.adminToken, id);
      expect(loaded.masterTag).toBe((created.body as ElmaNumberDto).masterTag);
      const list = await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken)).expect(200);
      expect((list.body as ElmaNumberDto[]).find((e) => e.id === id)!.masterTag).toBe(loaded.masterTag);

      let current = loaded;
      for (const edits of [
        {},
        { elmaNumber: '109 876 543 21' },
        { elmaProcess: 'fs', elmaNumber: '5123 4567' },
        { elmaNumber: '51234567' },
      ]) {
        const res = await put('elmanumbers', t.adminToken, id, form('elmanumbers', current, edits));
        expect({ edits, status: res.status }).toEqual({ edits, status: 200 });
        current = res.body as ElmaNumberDto;
        expect(current.masterTag).toBe((await read<ElmaNumberDto>('elmanumbers', tokenB, id)).masterTag);
      }

      const stale = form('elmanumbers', loaded, { elmaNumber: '12345678902' });
      expect((await put('elmanumbers', t.adminToken, id, { ...stale, masterTag: undefined })).status).toBe(200);
      expect((await put('elmanumbers', t.adminToken, id, { ...stale, masterTag: null })).status).toBe(200);
    });
  });
});
