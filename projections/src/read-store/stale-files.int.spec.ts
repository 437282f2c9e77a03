/**
 * The read-model files of other generations than the current one (SqliteReadStoreFiles.staleFiles, decision 171): what
 * a start removes, and what the benchmarks' copies of a kept fill leave out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { READ_STORE_POINTER, SqliteReadStoreFiles } from './sqlite-read-store-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stale-files-'));
  const names = [
    'events.sqlite',
    'keys.sqlite',
    'read-models.sqlite',
    'read-models.1.sqlite',
    'read-models.1.sqlite-wal',
    'read-models.2.sqlite',
    'read-models.2.sqlite-shm',
    'read-models.2.sqlite-wal',
    'read-models.sqlite.bak',
  ];
  for (const name of names) writeFileSync(join(dir, name), '');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SqliteReadStoreFiles.staleFiles', () => {
  it('names every other generation, with its side files, but not the current one nor other files', () => {
    writeFileSync(join(dir, READ_STORE_POINTER), 'read-models.2.sqlite\n');
    expect(SqliteReadStoreFiles.staleFiles(dir).sort()).toEqual([
      'read-models.1.sqlite',
      'read-models.1.sqlite-wal',
      'read-models.sqlite',
    ]);
  });

  it('takes the first file for the current one without a pointer', () => {
    expect(SqliteReadStoreFiles.staleFiles(dir).sort()).toEqual([
      'read-models.1.sqlite',
      'read-models.1.sqlite-wal',
      'read-models.2.sqlite',
      'read-models.2.sqlite-shm',
      'read-models.2.sqlite-wal',
    ]);
  });
});
