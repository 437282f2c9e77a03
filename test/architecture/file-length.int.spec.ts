import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * Issue 44 and the house rules: files small and named for what they hold, about 400 lines at most. Every source and
 * spec file of the packages and the tests stays within 400 lines; a longer one is split by what it holds (its describe
 * blocks, the rule it tests), its shared set-up going to a support module beside it (`testing/`, `support/`).
 */
const MAX_LINES = 400;
const ROOTS = ['services', 'projections', 'contracts', join('admin-ui', 'src'), 'test'];
const SOURCE = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/;
/** Built output and installed packages are no one's source. */
const SKIPPED = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Lines as `wc -l` counts them: a last line without its newline counts too. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files of `files` longer than MAX_LINES, each with its length. */
function tooLong(files: readonly string[], read: (path: string) => string): string[] {
  return files.flatMap((path) => {
    const lines = lineCount(read(path));
    return lines > MAX_LINES ? [`${path}: ${lines} lines`] : [];
  });
}

describe('file length', () => {
  it(`keeps every source and spec file within ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(500);
    expect(tooLong(files, (path) => readFileSync(path, 'utf8'))).toEqual([]);
  });

  it('finds a file one line too long, and none at the limit', () => {
    const lines = (n: number): string => 'x\n'.repeat(n);
    const files: Record<string, string> = {
      'at-limit.ts': lines(MAX_LINES),
      'no-last-newline.ts': `${lines(MAX_LINES)}x`,
      'one-too-many.spec.ts': lines(MAX_LINES + 1),
    };
    expect(tooLong(Object.keys(files), (path) => files[path]!)).toEqual([
      `no-last-newline.ts: ${MAX_LINES + 1} lines`,
      `one-too-many.spec.ts: ${MAX_LINES + 1} lines`,
    ]);
  });
});
