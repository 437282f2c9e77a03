import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { consoleIsStale } from '../fresh-build.js';

/** Issue 44: the browser tests must not run a console built before its sources changed. */
describe('the console build older than its sources', () => {
  let root: string;
  const at = (path: string, seconds: number): void => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, 'x');
    utimesSync(path, seconds, seconds);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'coop-fresh-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without a build, and when a source (however deep, also in contracts) is newer than it', () => {
    at(join(root, 'admin-ui', 'src', 'members', 'List.tsx'), 1000);
    expect(consoleIsStale(root)).toBe(true);
    at(join(root, 'admin-ui', 'dist', 'index.html'), 2000);
    expect(consoleIsStale(root)).toBe(false);
    at(join(root, 'admin-ui', 'src', 'members', 'deep', 'Row.tsx'), 3000);
    expect(consoleIsStale(root)).toBe(true);
    at(join(root, 'admin-ui', 'dist', 'index.html'), 4000);
    at(join(root, 'contracts', 'src', 'roles.ts'), 5000);
    expect(consoleIsStale(root)).toBe(true);
  });
});
