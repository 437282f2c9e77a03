import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { privateDir, privateSqliteFile } from './private-files.js';

/* The files of an installation made before issue 38 (0644) are narrowed when the stores open them. */
describe('private files', () => {
  const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

  it('narrows an existing store and its side files, and makes a missing one 0600', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coop-private-'));
    try {
      chmodSync(dir, 0o755);
      const store = join(dir, 'events.sqlite');
      for (const f of [store, `${store}-wal`, `${store}-shm`]) writeFileSync(f, '', { mode: 0o644 });
      privateDir(dir);
      privateSqliteFile(store);
      privateSqliteFile(join(dir, 'keys.sqlite'));
      expect([dir, store, `${store}-wal`, `${store}-shm`, join(dir, 'keys.sqlite')].map(mode)).toEqual([
        '700',
        '600',
        '600',
        '600',
        '600',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
