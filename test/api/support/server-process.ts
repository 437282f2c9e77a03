/**
 * The real server as `npm start` runs it (`node services/dist/main.js`) in a child process on a data directory, for the
 * tests that kill it or copy its stores while it runs (crash, backup). Needs the compiled services (npx tsc -b services).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { SqliteReadStoreFiles } from '@coop/projections';
import request from 'supertest';
import { ADMIN_PASSWORD, JWT_SECRET } from './app.js';
import { freePort, startListening } from '../../support/listening-product.js';

/** How long a start may take before it counts as hung: long, since a start may first catch up a large log; each test's own timeout is the nearer bound. */
const START_MS = 600_000;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../../services/dist/main.js', import.meta.url));
const REBUILD = fileURLToPath(new URL('../../../services/dist/rebuild.js', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and waits until the process has ended. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export { freePort };

function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: '',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET,
    ADMIN_UI_DIR: `${dataDir}/no-console`,
    ...extra,
  };
}

/** Starts the server on `dataDir` and resolves once it listens; rejects with its output when it ends first. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const { child, port, output } = await startListening(
    (port) =>
      spawn(process.execPath, ['--no-memory-reducer', MAIN], {
        cwd: ROOT,
        env: serverEnv(dataDir, { PORT: String(port), ...env }),
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    { timeoutMs: START_MS },
  );
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Runs the server once on `dataDir` until it ends by itself (a start that is refused): its exit code and output. */
export function runServerToEnd(dataDir: string, port: number): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [MAIN], {
    cwd: ROOT,
    env: serverEnv(dataDir, { PORT: String(port) }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `npm run projections:rebuild` on `dataDir` (no server may run on it). */
export function rebuild(dataDir: string): void {
  const result = spawnSync(process.execPath, [REBUILD], {
    cwd: ROOT,
    env: serverEnv(dataDir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`rebuild failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

/** `npm run projections:rebuild` on `dataDir` until it ends, with `env` (a test switch): its exit code, signal and output. */
export function rebuildUntilEnd(
  dataDir: string,
  env: Record<string, string>,
): { status: number | null; signal: NodeJS.Signals | null; output: string } {
  const result = spawnSync(process.execPath, [REBUILD], {
    cwd: ROOT,
    env: serverEnv(dataDir, env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, signal: result.signal, output: `${result.stdout}${result.stderr}` };
}

/** Runs an npm script of the root package (`backup`, `restore`) with `DATA_DIR`, without blocking this event loop. */
export async function npmScript(
  script: string,
  args: readonly string[],
  dataDir: string,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: serverEnv(dataDir), encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Every read model document (`rm_*` tables: id, cooperative, document) and the kept counts, in a stable order. */
export function readModels(dataDir: string): Record<string, Array<[string, string, string]>> {
  const db = new Database(SqliteReadStoreFiles.current(dataDir), { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all();
    const dump: Record<string, Array<[string, string, string]>> = {};
    for (const { name } of tables) {
      dump[name] = db
        .prepare<[], [string, string, string]>(`SELECT id, cooperative_id, doc FROM "${name}" ORDER BY id`)
        .raw()
        .all();
    }
    dump['doc_counts'] = db
      .prepare<[], [string, string, string]>(
        'SELECT collection, cooperative_id, CAST(docs AS TEXT) FROM doc_counts ORDER BY 1, 2',
      )
      .raw()
      .all();
    return dump;
  } finally {
    db.close();
  }
}

/** The read models' projection checkpoint and the log's last position. */
export function positions(dataDir: string): { checkpoint: number; head: number } {
  const rm = new Database(SqliteReadStoreFiles.current(dataDir), { readonly: true, fileMustExist: true });
  const log = new Database(`${dataDir}/events.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const checkpoint = Number(
      rm.prepare<[], { position: string }>("SELECT position FROM checkpoints WHERE name = 'read-models'").get()
        ?.position ?? -1,
    );
    const head = log.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events').get()?.p ?? -1;
    return { checkpoint, head };
  } finally {
    rm.close();
    log.close();
  }
}

/** Waits until the read models of `dataDir` have projected the whole log. */
export async function caughtUp(dataDir: string, timeoutMs = 20_000): Promise<{ checkpoint: number; head: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = positions(dataDir);
    if (p.checkpoint === p.head) return p;
    if (Date.now() > until)
      throw new Error(`the read models never reached the log's last position: ${JSON.stringify(p)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs the first cooperative's administrator in on a server process (the closure specs' servers); its token. */
export async function signInAdmin(server: ServerProcess): Promise<string> {
  const login = await request(server.url)
    .post('/api/v1/login')
    .send({ username: 'admin', password: ADMIN_PASSWORD })
    .expect(200);
  return (login.body as { token: string }).token;
}

/** The cooperative a token was issued for (its `cooperative` claim). */
export function cooperativeOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cooperative: string }).cooperative;
}
