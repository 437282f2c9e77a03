/**
 * Issue 28, backup and restore: `npm run backup` while clients post, `npm run restore` into an empty data directory,
 * the server started on it. The restored log is the original's up to the backup's position, and the restored read
 * models, once projected on from their own checkpoint, equal the original's at that position (its log cut there and
 * rebuilt). A restore into a data directory in use is refused.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ADMIN_PASSWORD, auth } from './support/app.js';
import { DATES, setTerms, validMember } from './support/members.js';
import {
  caughtUp,
  npmScript,
  positions,
  readModels,
  rebuild,
  startServer,
  type ServerProcess,
} from './support/server-process.js';

const TIMEOUT_MS = 120_000;
const CLIENTS = 4;

type EventRow = [number, string, number, string, string, string];

function logUpTo(dataDir: string, position: number): EventRow[] {
  const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[number], EventRow>(
        'SELECT position, stream_id, revision, type, data, metadata FROM events WHERE position <= ? ORDER BY position',
      )
      .raw()
      .all(position);
  } finally {
    db.close();
  }
}

describe('a backup taken under load restores to the same ledger', () => {
  let root: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'coop-ledger-backup-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'backs up while postings run, restores into an empty directory and starts on it',
    async () => {
      const original = join(root, 'original');
      const backup = join(root, 'backup');
      const restored = join(root, 'restored');
      server = await startServer(original);
      const login = await request(server.url)
        .post('/api/v1/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      const token = (login.body as { token: string }).token;
      const cooperativeId = (
        JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cooperative: string }
      ).cooperative;
      await setTerms(server.url, token, cooperativeId, 25000, 1);
      const members: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await request(server.url)
          .post('/api/v1/members')
          .set(auth(token))
          .send(validMember({ name: `Sicherung${i}` }))
          .expect(201);
        members.push((res.body as { id: string }).id);
      }

      let stop = false;
      let duringBackup = 0;
      let backingUp = false;
      const client = async (c: number): Promise<void> => {
        for (let n = 0; !stop; n++) {
          const res = await request(server!.url)
            .post('/api/v1/balances')
            .set(auth(token))
            .send({ member: members[(c + n) % members.length], type: 1, quantity: 1 + (n % 2), ...DATES });
          expect(res.status).toBe(201);
          if (backingUp) duringBackup++;
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      backingUp = true;
      const taken = await npmScript('backup', [backup], original);
      backingUp = false;
      expect(taken).toMatchObject({ status: 0 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      stop = true;
      await Promise.all(clients);
      expect(duringBackup).toBeGreaterThan(0);
      await server.stop('SIGTERM');
      server = undefined;

      const manifest = JSON.parse(readFileSync(join(backup, 'backup.json'), 'utf8')) as {
        eventsHead: number;
        stores: string[];
      };
      expect(manifest.stores).toEqual(['read-models.sqlite', 'events.sqlite', 'keys.sqlite']);
      const finalHead = positions(original).head;
      expect(manifest.eventsHead).toBeGreaterThan(0);
      expect(manifest.eventsHead).toBeLessThan(finalHead); // the clients posted on after the backup

      // A data directory that is not empty is refused, and left as it was.
      const refused = await npmScript('restore', [backup], original);
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain(`Will not restore into ${original}: it is not empty`);
      expect(positions(original).head).toBe(finalHead);

      expect(await npmScript('restore', [backup], restored)).toMatchObject({ status: 0 });
      server = await startServer(restored);
      // The original's token is still accepted (same JWT_SECRET here; the restored users and their cooperative).
      await request(server.url).get(`/api/v1/members/${members[0]}`).set(auth(token)).expect(200);
      const { head } = await caughtUp(restored);
      expect(head).toBe(manifest.eventsHead);
      await server.stop('SIGTERM');
      server = undefined;

      // The restored log is the original's up to the backup's position.
      expect(logUpTo(restored, head)).toEqual(logUpTo(original, head));
      // The original's read models at that position: its log cut there, rebuilt.
      const cut = join(root, 'original-at-backup');
      cpSync(original, cut, { recursive: true });
      const db = new Database(join(cut, 'events.sqlite'));
      db.prepare('DELETE FROM events WHERE position > ?').run(head);
      db.close();
      rebuild(cut);
      expect(readModels(restored)).toEqual(readModels(cut));
    },
    TIMEOUT_MS,
  );
});
