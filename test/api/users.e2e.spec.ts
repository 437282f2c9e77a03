import request from 'supertest';
import type { EventMetadata, NewEvent } from '@coop/contracts';
import { auth, login, startApp, USER_PASSWORD, userWith, validCooperative, type TestApp } from './support/app.js';

describe('users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  const post = (body: Record<string, unknown>, token = t.adminToken) =>
    request(t.http).post('/api/v1/users').set(auth(token)).send(body);

  it('creates a user, answers 201 with the item, and the list shows it at once', async () => {
    const res = await post({
      username: 'zora',
      password: 'Sternwarte-Nord-1',
      passwordRepeat: 'Sternwarte-Nord-1',
      roles: ['ROLE_USER'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username: 'zora',
      roles: ['ROLE_USER'],
      cooperative: t.cooperativeId,
      masterTag: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const list = await request(t.http).get('/api/v1/users?search=zora').set(auth(t.adminToken));
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[])[0]!.id).toBe((res.body as { id: string }).id);
    expect(await login(t.http, 'zora', 'Sternwarte-Nord-1')).toMatch(/^ey/);
  });

  it('answers each rule as a field error with its template', async () => {
    const res = await post({ username: '  ', password: 'a', passwordRepeat: 'b', roles: ['ROLE_USER'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        { field: 'username', template: 'mustNotBeEmpty', parameters: {} },
        { field: 'passwordRepeat', template: 'isNotEqual', parameters: {} },
      ],
    });
    const noPassword = await post({ username: 'nopw', roles: [] });
    expect(noPassword.body).toEqual({ errors: [{ field: 'password', template: 'passwordRequired', parameters: {} }] });
    const badRole = await post({
      username: 'badrole',
      password: 'Kronleuchter-1234',
      passwordRepeat: 'Kronleuchter-1234',
      roles: ['ROLE_KING'],
    });
    expect(badRole.body).toEqual({
      errors: [{ field: 'roles', template: 'invalidRole', parameters: { '0': 'ROLE_KING' } }],
    });
  });

  // A review's probe: an administrator renamed itself `admin\u200b` and `ａｄｍｉｎ` beside the real `admin`, shown alike
  // wherever a user's name is (who read a notification, who queued a task). Such names are refused (`isPlainName`).
  it('refuses a name that could pass for another: invisible characters, full-width and other look-alike forms', async () => {
    const body = (username: string) => ({
      username,
      password: 'Apfelkuchen-Pass-9',
      passwordRepeat: 'Apfelkuchen-Pass-9',
      roles: [],
    });
    // A bidi override is a control in every text since decision 349; the others pass for another name.
    for (const [username, template] of [
      ['admin\u200b', 'usernameLookAlike'],
      ['ａｄｍｉｎ', 'usernameLookAlike'],
      ['ad\u202emin', 'controlCharacters'],
      ['ﬁnance', 'usernameLookAlike'],
    ]) {
      const res = await post(body(username!));
      expect({ username, status: res.status, body: res.body as unknown }).toEqual({
        username,
        status: 400,
        body: { errors: [{ field: 'username', template, parameters: {} }] },
      });
    }
    const plain = await post(body('Jürgen Groß'));
    expect(plain.status).toBe(201);
    const renamed = await request(t.http)
      .put(`/api/v1/users/${(plain.body as { id: string }).id}`)
      .set(auth(t.adminToken))
      .send({ username: 'admin\u200b', roles: [] });
    expect(renamed.status).toBe(400);
  });

  it('keeps usernames unique, ignoring case, and frees a name on rename', async () => {
    const first = await post({
      username: 'Anna',
      password: 'Apfelkuchen-Pass-1',
      passwordRepeat: 'Apfelkuchen-Pass-1',
      roles: [],
    });
    expect(first.status).toBe(201);
    const dup = await post({
      username: 'anna',
      password: 'Kronleuchter-123456',
      passwordRepeat: 'Kronleuchter-123456',
      roles: [],
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({
      errors: [{ field: 'username', template: 'usernameTaken', parameters: { '0': 'anna' } }],
    });
    const id = (first.body as { id: string }).id;
    const renamed = await request(t.http)
      .put(`/api/v1/users/${id}`)
      .set(auth(t.adminToken))
      .send({ username: 'Anna-Maria', roles: [] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ username: 'Anna-Maria' });
    expect(
      (
        await post({
          username: 'anna',
          password: 'Kronleuchter-123456',
          passwordRepeat: 'Kronleuchter-123456',
          roles: [],
        })
      ).status,
    ).toBe(201);
    expect(await login(t.http, 'Anna-Maria', 'Apfelkuchen-Pass-1')).toMatch(/^ey/);
  });

  it('takes a name spelled with a combining mark as the same name: another cooperative cannot lock its holder out', async () => {
    // A security review (stop 63): the claim lower-cased without composing, the sign-in's lookup composes (NFC). So
    // `mo\u0308ller` could be claimed beside `möller`, and the sign-in then found only the older user: the newer could
    // never sign in again, and the other's password signed in as the other cooperative's user.
    const composed = 'm\u00f6ller';
    const decomposed = 'mo\u0308ller';
    const other = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'nachbar-eg' }))
      .expect(201);
    const editor = await userWith(
      t.http,
      t.adminToken,
      'nachbar-editor',
      ['ROLE_EDIT_USERS'],
      (other.body as { id: string }).id,
    );
    const victim = await post({
      username: composed,
      password: 'Eigenes-Kennwort-42',
      passwordRepeat: 'Eigenes-Kennwort-42',
      roles: [],
    });
    expect(victim.status).toBe(201);

    const renamed = await request(t.http)
      .put(`/api/v1/users/${editor.id}`)
      .set(auth(editor.token))
      .send({ username: decomposed, password: '', passwordRepeat: '', roles: ['ROLE_EDIT_USERS'] });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({
      errors: [{ field: 'username', template: 'usernameTaken', parameters: { '0': decomposed } }],
    });
    const created = await post({
      username: decomposed.toUpperCase(),
      password: 'Anderes-Kennwort-77',
      passwordRepeat: 'Anderes-Kennwort-77',
      roles: [],
    });
    expect(created.status).toBe(400);

    // The holder signs in with either spelling, the other cooperative's user still by its own name.
    expect(await login(t.http, composed, 'Eigenes-Kennwort-42')).toMatch(/^ey/);
    expect(await login(t.http, decomposed, 'Eigenes-Kennwort-42')).toMatch(/^ey/);
    expect(await login(t.http, 'nachbar-editor', USER_PASSWORD)).toMatch(/^ey/);
  });

  it('still holds a name claimed decomposed before decision 291 against its composed spelling', async () => {
    // Written as the claim of before the fix was (lower-cased, not composed), by a user of another cooperative.
    const metadata: EventMetadata = {
      cooperativeId: 'another-cooperative',
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    };
    await t.running.storage.events.append('username-bo\u0308hm', 'no_stream', [
      { type: 'UsernameClaimed', data: { username: 'bo\u0308hm', userId: 'earlier-user' }, metadata } as NewEvent,
    ]);
    const composed = await post({
      username: 'B\u00f6hm',
      password: 'Eigenes-Kennwort-42',
      passwordRepeat: 'Eigenes-Kennwort-42',
      roles: [],
    });
    expect(composed.status).toBe(400);
    expect(composed.body).toMatchObject({ errors: [{ field: 'username', template: 'usernameTaken' }] });
  });

  it('creates one user only when the same name is sent twice at the same time', async () => {
    const body = { username: 'twin', password: 'Zwillinge-Pass-1', passwordRepeat: 'Zwillinge-Pass-1', roles: [] };
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const list = await request(t.http).get('/api/v1/users?filter=username:twin').set(auth(t.adminToken));
    expect(list.headers.totalitems).toBe('1');
  });

  it('updates without a password keep the password; with one, change it', async () => {
    const u = await userWith(t.http, t.adminToken, 'keeper', ['ROLE_USER']);
    await request(t.http)
      .put(`/api/v1/users/${u.id}`)
      .set(auth(t.adminToken))
      .send({ username: 'keeper', password: '', passwordRepeat: '', roles: ['ROLE_USER'] })
      .expect(200);
    expect(await login(t.http, 'keeper', USER_PASSWORD)).toMatch(/^ey/);
    await request(t.http)
      .put(`/api/v1/users/${u.id}`)
      .set(auth(t.adminToken))
      .send({
        username: 'keeper',
        password: 'Neues-Kennwort-9',
        passwordRepeat: 'Neues-Kennwort-9',
        roles: ['ROLE_USER'],
      })
      .expect(200);
    expect(
      (await request(t.http).post('/api/v1/login').send({ username: 'keeper', password: USER_PASSWORD })).status,
    ).toBe(401);
    expect(await login(t.http, 'keeper', 'Neues-Kennwort-9')).toMatch(/^ey/);
  });

  it('lets a user with ROLE_CHANGE_OWN_PASSWORD change only the own password', async () => {
    const u = await userWith(t.http, t.adminToken, 'selfie', ['ROLE_CHANGE_OWN_PASSWORD']);
    const mismatch = await request(t.http)
      .put('/api/v1/users/me/password')
      .set(auth(u.token))
      .send({ currentPassword: USER_PASSWORD, password: 'Meins-a-123456', passwordRepeat: 'Meins-b-123456' });
    expect(mismatch.body).toEqual({ errors: [{ field: 'passwordRepeat', template: 'isNotEqual', parameters: {} }] });
    await request(t.http)
      .put('/api/v1/users/me/password')
      .set(auth(u.token))
      .send({ currentPassword: USER_PASSWORD, password: 'Meins-123-Neu', passwordRepeat: 'Meins-123-Neu' })
      .expect(204);
    const again = await login(t.http, 'selfie', 'Meins-123-Neu');
    expect(again).toMatch(/^ey/);
    // The change ended the earlier token (issue 38): the new session is refused the rest by its roles.
    expect(
      (
        await request(t.http)
          .put(`/api/v1/users/${u.id}`)
          .set(auth(again))
          .send({ username: 'selfie', roles: ['ROLE_ADMIN'] })
      ).status,
    ).toBe(403);
  });

  it('refuses to grant roles the actor does not hold (no escalation)', async () => {
    const editor = await userWith(t.http, t.adminToken, 'editor', ['ROLE_EDIT_USERS', 'ROLE_USER']);
    const up = await post(
      {
        username: 'made-admin',
        password: 'Kronleuchter-123456',
        passwordRepeat: 'Kronleuchter-123456',
        roles: ['ROLE_ADMIN'],
      },
      editor.token,
    );
    expect(up.status).toBe(403);
    expect((up.body as { message: string }).message).toContain('ROLE_ADMIN');
    expect(up.body).toMatchObject({
      errors: [{ field: null, template: 'rolesNotHeld', parameters: { '0': 'ROLE_ADMIN' } }],
    });
    const self = await request(t.http)
      .put(`/api/v1/users/${editor.id}`)
      .set(auth(editor.token))
      .send({ username: 'editor', roles: ['ROLE_EDIT_USERS', 'ROLE_USER', 'ROLE_SUPER_ADMIN'] });
    expect(self.status).toBe(403);
    expect(
      (
        await post(
          {
            username: 'plain',
            password: 'Kronleuchter-123456',
            passwordRepeat: 'Kronleuchter-123456',
            roles: ['ROLE_USER'],
          },
          editor.token,
        )
      ).status,
    ).toBe(201);
  });

  it('offers only the roles the actor may grant (issue 38)', async () => {
    const editor = await userWith(t.http, t.adminToken, 'option-editor', ['ROLE_EDIT_USERS', 'ROLE_USER']);
    const res = await request(t.http).get('/api/v1/users/options?attribute=roles').set(auth(editor.token));
    expect(res.body).toEqual([
      { key: 'ROLE_USER', value: 'ROLE_USER' },
      { key: 'ROLE_EDIT_USERS', value: 'ROLE_EDIT_USERS' },
    ]);
  });

  it('a user cannot delete itself', async () => {
    const me = (await request(t.http).get('/api/v1/users/me').set(auth(t.adminToken))).body as { id: string };
    const res = await request(t.http).delete(`/api/v1/users/${me.id}`).set(auth(t.adminToken));
    expect(res.body).toEqual({ errors: [{ field: null, template: 'cannotDeleteSelf', parameters: {} }] });
  });

  it('offers the role list for the roles field', async () => {
    const res = await request(t.http).get('/api/v1/users/options?attribute=roles&search=admin').set(auth(t.adminToken));
    expect(res.body).toEqual([
      { key: 'ROLE_SUPER_ADMIN', value: 'ROLE_SUPER_ADMIN' },
      { key: 'ROLE_ADMIN', value: 'ROLE_ADMIN' },
    ]);
  });
});
