/**
 * Issue 29: an import stopped half way writes nothing. The command line (`npm run import`, services/dist/member-import/
 * cli/main.js) is killed with SIGKILL while it writes a register of some thousand members: the log holds no event of
 * the import (the write is one `appendMulti`, one SQLite transaction), the server then starts on the data directory as
 * ever, and the same import run again is written once; a third run does nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ADMIN_PASSWORD, auth, JWT_SECRET, validCooperative } from './support/app.js';
import { caughtUp, startServer, type ServerProcess } from './support/server-process.js';

const TIMEOUT_MS = 180_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../services/dist/member-import/cli/main.js', import.meta.url));
const MEMBERS = 2500;

const env = (dataDir: string): NodeJS.ProcessEnv => ({ ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, ADMIN_PASSWORD, JWT_SECRET, ADMIN_UI_DIR: join(dataDir, 'no-console') });

/** A register of MEMBERS members, each with its subscription and one more posting (German CSV, one file per kind). */
function registerFiles(dir: string): string[] {
  const members = ['Mitgliedsnummer;Name / Firma;Vorname;Geburtsdatum;Straße;Hausnummer;PLZ;Ort;IBAN;Eintrittsdatum;Zulassungsdatum;Verzinsungsbeginn'];
  const postings = ['Mitgliedsnummer;Buchungsnummer;Buchungsart;Anzahl;Datum;Zulassungsdatum;Verzinsungsbeginn'];
  for (let nr = 1; nr <= MEMBERS; nr++) {
    members.push(`${nr};Absturz;Anna ${nr};12.04.1980;Lindenweg;7;12345;Musterstadt;DE89370400440532013000;15.01.2020;20.01.2020;01.02.2020`);
    postings.push(`${nr};A${nr};0;3;15.01.2020;20.01.2020;01.02.2020`, `${nr};B${nr};1;2;02.03.2021;05.03.2021;01.04.2021`);
  }
  const files = [join(dir, 'Mitglieder.csv'), join(dir, 'Buchungen.csv')];
  writeFileSync(files[0]!, `\uFEFF${members.join('\r\n')}\r\n`);
  writeFileSync(files[1]!, `\uFEFF${postings.join('\r\n')}\r\n`);
  return files;
}

/** The log's events in all, and those of an import (the register's and every member admitted). */
function logCounts(dataDir: string): { events: number; imports: number; admitted: number } {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const count = (sql: string): number => (db.prepare<[], { n: number }>(sql).get()?.n ?? 0);
    return {
      events: count('SELECT COUNT(*) AS n FROM events'),
      imports: count("SELECT COUNT(*) AS n FROM events WHERE type = 'RegisterImported'"),
      admitted: count("SELECT COUNT(*) AS n FROM events WHERE type = 'MemberAdmitted'"),
    };
  } finally {
    db.close();
  }
}

/** Runs the command line to its end: exit code and output. */
function runCli(args: readonly string[], dataDir: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: env(dataDir), encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Starts the command line and kills it with SIGKILL shortly after it says it writes; its output up to then. */
async function killWhileWriting(args: readonly string[], dataDir: string): Promise<string> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: env(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/^Writing/m.test(output)) setTimeout(() => resolve(), 50 + Math.floor(Math.random() * 100));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the import ended (${code}) before it was killed:\n${output}`)));
  });
  child.kill('SIGKILL');
  await ended;
  return output;
}

describe('an import killed while it writes', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-import-crash-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing written, the next start is clean, and the import then runs once', async () => {
    // First start and the share terms, then the server stopped: the operator imports with the server down.
    server = await startServer(dataDir);
    const login = await request(server.url).post('/api/v1/login').send({ username: 'admin', password: ADMIN_PASSWORD }).expect(200);
    const token = (login.body as { token: string }).token;
    const cooperativeId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cooperative: string }).cooperative;
    await request(server.url).put(`/api/v1/cooperatives/${cooperativeId}`).set(auth(token)).send(validCooperative({ balanceCost: 25000, minimumShares: 1 })).expect(200);
    await server.stop('SIGTERM');
    server = undefined;
    const before = logCounts(dataDir);
    const files = registerFiles(dataDir);
    const args = [...files, '--cooperative', cooperativeId, '--lang', 'en'];

    const output = await killWhileWriting(args, dataDir);
    expect(output).not.toMatch(/^Written/m);
    expect(logCounts(dataDir)).toEqual(before);

    // The next start is clean: it listens, and its read models reach the log's end.
    server = await startServer(dataDir);
    const { checkpoint, head } = await caughtUp(dataDir);
    expect(checkpoint).toBe(head);
    const again = await request(server.url).post('/api/v1/login').send({ username: 'admin', password: ADMIN_PASSWORD }).expect(200);
    const members = await request(server.url).get('/api/v1/members').set(auth((again.body as { token: string }).token));
    expect(members.status).toBe(204);
    await server.stop('SIGTERM');
    server = undefined;

    const written = runCli(args, dataDir);
    expect({ status: written.status, output: written.output }).toMatchObject({ status: 0, output: expect.stringMatching(/^Written/m) as unknown });
    expect(logCounts(dataDir)).toMatchObject({ imports: 1, admitted: MEMBERS });
    const twice = runCli(args, dataDir);
    expect(twice.status).toBe(0);
    expect(twice.output).toMatch(/already imported/);
    expect(logCounts(dataDir)).toMatchObject({ imports: 1, admitted: MEMBERS });
  }, TIMEOUT_MS);
});
