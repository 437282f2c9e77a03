import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validCooperative } from './support/app.js';
import { validMember } from './support/members.js';
import { startServer, type ServerProcess } from './support/server-process.js';

/**
 * Tokens and passwords are never logged (issue 28): the compiled product (`node services/dist/main.js`, as `npm start`
 * runs it; build first) goes through a whole API flow while everything it writes to stdout and stderr is kept, then
 * that log is searched for every token, password, `Authorization` value and the JWT secret it saw.
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const MAIN = join(ROOT, 'services', 'dist', 'main.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the server log of a full API run (issue 28)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-log-secrets-'));
  const adminPassword = `Erste-${randomBytes(9).toString('base64url')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  let server: ServerProcess | undefined;
  let log: () => string = () => '';
  let base = '';

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npx tsc -b services\` first`);
    server = await startServer(dataDir, { ADMIN_PASSWORD: adminPassword, JWT_SECRET: jwtSecret });
    log = server.output;
    base = `${server.url}/api/v1`;
  }, 70_000);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One JSON call without keep-alive (no socket left open when the tests end). */
  const call = (path: string, init: { method?: string; token?: string; body?: unknown; raw?: string } = {}) =>
    new Promise<{ status: number; body: Record<string, unknown>; authorization: string | undefined }>(
      (done, reject) => {
        const payload = init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined);
        const req = request(
          `${base}${path}`,
          {
            method: init.method ?? 'GET',
            agent: false,
            headers: {
              ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}),
              ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              const header = res.headers.authorization;
              done({
                status: res.statusCode ?? 0,
                body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
                authorization: header,
              });
            });
          },
        );
        req.on('error', reject);
        if (payload !== undefined) req.write(payload);
        req.end();
      },
    );

  it('holds no token, password, Authorization value or JWT secret', async () => {
    const secrets: string[] = [adminPassword, jwtSecret];
    const signIn = async (username: string, password: string): Promise<string> => {
      const res = await call('/login', { method: 'POST', body: { username, password } });
      expect(res.status).toBe(200);
      return res.body.token as string;
    };
    const admin = await signIn('admin', adminPassword);
    secrets.push(admin);

    const clerkPassword = `Buchung-${randomBytes(9).toString('base64url')}`;
    secrets.push(clerkPassword);
    const created = await call('/users', {
      method: 'POST',
      token: admin,
      body: {
        username: 'clerk',
        password: clerkPassword,
        passwordRepeat: clerkPassword,
        roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'],
      },
    });
    expect(created.status).toBe(201);
    const clerk = await signIn('clerk', clerkPassword);
    secrets.push(clerk);

    const cooperative = (
      JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString()) as { cooperative: string }
    ).cooperative;
    expect(
      (await call(`/cooperatives/${cooperative}`, { method: 'PUT', token: admin, body: validCooperative() })).status,
    ).toBe(200);
    expect((await call('/members', { method: 'POST', token: admin, body: validMember() })).status).toBe(201);
    expect((await call('/members?page=1&perPage=10', { token: clerk })).status).toBe(200);
    expect((await call('/users/me', { token: clerk })).status).toBe(200);
    const renewed = (await call('/ping', { token: clerk })).authorization;
    if (renewed) secrets.push(renewed.replace(/^Bearer /, ''));

    // Refusals, which are what a server is tempted to log.
    const wrongPassword = `Wrong-${randomBytes(9).toString('base64url')}`;
    secrets.push(wrongPassword);
    expect(
      (await call('/login', { method: 'POST', body: { username: 'admin', password: wrongPassword } })).status,
    ).toBe(401);
    expect(
      (await call('/login', { method: 'POST', raw: `{"username":"admin","password":"${wrongPassword}"` })).status,
    ).toBe(400);
    const tampered = `${admin.slice(0, -6)}AAAAAA`;
    secrets.push(tampered);
    expect((await call('/users', { token: tampered })).status).toBe(401);
    expect(
      (await call('/users', { method: 'POST', token: clerk, body: { username: 'x', password: wrongPassword } })).status,
    ).toBe(403);

    const newPassword = `Changed-${randomBytes(9).toString('base64url')}`;
    secrets.push(newPassword);
    const changed = await call('/users/me/password', {
      method: 'PUT',
      token: clerk,
      body: { currentPassword: clerkPassword, password: newPassword, passwordRepeat: newPassword },
    });
    expect(changed.status).toBe(204);
    // The change ended the clerk's earlier token; the answer carries the new one (issue 38).
    const afterChange = /^Bearer (\S+)$/.exec(changed.authorization ?? '')?.[1] ?? '';
    expect(afterChange).not.toBe('');
    secrets.push(afterChange);
    expect(
      (
        await call('/users/me/password', {
          method: 'PUT',
          token: afterChange,
          body: { currentPassword: newPassword, password: newPassword, passwordRepeat: `${newPassword}x` },
        })
      ).status,
    ).toBe(400);

    await sleep(300); // let the last lines reach the pipes
    expect(log()).toContain('Coop Ledger is running'); // the log was captured at all
    for (const secret of secrets) {
      expect({ found: log().includes(secret) ? secret : null }).toEqual({ found: null });
      // A token's signature alone is enough to be a leak of its value.
      if (secret.split('.').length === 3)
        expect({ found: log().includes(secret.split('.')[2]!) ? secret : null }).toEqual({ found: null });
    }
    expect(log()).not.toMatch(/Bearer|authorization|eyJ[A-Za-z0-9_-]{10,}/i);
  }, 60_000);
});
