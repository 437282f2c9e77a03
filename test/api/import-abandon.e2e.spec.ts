/**
 * Issue 40, decision 200: a stuck import (the command line killed after its third chunk by the test-only switch
 * `COOP_TEST_STOP_AT`, never by timing) blocks other imports with `importRunning` until an administrator abandons it:
 * `POST /import/{id}/abandon` appends `RegisterImportAbandoned` on the import register and nothing else (what the three
 * chunks wrote stays), the history shows it abandoned, a second abandonment answers `409 importNotRunning`, an
 * unknown id `404 importNotFound`, and another import is no longer refused with `importRunning`. The next start (after a kill) shows
 * the same.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { auth } from './support/app.js';
import { adminToken, termsSetAndStopped } from './support/first-start.js';
import { logEvents, registerFiles, runCli } from './support/import-cli.js';
import { startServer, type ServerProcess } from './support/server-process.js';

const TIMEOUT_MS = 600_000;

const templates = (res: request.Response): string[] =>
  (res.body as { errors: { template: string }[] }).errors.map((e) => e.template);

async function importOther(server: ServerProcess, token: string, files: readonly string[]): Promise<request.Response> {
  let upload = request(server.url).post('/api/v1/import').set(auth(token)).field('confirmWarnings', 'true');
  for (const path of files) upload = upload.attach('files', path);
  return upload;
}

describe('abandoning a stuck import', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-import-abandon-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'ends it by one event, keeps what it wrote, and lets other imports run again',
    async () => {
      server = await startServer(dataDir);
      const cooperativeId = await termsSetAndStopped(server);
      server = undefined;

      // The command line killed after its third chunk: the import is stuck (nothing resumes a command line's import).
      const files = registerFiles(dataDir);
      const killed = runCli([...files, '--cooperative', cooperativeId, '--lang', 'en', '--confirm-warnings'], dataDir, {
        COOP_TEST_STOP_AT: 'import:chunk-written:2',
      });
      expect(killed.signal).toBe('SIGKILL');

      server = await startServer(dataDir);
      const admin = await adminToken(server);
      const history = (await request(server.url).get('/api/v1/import/history').set(auth(admin)).expect(200)).body as {
        id: string;
        state: string;
        chunksWritten: number;
      }[];
      expect(history.map((h) => [h.state, h.chunksWritten])).toEqual([['running', 3]]);
      const importId = history[0]!.id;
      const otherDir = join(dataDir, 'other');
      mkdirSync(otherDir);
      const other = registerFiles(otherDir, 'Andere.csv', 3);
      const refused = await importOther(server, admin, other);
      expect([refused.status, templates(refused)]).toEqual([400, ['importRunning']]);

      // An id that is no import of the cooperative is not found (as another cooperative's is): 404, nothing written.
      const head = logEvents(dataDir).length;
      const unknown = await request(server.url)
        .post('/api/v1/import/0190a4c2-0000-7000-8000-000000000000/abandon')
        .set(auth(admin));
      expect([unknown.status, templates(unknown)]).toEqual([404, ['importNotFound']]);
      const malformed = await request(server.url).post('/api/v1/import/not-an-import/abandon').set(auth(admin));
      expect([malformed.status, templates(malformed)]).toEqual([404, ['importNotFound']]);
      // A path parameter longer than the platform takes is refused before the route (414).
      expect(
        (
          await request(server.url)
            .post(`/api/v1/import/${'x'.repeat(300)}/abandon`)
            .set(auth(admin))
        ).status,
      ).toBe(414);
      expect(logEvents(dataDir).length).toBe(head);

      // Abandoned: one event on the register, the chunks written stay.
      const before = logEvents(dataDir);
      const abandoned = await request(server.url)
        .post(`/api/v1/import/${importId}/abandon`)
        .set(auth(admin))
        .expect(200);
      expect(abandoned.body).toMatchObject({ running: false });
      const after = logEvents(dataDir);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((e) => [e.stream_id, e.type])).toEqual([
        [`imports-${cooperativeId}`, 'RegisterImportAbandoned'],
      ]);
      expect(JSON.parse(after[after.length - 1]!.data)).toMatchObject({ importId, chunksWritten: 3, by: 'admin' });
      const shown = (await request(server.url).get('/api/v1/import/history').set(auth(admin)).expect(200)).body as {
        state: string;
        chunksWritten: number;
        abandonReason: unknown;
      }[];
      // Given up by a person: no reason of its own (one that stopped itself names why, decision 301).
      expect(shown.map((h) => [h.state, h.chunksWritten, h.abandonReason])).toEqual([['abandoned', 3, null]]);
      const again = await request(server.url).post(`/api/v1/import/${importId}/abandon`).set(auth(admin));
      expect([again.status, templates(again)]).toEqual([409, ['importNotRunning']]);

      // Another import is no longer refused as blocked (its files reuse member numbers 1-3 the abandoned import wrote,
      // which stay, so its own check may refuse it: never with importRunning).
      const next = await importOther(server, admin, other);
      expect(next.status === 201 ? [] : templates(next)).not.toContain('importRunning');

      // Killed and started again: the abandonment holds.
      await server.stop('SIGKILL');
      server = await startServer(dataDir);
      const later = await adminToken(server);
      const states = (
        (await request(server.url).get('/api/v1/import/history').set(auth(later)).expect(200)).body as {
          id: string;
          state: string;
        }[]
      ).map((h) => [h.id === importId, h.state]);
      expect(states).toContainEqual([true, 'abandoned']);
      expect((await request(server.url).get('/api/v1/import/running').set(auth(later)).expect(200)).body).toMatchObject(
        { running: false },
      );
    },
    TIMEOUT_MS,
  );
});
