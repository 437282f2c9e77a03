/**
 * Starts the REAL built product for browser tests: `node services/dist/main.js` (which serves the built
 * console from admin-ui/dist at `/` and the API at `/api/v1`) on a free port with a fresh data directory,
 * and the system Chromium through puppeteer-core. Build first: `npm run build`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { explainFailedWaits } from './page-diagnostics.js';
import { startListening, type ListeningProduct } from '../../support/listening-product.js';

/** As `npm start` runs the product (docs/decisions.md 31): no V8 memory reducer. */
const PRODUCT_NODE_FLAGS = ['--no-memory-reducer'];

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const SCREENSHOT_DIR = join(ROOT, 'test-output', 'screenshots');
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Product {
  readonly baseUrl: string;
  readonly adminUsername: string;
  readonly adminPassword: string;
  readonly browser: Browser;
  /** A fresh browser context (own localStorage) with one page. */
  newPage(): Promise<Page>;
  /** `POST /api/v1/login`; answers the token. */
  apiLogin(username: string, password: string): Promise<string>;
  /** A JSON call to the API with a bearer token. */
  api(
    path: string,
    init: { method?: string; body?: unknown; token?: string },
  ): Promise<{ status: number; body: unknown }>;
  /** The product's console output so far (for failure messages). */
  output(): string;
  /**
   * Starts the task worker (`services/dist/worker.js`) on the product's data, once the product was started with
   * `TASKS_RUN_IN: 'worker'` (its tasks then wait queued until a worker runs); answers a function that stops it.
   */
  startTaskWorker(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A plain HTTP call without keep-alive (no sockets left open when the tests end). */
function http(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolveCall, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolveCall({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** How long a start may take: 60 s, or `PRODUCT_START_MS` on a machine loaded by other work (a start took 60 s at load 35). */
const START_MS = Number(process.env.PRODUCT_START_MS ?? '') || 60_000;

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const main = join(ROOT, 'services', 'dist', 'main.js');
  const consoleIndex = join(ROOT, 'admin-ui', 'dist', 'index.html');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  if (!existsSync(consoleIndex)) throw new Error(`${consoleIndex} is missing: run \`npm run build -w admin-ui\` first`);

  const dataDir = await mkdtemp(join(tmpdir(), 'coop-browser-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'coop-browser-profile-'));
  const adminPassword = `Test-${randomBytes(9).toString('base64url')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const productEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: adminPassword,
    JWT_SECRET: jwtSecret,
    ...env,
  };
  let started: ListeningProduct;
  try {
    started = await startListening(
      (port) =>
        spawn(process.execPath, [...PRODUCT_NODE_FLAGS, main], {
          cwd: ROOT,
          env: { ...productEnv, PORT: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      { timeoutMs: START_MS },
    );
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  const { child, output: log } = started;
  const baseUrl = `http://127.0.0.1:${started.port}`;
  // A call that cannot connect says whether the product is still running, and what it printed last.
  const productState = () =>
    child.exitCode !== null || child.signalCode !== null
      ? `the product exited (code ${child.exitCode}, signal ${child.signalCode}); its last output:\n${log().slice(-4000)}`
      : `the product is still running; its last output:\n${log().slice(-2000)}`;

  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child.stdout?.destroy();
    child.stderr?.destroy();
  };

  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: [...CHROME_ARGS, `--user-data-dir=${profileDir}`],
      defaultViewport: { width: 1366, height: 860 },
      // A clerk's browser runs in Germany: the console's own today (the browser's clock) is then the server's business
      // day (Europe/Berlin), also between 23:00 and 24:00 UTC, when the machine's UTC day is the day before.
      env: { ...process.env, TZ: 'Europe/Berlin' },
    });
  } catch (error) {
    await stopChild();
    await rm(dataDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  /** The task workers started and not stopped yet: `close` stops them. */
  const workers = new Set<() => Promise<void>>();

  const api: Product['api'] = async (path, init) => {
    const body = init.body !== undefined ? JSON.stringify(init.body) : undefined;
    const res = await http(
      `${baseUrl}/api/v1${path}`,
      init.method ?? 'GET',
      {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body,
    ).catch((error: unknown) => {
      throw new Error(`${init.method ?? 'GET'} ${path} failed: ${String(error)}; ${productState()}`);
    });
    const text = res.text;
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };

  return {
    baseUrl,
    adminUsername: 'admin',
    adminPassword,
    browser,
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1366, height: 860 });
      // 30 s: CI runs the browser suites beside the API suites on two cores (waits for the console ran out at 15 s there).
      page.setDefaultTimeout(30_000);
      explainFailedWaits(page);
      return page;
    },
    async apiLogin(username, password) {
      const res = await api('/login', { method: 'POST', body: { username, password } });
      const token = (res.body as { token?: string } | null)?.token;
      if (res.status !== 200 || !token)
        throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return token;
    },
    api,
    output: log,
    async startTaskWorker() {
      const worker = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, join(ROOT, 'services', 'dist', 'worker.js')], {
        cwd: ROOT,
        env: productEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stop = async (): Promise<void> => {
        workers.delete(stop);
        if (worker.exitCode === null && worker.signalCode === null) {
          const exited = new Promise<void>((r) => worker.once('exit', () => r()));
          worker.kill('SIGTERM');
          await Promise.race([exited, sleep(5000)]);
          if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
        }
        worker.stdout.destroy();
        worker.stderr.destroy();
      };
      workers.add(stop);
      let printed = '';
      await new Promise<void>((resolveStart, reject) => {
        const timer = setTimeout(() => reject(new Error(`the task worker did not start:\n${printed}`)), START_MS);
        worker.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          if (printed.includes('Task runner running in the worker')) {
            clearTimeout(timer);
            resolveStart();
          }
        });
        worker.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
        worker.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`the task worker ended (${code ?? signal}):\n${printed}`));
        });
      }).catch(async (error: unknown) => {
        await stop();
        throw error;
      });
      return stop;
    },
    async close() {
      await Promise.all([...workers].map((stop) => stop()));
      await browser.close().catch(() => undefined);
      await stopChild();
      await rm(dataDir, { recursive: true, force: true });
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
