import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../services/src/create-app.js';
import { loadConfig } from '../../services/src/platform/config/config.js';
import {
  AREAS,
  auth,
  JWT_SECRET,
  login,
  RUNTIME,
  startApp,
  USER_PASSWORD,
  userWith,
  type TestApp,
} from './support/app.js';
import { startServer } from './support/server-process.js';

/**
 * The password rule (issue 38) through the API: at least 12 characters, not one of the 10,000 most common passwords
 * (ignoring case), neither the user name nor containing it; on a new user, an administrator's reset and one's own
 * change, whose current password is required. The first administrator's ADMIN_PASSWORD follows it too.
 */
describe('passwords (issue 38)', () => {
  let t: TestApp;
  let paul: string;
  beforeAll(async () => {
    t = await startApp();
    paul = (await userWith(t.http, t.adminToken, 'paul.reset', ['ROLE_USER'])).id;
  });
  afterAll(async () => t.close());

  const head = (): Promise<bigint> => t.running.storage.events.headPosition();
  const refusal = (field: string, template: string, parameters: Record<string, string> = {}) => ({
    errors: [{ field, template, parameters }],
  });
  /** Passwords that break the rule for the user `username`. */
  const bad = (username: string): [string, string, ReturnType<typeof refusal>][] => [
    ['11 characters', 'Kanu-Fahrt7', refusal('password', 'passwordTooShort', { '0': '12' })],
    ['a common password', 'Qwerty123456', refusal('password', 'passwordTooCommon')],
    [
      'the user name',
      username.toUpperCase(),
      refusal(
        'password',
        username.length >= 12 ? 'passwordContainsUsername' : 'passwordTooShort',
        username.length >= 12 ? {} : { '0': '12' },
      ),
    ],
    ['the user name inside', `Ich-bin-${username}!`, refusal('password', 'passwordContainsUsername')],
  ];

  it.each(bad('erika.muster'))(
    'refuses a new user whose password is %s (400 at the password field, nothing stored)',
    async (_what, password, expected) => {
      const before = await head();
      const res = await request(t.http)
        .post('/api/v1/users')
        .set(auth(t.adminToken))
        .send({ username: 'erika.muster', password, passwordRepeat: password, roles: ['ROLE_USER'] });
      expect([res.status, res.body]).toEqual([400, expected]);
      expect(await head()).toBe(before);
    },
  );

  it.each(bad('paul.reset'))(
    "refuses an administrator's reset to a password that is %s",
    async (_what, password, expected) => {
      const res = await request(t.http)
        .put(`/api/v1/users/${paul}`)
        .set(auth(t.adminToken))
        .send({ username: 'paul.reset', password, passwordRepeat: password, roles: ['ROLE_USER'] });
      expect([res.status, res.body]).toEqual([400, expected]);
      expect(await login(t.http, 'paul.reset', USER_PASSWORD)).toMatch(/^ey/);
    },
  );

  it('own change: the current password is required and must be right; the new one meets the rule', async () => {
    const u = await userWith(t.http, t.adminToken, 'hanna.kunz', ['ROLE_CHANGE_OWN_PASSWORD']);
    const change = (body: Record<string, unknown>) =>
      request(t.http).put('/api/v1/users/me/password').set(auth(u.token)).send(body);
    const NEW = 'Sonnenblumen-Feld-88';
    const before = await head();
    expect([(await change({ password: NEW, passwordRepeat: NEW })).body]).toEqual([
      refusal('currentPassword', 'mustNotBeEmpty'),
    ]);
    const wrong = await change({ currentPassword: 'Falsch-geraten-123', password: NEW, passwordRepeat: NEW });
    expect([wrong.status, wrong.body]).toEqual([400, refusal('currentPassword', 'currentPasswordWrong')]);
    for (const [, password, expected] of bad('hanna.kunz')) {
      const res = await change({ currentPassword: USER_PASSWORD, password, passwordRepeat: password });
      expect([res.status, res.body]).toEqual([400, expected]);
    }
    expect(await head()).toBe(before);
    await change({ currentPassword: USER_PASSWORD, password: NEW, passwordRepeat: NEW }).expect(204);
    expect(await login(t.http, 'hanna.kunz', NEW)).toMatch(/^ey/);
  });
});

describe('the first administrator (ADMIN_PASSWORD, issue 38)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-ledger-pw-'));
    dirs.push(dir);
    return dir;
  };

  it.each([
    ['too short', 'Kurz-2026', /fewer than 12 characters/],
    ['common', 'QWERTY123456', /one of the 10,000 most common passwords/],
    ['containing the user name', 'Mein-admin-Kennwort', /is or contains the user name/],
  ])(
    'refuses to start on an empty store with an ADMIN_PASSWORD %s, and writes nothing',
    async (_what, password, message) => {
      const dir = dataDir();
      const config = loadConfig({
        DATA_DIR: dir,
        ADMIN_PASSWORD: password,
        JWT_SECRET,
        ADMIN_UI_DIR: join(dir, 'no-console'),
        READ_THREADS: '0',
      });
      await expect(createApp(config, AREAS, { logger: false, runtime: RUNTIME })).rejects.toThrow(message);
      // Nothing was written: a start with a good password is still the first start.
      const good = await createApp({ ...config, adminPassword: 'Gute-Wahl-fuer-2026' }, AREAS, {
        logger: false,
        runtime: RUNTIME,
      });
      try {
        expect(good.firstStart?.username).toBe('admin');
      } finally {
        await good.close();
      }
    },
    120_000,
  );

  it('npm start prints why and exits with 1', async () => {
    const error = await startServer(dataDir(), { ADMIN_PASSWORD: 'qwerty123456' }).then(
      async (server) => {
        await server.stop('SIGTERM');
        return new Error('it started');
      },
      (e: unknown) => e as Error,
    );
    expect(error.message).toContain('(1)');
    expect(error.message).toContain(
      'Coop Ledger did not start. ADMIN_PASSWORD is not accepted: it is one of the 10,000 most common passwords.',
    );
  }, 120_000);
});
