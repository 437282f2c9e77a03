import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import request from 'supertest';
import type { TaskDto } from '@coop/contracts';
import { backupDataDir, restoreDataDir } from '../../services/src/platform/storage-backup.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { until } from './support/tasks.js';

/*
 * The data directory holds personal data and keys: every file in it is 0600 and every folder 0700, as `jwt-secret`
 * always was (issue 38). Before, `events.sqlite`, `read-models.sqlite`, `keys.sqlite`, their `-wal` and `-shm` files and
 * their backups were 0644 and the task files' folder 0755. Checked after a start, a write (a member, a task file) and
 * a backup, and in a restored directory. This process's umask stays as it is (0022 under most shells): the product
 * must make its files private itself, not rely on the umask of whoever starts it.
 */

/** Every entry under `dir` whose permission bits are not 0600 (file) or 0700 (folder): `path mode`. */
function notPrivate(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) out.push(`${relative(dir, path) || '.'}/ ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (mode !== 0o600) out.push(`${relative(dir, path)} ${mode.toString(8)}`);
  };
  walk(dir);
  return out;
}

/** The names of the files under `dir`, to see that the check saw what it should. */
const names = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

describe('file modes of the data directory', () => {
  let t: TestApp;
  const scratch = mkdtempSync(join(tmpdir(), 'coop-modes-'));

  beforeAll(async () => {
    process.umask(0o022);
    // Above the export limit of 0 members, the member list is written by a task: a file in DATA_DIR/files.
    t = await startApp({ JWT_SECRET: '', EXPORT_SYNC_LIMIT: '0' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('after a start: the stores, their side files and the token secret', () => {
    expect(names(t.dataDir)).toEqual(
      expect.arrayContaining([
        'events.sqlite',
        'events.sqlite-wal',
        'keys.sqlite',
        'read-models.sqlite',
        'read-models.sqlite-wal',
        'jwt-secret',
      ]),
    );
    expect(notPrivate(t.dataDir)).toEqual([]);
  });

  it('after a write and a task file', async () => {
    await setTerms(t.http, t.adminToken, t.cooperativeId);
    await createMember(t.http, t.adminToken, { name: 'Modus' });
    const queued = await request(t.http)
      .get('/api/v1/export/members.csv')
      .query({ date: '2025-12-31' })
      .set(auth(t.adminToken));
    expect(queued.status).toBe(202);
    const done = await until(t.http, t.adminToken, (queued.body as TaskDto).id, (task) => task.state === 'completed');
    expect(done.files).toHaveLength(1);
    expect(names(join(t.dataDir, 'files'))).toHaveLength(1);
    expect(notPrivate(t.dataDir)).toEqual([]);
  });

  it('in a backup (npm run backup) and in a directory restored from it', async () => {
    const backup = join(scratch, 'backup');
    await backupDataDir(t.dataDir, backup);
    expect(names(backup)).toEqual(
      expect.arrayContaining([
        'events.sqlite',
        'keys.sqlite',
        'read-models.sqlite',
        'jwt-secret',
        'backup.json',
        'files',
      ]),
    );
    expect(notPrivate(backup)).toEqual([]);
    const restored = join(scratch, 'restored');
    restoreDataDir(backup, restored);
    expect(notPrivate(restored)).toEqual([]);
  });
});
