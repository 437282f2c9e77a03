import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { privateDir } from '../private-files.js';
import { join, resolve } from 'node:path';
import { streamPrefixProblem } from '../event-store/stream-prefix.js';

/** Everything the product reads from its environment; see the README's configuration table. */
export interface AppConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly adminUsername: string;
  /** Undefined: the first start generates one and prints it once. */
  readonly adminPassword: string | undefined;
  readonly cooperativeName: string;
  readonly jwtSecret: string;
  /** The absolute lifetime of a session from its sign-in, in seconds (`SESSION_MAX_SECONDS`, default 12 hours; issue 38). */
  readonly sessionMaxSeconds: number;
  /**
   * The proxies whose `X-Forwarded-For` names the client's address (`TRUSTED_PROXIES`, comma-separated addresses or
   * CIDR ranges, Fastify's `trustProxy`); none when unset: the address is the connection's, whatever a header says.
   */
  readonly trustedProxies: readonly string[];
  /** `kurrentdb://` or `esdb://` selects KurrentDB; undefined selects SQLite. */
  readonly eventStoreUrl: string | undefined;
  /**
   * This installation's stream prefix on a shared KurrentDB server (`EVENT_STORE_STREAM_PREFIX`, issue 30): streams are
   * written as prefix + name and only they are projected. Empty (the default): the names as they are.
   */
  readonly eventStoreStreamPrefix: string;
  /** Selects MongoDB for read models and keys; undefined selects SQLite. */
  readonly mongodbUrl: string | undefined;
  readonly mongodbDatabase: string;
  /** Run the projection runner inside the API process (default) or leave it to `worker.js`. */
  readonly runProjections: boolean;
  readonly adminUiDir: string;
  /** Threads answering the API's list queries on the SQLite read store (0: the API thread answers them). */
  readonly readThreads: number;
  /** How long a write waits for the read models to show it before answering 202 "saved, not shown yet" (ms). */
  readonly readYourWritesWaitMs: number;
  /** Read the SQLite event log into memory when the API starts (decision 41). */
  readonly eventLogPrewarm: boolean;
  /** Where queued background tasks run (issue 24): `api` (default) in the API process, `worker` in `npm run start:worker`. */
  readonly tasksRunIn: 'api' | 'worker';
  /** Tax certificates of a closure with more members than this render in a background task (issue 25; default 500). */
  readonly taxCertificatesSyncLimit: number;
  /** Most events one step of a year's closure appends (issue 40; default 2000; docs/operations.md). */
  readonly closureChunkEvents: number;
  /** Member PDFs covering more members than this render in a background task (issue 26; default 300). */
  readonly pdfSyncLimit: number;
  /** Member list exports (CSV, XLSX, ODS) of more members than this are written in a background task (issue 26; default 5000). */
  readonly exportSyncLimit: number;
  /**
   * The time budget of one member list file, every format (`EXPORT_BUDGET_SECONDS`, 0 or more; decision 131's budget):
   * unset, each format's measured budget (`MEMBER_EXPORT_BUDGETS`, docs/exports.md "Budget"). 0 refuses every export.
   */
  readonly exportBudgetSeconds: number | undefined;
  /** An import (dry run or write) of more data rows than this runs in a background task (issue 29; default 20,000). */
  readonly importSyncRows: number;
  /**
   * An import of larger files (in all) than this runs in a background task too, whatever its data rows (default 16 MiB):
   * rows of blank cells count as none, and 141 MB of them were read on the request, 76 s and 3 GB (a review, stop 63).
   */
  readonly importSyncBytes: number;
  /** Members named per event of the data-protection clean-up (`ERASURE_CHUNK_MEMBERS`: default 500, at most 2,000; decision 318). */
  readonly erasureChunkMembers: number;
  /** Events per chunk of an import's write (issue 40; `IMPORT_CHUNK_EVENTS`: KurrentDB 5,000, at most 20,000; embedded 100,000, at most 200,000). */
  readonly importChunkEvents: number;
  /** Origins whose pages may call the API from a browser (`CORS_ORIGINS`, comma-separated); empty: CORS closed. */
  readonly corsOrigins: readonly string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  // Personal data and keys: the folder is the product user's alone (0700; private-files.ts).
  privateDir(dataDir);
  const eventStoreUrl = env.EVENT_STORE_URL || undefined;
  if (eventStoreUrl && !/^(kurrentdb|kurrent|esdb|esdb\+discover|kurrentdb\+discover):\/\//.test(eventStoreUrl)) {
    throw new Error(`EVENT_STORE_URL must be a kurrentdb:// or esdb:// URL, got ${eventStoreUrl}`);
  }
  const eventStoreStreamPrefix = env.EVENT_STORE_STREAM_PREFIX ?? '';
  const prefixProblem = streamPrefixProblem(eventStoreStreamPrefix);
  if (prefixProblem) throw new Error(prefixProblem);
  return {
    port: wholeNumber(env.PORT, 3000, 'PORT', 1),
    dataDir,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    cooperativeName: env.COOPERATIVE_NAME || 'My cooperative',
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    sessionMaxSeconds: wholeNumber(env.SESSION_MAX_SECONDS, 12 * 3600, 'SESSION_MAX_SECONDS', 1),
    trustedProxies: proxies(env.TRUSTED_PROXIES, 'TRUSTED_PROXIES'),
    eventStoreUrl,
    eventStoreStreamPrefix,
    mongodbUrl: env.MONGODB_URL || undefined,
    mongodbDatabase: env.MONGODB_DATABASE || 'coop-ledger',
    runProjections: env.RUN_PROJECTIONS !== 'false',
    adminUiDir: resolve(env.ADMIN_UI_DIR ?? join(import.meta.dirname, '../../../../admin-ui/dist')),
    readThreads: wholeNumber(env.READ_THREADS, 2, 'READ_THREADS', 0),
    readYourWritesWaitMs: wholeNumber(env.READ_YOUR_WRITES_WAIT_MS, 5000, 'READ_YOUR_WRITES_WAIT_MS', 1),
    eventLogPrewarm: yesNo(env.EVENT_LOG_PREWARM, true, 'EVENT_LOG_PREWARM'),
    tasksRunIn: oneOf(env.TASKS_RUN_IN, ['api', 'worker'] as const, 'api', 'TASKS_RUN_IN'),
    taxCertificatesSyncLimit: wholeNumber(env.TAX_CERTIFICATES_SYNC_LIMIT, 500, 'TAX_CERTIFICATES_SYNC_LIMIT', 0),
    closureChunkEvents: Math.min(
      wholeNumber(env.CLOSURE_CHUNK_EVENTS, 2000, 'CLOSURE_CHUNK_EVENTS', 1),
      CLOSURE_CHUNK_MAX,
    ),
    pdfSyncLimit: wholeNumber(env.PDF_SYNC_LIMIT, 300, 'PDF_SYNC_LIMIT', 0),
    exportSyncLimit: wholeNumber(env.EXPORT_SYNC_LIMIT, 5000, 'EXPORT_SYNC_LIMIT', 0),
    exportBudgetSeconds:
      env.EXPORT_BUDGET_SECONDS === undefined || env.EXPORT_BUDGET_SECONDS === ''
        ? undefined
        : wholeNumber(env.EXPORT_BUDGET_SECONDS, 0, 'EXPORT_BUDGET_SECONDS', 0),
    importSyncRows: wholeNumber(env.IMPORT_SYNC_ROWS, 20_000, 'IMPORT_SYNC_ROWS', 0),
    importSyncBytes: wholeNumber(env.IMPORT_SYNC_BYTES, 16 * 1024 * 1024, 'IMPORT_SYNC_BYTES', 0),
    importChunkEvents: importChunkEvents(env.IMPORT_CHUNK_EVENTS, eventStoreUrl !== undefined),
    erasureChunkMembers: atMost(
      wholeNumber(env.ERASURE_CHUNK_MEMBERS, 500, 'ERASURE_CHUNK_MEMBERS', 1),
      2000,
      'ERASURE_CHUNK_MEMBERS',
    ),
    corsOrigins: origins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
  };
}

/** `true` or `false` from the environment, or `fallback` when unset. */
function yesNo(raw: string | undefined, fallback: boolean, name: string): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got ${raw}`);
}

/** One of `allowed` from the environment, or `fallback` when unset. */
function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (raw === undefined || raw === '') return fallback;
  const found = allowed.find((a) => a === raw);
  if (found === undefined) throw new Error(`${name} must be ${allowed.join(' or ')}, got ${raw}`);
  return found;
}

/** Comma-separated origins (`https://host[:port]`, nothing after it) from the environment; none when unset. */
function origins(raw: string | undefined, name: string): readonly string[] {
  const listed = (raw ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const o of listed) {
    let origin: string | undefined;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== o || !/^https?:/.test(o))
      throw new Error(`${name} must list origins such as https://console.example.org, got ${o}`);
  }
  return listed;
}

/** Comma-separated IP addresses or CIDR ranges (`10.0.0.0/8`) from the environment; none when unset. */
function proxies(raw: string | undefined, name: string): readonly string[] {
  const listed = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of listed) {
    const [address, bits, ...rest] = p.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const badBits = bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits);
    if (family === 0 || badBits || rest.length > 0)
      throw new Error(`${name} must list IP addresses or CIDR ranges such as 10.0.0.0/8, got ${p}`);
  }
  return listed;
}

/** The most events a closure step may append, whatever CLOSURE_CHUNK_EVENTS says (well under KurrentDB's 2 s commit). */
export const CLOSURE_CHUNK_MAX = 10_000;

/**
 * Events per chunk of an import's write (decision 278). On KurrentDB a chunk is one request: 5,000 by default, at most
 * 20,000 (the client's deadline and the server's append size). On the embedded log a chunk is one transaction, whose
 * commit writes every page it touched, the log's (stream, revision) index pages included, which a million postings to
 * 100,000 members touch all over: 100,000 by default, at most 200,000, so those pages are written 13 times, not 260.
 */
function importChunkEvents(raw: string | undefined, kurrent: boolean): number {
  const [fallback, max] = kurrent ? [5000, 20_000] : [100_000, 200_000];
  return atMost(wholeNumber(raw, fallback, 'IMPORT_CHUNK_EVENTS', 1), max, 'IMPORT_CHUNK_EVENTS');
}

/** `n`, refused when above `max` (a chunk size that would break a server limit). */
function atMost(n: number, max: number, name: string): number {
  if (n > max) throw new Error(`${name} must be at most ${max}, got ${n}`);
  return n;
}

/** A whole number of at least `min` from the environment, or `fallback` when unset. */
function wholeNumber(raw: string | undefined, fallback: number, name: string, min: 0 | 1): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new Error(
      `${name} must be ${min === 1 ? 'a positive whole number' : 'a whole number (0 or more)'}, got ${raw}`,
    );
  }
  return n;
}

/** A JWT secret generated once and kept in the data directory, readable by its owner only. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
