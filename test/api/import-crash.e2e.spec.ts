/**
 * Issue 29: an import stopped half way writes nothing. The command line (`npm run import`, services/dist/member-import/
 * cli/main.js) is killed with SIGKILL while it writes a register of some thousand members: the log holds no event of
 * the import (the write is one `appendMulti`, one SQLite transaction), the server then starts on the data directory as
 * ever, and the same import run again is written once; a third run does nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  const members = [
    'Mitgliedsnummer;Mitgliedsart;Funktion;Anrede;Briefanrede;Titel;Name / Firma;Vorname;Geburtsdatum;Rechtsform;Familienstand;Straße;Hausnummer;PLZ;Ort;Bundesland;Ausland;E-Mail;Bank;IBAN;BIC;Eintrittsdatum;Zulassungsdatum;Verzinsungsbeginn',
  ];
  const postings = ['Mitgliedsnummer;Buchungsnummer;Buchungsart;Anzahl;Datum;Zulassungsdatum;Verzinsungsbeginn'];
  for (let nr = 1; nr <= MEMBERS; nr++) {
    members.push(
      `${nr};1;0;Frau;female;none;Absturz;Anna ${nr};12.04.1980;0;0;Lindenweg;7;12345;Musterstadt;by;nein;anna${nr}@example.org;Musterbank;DE89370400440532013000;COBADEFFXXX;15.01.2020;20.01.2020;01.02.2020`,
    );
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

/** Starts the command line on `dataDir`; `onOutput` sees its output as it grows. */
function startCli(args: readonly string[], dataDir: string, onOutput: (output: string) => void): { child: ChildProcess; ended: Promise<string> } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: env(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const add = (chunk: Buffer): void => {
    output += chunk.toString();
    onOutput(output);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  return { child, ended: new Promise((resolve) => child.once('exit', () => resolve(output))) };
}

/** How long the write takes, from "Writing" to "Written", measured on a copy of the data directory. */
async function writeMillis(args: readonly string[], dataDir: string): Promise<number> {
  const copy = `${dataDir}-timing`;
  cpSync(dataDir, copy, { recursive: true });
  try {
    let from = 0;
    let to = 0;
    const { ended } = startCli(args, copy, (output) => {
      if (from === 0 && /^Writing/m.test(output)) from = performance.now();
      if (to === 0 && /^Written/m.test(output)) to = performance.now();
    });
    const output = await ended;
    if (from === 0 || to === 0) throw new Error(`the timing run did not write:\n${output}`);
    return to - from;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * Kills the command line with SIGKILL at a random moment of the last part of its write (between 60 % and 95 % of the time
 * a write takes, when it appends), before it says it has written; its output up to then.
 */
async function killWhileWriting(args: readonly string[], dataDir: string, millis: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const { child, ended } = startCli(args, dataDir, (output) => {
    if (timer === undefined && /^Writing/m.test(output)) timer = setTimeout(() => child.kill('SIGKILL'), Math.round(millis * (0.6 + Math.random() * 0.35)));
  });
  const output = await ended;
  clearTimeout(timer);
  expect(child.signalCode).toBe('SIGKILL');
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
    const args = [...files, '--cooperative', cooperativeId, '--lang', 'en', '--confirm-warnings'];

    const output = await killWhileWriting(args, dataDir, await writeMillis(args, dataDir));
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
