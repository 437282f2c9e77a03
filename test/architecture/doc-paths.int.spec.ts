import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * Issue 44: the docs name files by path, and a renamed file leaves its old name behind in them (three were stale:
 * `posting.input.ts`, `BackgroundExport.tsx`, `read-views.ts`). Every path in backticks in `docs/*.md` and the README
 * must name a file that exists. A doc may name a path from the repository's root, from a package (`src/console.ts`
 * under `contracts/`), from a package's `src/` or from an area's folder (`domain/erasure.decider.ts` in the text
 * about data protection), or from `node_modules/` (a library's own file).
 */
const PACKAGES = ['services', 'admin-ui', 'projections', 'contracts'];
const PATH = /`([A-Za-z0-9_.@/-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css))`/g;

function folders(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .map((name) => join(dir, name))
        .filter((p) => statSync(p).isDirectory())
    : [];
}

const bases: string[] = ['', 'test', 'bench', 'docs', 'scripts', 'node_modules'];
for (const pkg of PACKAGES) {
  bases.push(pkg, join(pkg, 'src'));
  for (const area of folders(join(pkg, 'src'))) bases.push(area);
}

/** The backticked paths of `text` (with a folder in them) that name no file from any base. */
function stalePaths(text: string, exists: (path: string) => boolean): string[] {
  const stale: string[] = [];
  for (const match of text.matchAll(PATH)) {
    const path = match[1]!;
    if (!path.includes('/')) continue;
    if (!bases.some((base) => exists(join(base, path)))) stale.push(path);
  }
  return stale;
}

const docs = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

describe('paths named in the docs', () => {
  it('each names a file that exists', () => {
    const stale = docs.flatMap((doc) =>
      stalePaths(readFileSync(doc, 'utf8'), existsSync).map((path) => `${doc}: ${path}`),
    );
    expect(stale).toEqual([]);
  });

  it('finds a renamed file', () => {
    expect(
      stalePaths('see `share-ledger/http/posting.input.ts` and `members/queries/member.view.ts`', existsSync),
    ).toEqual(['share-ledger/http/posting.input.ts']);
  });
});
