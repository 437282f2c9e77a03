/**
 * Issue 40, the first start on the production shape: the API with `RUN_PROJECTIONS=false` and a separate worker. The
 * first start creates the cooperative and its administrator although no worker shows them within the read-your-writes
 * wait, and a first start that was killed between its steps is finished by the next start (the test-only switch
 * `COOP_TEST_STOP_AT` stops it at a chosen step, never a timer). Runs the compiled server (npx tsc -b services).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ADMIN_PASSWORD, JWT_SECRET } from './support/app.js';
import { freePort, startServer, type ServerProcess } from './support/server-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../services/dist/main.js', import.meta.url));
const WORKER = fileURLToPath(new URL('../../services/dist/worker.js', import.meta.url));

/** The API of the production shape: projections left to a worker, a short read-your-writes wait. */
const API_ENV = { RUN_PROJECTIONS: 'false', READ_YOUR_WRITES_WAIT_MS: '200' };

const ADMIN_LINE = 'First start: sign in as "admin" with the password from ADMIN_PASSWORD.';
const EXISTING_LINE = 'Sign in with an existing user';

const env = (dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_OPTIONS: '',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  JWT_SECRET,
  ADMIN_UI_DIR: `${dataDir}/no-console`,
  ...extra,
});

/** Runs the API until it ends by itself (here: killed by the test-only switch); its exit and output. */
async function runUntilEnd(
  dataDir: string,
  extra: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: env(dataDir, { PORT: String(await freePort()), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
}

/** The projection worker (`npm run start:worker`) on `dataDir`, once it runs. */
async function startWorker(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER], {
    cwd: ROOT,
    env: env(dataDir, {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Projection worker running')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`the worker ended (${code ?? signal}):\n${output}`)));
  });
  return child;
}

async function stopWorker(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** Signs in as the administrator, asking again while the worker has not shown the user yet (bounded). */
async function signIn(url: string): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    status = (await request(url).post('/api/v1/login').send({ username: 'admin', password: ADMIN_PASSWORD })).status;
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

/** Waits until the server has printed `text` (it prints the first start's lines after "running"), bounded. */
async function printed(server: ServerProcess, text: string): Promise<string> {
  for (let attempt = 0; attempt < 100 && !server.output().includes(text); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return server.output();
}

/** The event types in the log, in order. */
function eventTypes(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], string>('SELECT type FROM events ORDER BY position').pluck().all();
  } finally {
    db.close();
  }
}

describe('the first start with projections in a separate worker', () => {
  let dataDir: string;
  let api: ServerProcess | undefined;
  let worker: ChildProcess | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-first-start-'));
  });
  afterEach(async () => {
    await api?.stop('SIGKILL');
    await stopWorker(worker);
    api = undefined;
    worker = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the cooperative and its administrator with no worker running, and sign-in works once the worker runs', async () => {
    api = await startServer(dataDir, API_ENV);
    expect(await printed(api, ADMIN_LINE)).toContain(ADMIN_LINE);
    expect(eventTypes(dataDir)).toEqual(['CooperativeRegistered', 'UserCreated', 'UsernameClaimed']);
    worker = await startWorker(dataDir);
    expect(await signIn(api.url)).toBe(200);
  }, 60_000);

  it('refuses a COOPERATIVE_NAME the request class refuses, before anything is written (decision 242)', async () => {
    // Stopped after the registration if it were written (the decider let a name of any length through before).
    const refused = await runUntilEnd(dataDir, {
      ...API_ENV,
      COOPERATIVE_NAME: 'x'.repeat(71),
      COOP_TEST_STOP_AT: 'first-start:cooperative-registered',
    });
    expect([refused.code, refused.signal, eventTypes(dataDir)]).toEqual([1, null, []]);
    expect(refused.output).toContain('name: tooLong');
  }, 60_000);

  it('finishes a first start killed after the cooperative was registered on the next start, and only then', async () => {
    const killed = await runUntilEnd(dataDir, { ...API_ENV, COOP_TEST_STOP_AT: 'first-start:cooperative-registered' });
    expect([killed.signal, eventTypes(dataDir)]).toEqual(['SIGKILL', ['CooperativeRegistered']]);

    api = await startServer(dataDir, API_ENV);
    expect(await printed(api, ADMIN_LINE)).toContain(ADMIN_LINE);
    expect(eventTypes(dataDir)).toEqual(['CooperativeRegistered', 'UserCreated', 'UsernameClaimed']);
    worker = await startWorker(dataDir);
    expect(await signIn(api.url)).toBe(200);

    // A start on the finished log writes nothing more.
    await api.stop('SIGTERM');
    api = await startServer(dataDir, API_ENV);
    expect(await printed(api, EXISTING_LINE)).toContain(EXISTING_LINE);
    expect(eventTypes(dataDir)).toEqual(['CooperativeRegistered', 'UserCreated', 'UsernameClaimed']);
  }, 90_000);
});
