/**
 * Issues 29 and 40: an import stopped half way is finished by the next run, and is never shown as whole before.
 * The command line (`npm run import`, services/dist/member-import/cli/main.js) writes with a small chunk size
 * (`IMPORT_CHUNK_EVENTS`) and is killed (SIGKILL) at chosen steps by the test-only switch `COOP_TEST_STOP_AT`, never by
 * timing: after its third chunk, then (run again) after its sixth. The server then starts on the data directory as
 * ever and shows the import as running, refusing another; the same import run again finishes it, and the log equals
 * that of an uninterrupted run on a copy of the same directory, event for event. A further run writes nothing.
 * A problem in the files' last row stops the write before anything is appended (decision 260), and no run, whole or
 * killed, leaves its spill of decisions behind.
 */
import { createDecipheriv } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ADMIN_PASSWORD, auth } from './support/app.js';
import { termsSetAndStopped } from './support/first-start.js';
import { headOf, logEvents, MEMBERS, registerFiles, runCli, type LoggedEvent } from './support/import-cli.js';
import { caughtUp, startServer, type ServerProcess } from './support/server-process.js';

/** Five runs of the command line and two server starts, on a machine shared with other work. */
const TIMEOUT_MS = 900_000;

interface Sealed {
  readonly subject: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
  readonly fields: readonly string[];
}

/**
 * The event's data with its personal data opened (`_personal`: sealed per subject with a random IV, so two runs never
 * write the same ciphertext) with the subject keys of `dataDir`: what the two runs wrote, not how it was sealed.
 */
function opened(dataDir: string, events: readonly LoggedEvent[]): LoggedEvent[] {
  const db = new Database(join(dataDir, 'keys.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const keyOf = db.prepare<[string], { key: Buffer }>('SELECT key FROM subject_keys WHERE subject = ?');
    return events.map((e) => {
      const data = JSON.parse(e.data) as { _personal?: Sealed | Sealed[] };
      if (data._personal === undefined) return e;
      const personal = (Array.isArray(data._personal) ? data._personal : [data._personal]).map((sealed) => {
        const key = keyOf.get(sealed.subject)?.key;
        if (!key) throw new Error(`no key of ${sealed.subject}`);
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
          decipher.final(),
        ]).toString('utf8');
        return { subject: sealed.subject, fields: sealed.fields, plain: JSON.parse(plain) as unknown };
      });
      return { ...e, data: JSON.stringify({ ...data, _personal: personal }) };
    });
  } finally {
    db.close();
  }
}

/**
 * An import's events as two runs can compare them: its own id, the ids it drew (they derive from its id: the first 28
 * characters are the import's), the plan's hash over them, and the times written (`at`) replaced by placeholders.
 */
function comparable(events: readonly LoggedEvent[]): string[] {
  const started = events.find((e) => e.type === 'RegisterImportStarted');
  const admitted = events.find((e) => e.type === 'MemberAdmitted');
  if (!started || !admitted) throw new Error('the import wrote no start or no member');
  const importId = (JSON.parse(started.data) as { importId: string }).importId;
  const idPrefix = (JSON.parse(admitted.data) as { memberId: string }).memberId.slice(0, 28);
  return events.map((e) =>
    `${e.stream_id}#${e.revision} ${e.type} ${e.data}`
      .split(importId)
      .join('<import>')
      .split(idPrefix)
      .join('<id>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
      .replace(/"planHash":"[0-9a-f]{64}"/, '"planHash":"<hash over the ids>"'),
  );
}

const count = (events: readonly LoggedEvent[], type: string): number => events.filter((e) => e.type === type).length;

describe('an import killed while it writes', () => {
  let dataDir: string;
  let wholeDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-import-crash-'));
    wholeDir = `${dataDir}-whole`;
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(wholeDir, { recursive: true, force: true });
  });

  it(
    'is shown as running, refuses another, and the next run finishes it as an uninterrupted run writes it; once',
    async () => {
      // First start and the share terms, then the server stopped: the operator imports with the server down.
      server = await startServer(dataDir);
      const cooperativeId = await termsSetAndStopped(server);
      server = undefined;
      const files = registerFiles(dataDir);
      const args = [...files, '--cooperative', cooperativeId, '--lang', 'en', '--confirm-warnings'];
      const before = headOf(dataDir);
      cpSync(dataDir, wholeDir, { recursive: true });
      const spillFiles = (dir: string): string[] => readdirSync(join(dir, 'import-spill'));

      // A posting of a member the file does not have, as the postings file's last row: found after every other row
      // was decided (a dozen chunks' worth), it stops the write before its start is appended.
      const lateDir = join(dataDir, 'late');
      mkdirSync(lateDir);
      const late = registerFiles(lateDir);
      appendFileSync(late[1]!, '999;Z1;1;2;02.03.2021;05.03.2021;01.04.2021\r\n');
      const lateRun = runCli([...late, ...args.slice(files.length)], dataDir);
      expect({ status: lateRun.status, output: lateRun.output }).toMatchObject({
        status: 1,
        output: expect.not.stringMatching(/^Written/m) as unknown,
      });
      expect(lateRun.output).toMatch(/\b999\b/); // the row's problem listed
      expect(headOf(dataDir)).toBe(before);
      expect(spillFiles(dataDir)).toEqual([]);

      // The uninterrupted run, on a copy of the same directory.
      const whole = runCli(args, wholeDir);
      expect({ status: whole.status, output: whole.output }).toMatchObject({
        status: 0,
        output: expect.stringMatching(/^Written/m) as unknown,
      });
      const wholeLog = logEvents(wholeDir, before);
      const chunks = count(wholeLog, 'RegisterImportChunkWritten');
      expect(chunks).toBeGreaterThan(6);

      // Killed after its third chunk: the start and three chunks are in the log, the end is not.
      const first = runCli(args, dataDir, { COOP_TEST_STOP_AT: 'import:chunk-written:2' });
      expect(first.signal).toBe('SIGKILL');
      expect(first.output).not.toMatch(/^Written/m);
      expect(spillFiles(dataDir)).toEqual([]);
      expect(
        logEvents(dataDir, before)
          .map((e) => e.type)
          .filter((t) => t.startsWith('RegisterImport')),
      ).toEqual([
        'RegisterImportStarted',
        'RegisterImportChunkWritten',
        'RegisterImportChunkWritten',
        'RegisterImportChunkWritten',
      ]);

      // The next start is clean: it listens, its read models reach the log's end, the import shows as running, and
      // another import is refused while it runs.
      server = await startServer(dataDir);
      const { checkpoint, head } = await caughtUp(dataDir);
      expect(checkpoint).toBe(head);
      const again = (
        await request(server.url)
          .post('/api/v1/login')
          .send({ username: 'admin', password: ADMIN_PASSWORD })
          .expect(200)
      ).body as { token: string };
      const history = await request(server.url).get('/api/v1/import/history').set(auth(again.token)).expect(200);
      expect(history.body).toEqual([
        expect.objectContaining({
          state: 'running',
          chunks,
          chunksWritten: 3,
          files: ['Mitglieder.csv', 'Buchungen.csv'],
        }),
      ]);
      const otherDir = join(dataDir, 'other');
      mkdirSync(otherDir);
      const other = registerFiles(otherDir, 'Andere.csv', 3);
      let upload = request(server.url).post('/api/v1/import').set(auth(again.token)).field('confirmWarnings', 'true');
      for (const path of other) upload = upload.attach('files', path);
      const refused = await upload;
      expect(refused.status).toBe(400);
      expect((refused.body as { errors: { template: string }[] }).errors.map((e) => e.template)).toEqual([
        'importRunning',
      ]);
      await server.stop('SIGTERM');
      server = undefined;

      // Run again, it resumes and is killed once more, after its sixth chunk; then run to its end.
      const second = runCli(args, dataDir, { COOP_TEST_STOP_AT: 'import:chunk-written:5' });
      expect({ signal: second.signal, output: second.output }).toMatchObject({ signal: 'SIGKILL' });
      expect(count(logEvents(dataDir, before), 'RegisterImportChunkWritten')).toBe(6);
      const last = runCli(args, dataDir);
      expect({ status: last.status, output: last.output }).toMatchObject({
        status: 0,
        output: expect.stringMatching(/^Written/m) as unknown,
      });

      // Event for event what the uninterrupted run wrote (the ids drawn from each run's import id and the times aside).
      const resumed = logEvents(dataDir, before);
      expect(comparable(opened(dataDir, resumed))).toEqual(comparable(opened(wholeDir, wholeLog)));
      expect(count(resumed, 'MemberAdmitted')).toBe(MEMBERS);

      // The same import once more writes nothing.
      const twice = runCli(args, dataDir);
      expect(twice.status).toBe(0);
      expect(twice.output).toMatch(/already imported/);
      expect(logEvents(dataDir, before)).toHaveLength(resumed.length);
    },
    TIMEOUT_MS,
  );
});
