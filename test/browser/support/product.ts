/**
 * Starts the REAL built product for browser tests: `node services/dist/main.js` (which serves the built
 * console from admin-ui/dist at `/` and the API at `/api/v1`) on a free port with a fresh data directory,
 * and the system Chromium through puppeteer-core. Build first: `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { explainFailedWaits } from './page-diagnostics.js';

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
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
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

async function waitUntilUp(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = START_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await http(`${baseUrl}/api/v1/ping`);
      if (res.status === 401 || res.status === 200) return; // 401 without a token: the API is up
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`The product did not answer ${baseUrl}/api/v1/ping within ${timeoutMs} ms:\n${output()}`);
}

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const main = join(ROOT, 'services', 'dist', 'main.js');
  const consoleIndex = join(ROOT, 'admin-ui', 'dist', 'index.html');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  if (!existsSync(consoleIndex)) throw new Error(`${consoleIndex} is missing: run \`npm run build -w admin-ui\` first`);

  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'coop-browser-data-'));
  const profileDir = await mkdtemp(join(tmpdir(), 'coop-browser-profile-'));
  const adminPassword = `Test-${randomBytes(9).toString('base64url')}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));

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
    await waitUntilUp(baseUrl, child, () => log);
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
    );
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
    output: () => log,
    async close() {
      await browser.close().catch(() => undefined);
      await stopChild();
      await rm(dataDir, { recursive: true, force: true });
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
