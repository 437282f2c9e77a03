import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const contracts = resolve(here, '../../contracts/src');

/** The modules an `import`/`export … from` of a source file loads at run time (type-only ones are erased). */
function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)) {
    const [, typeOnly, clause, specifier] = m;
    if (typeOnly || !specifier) continue;
    // `import { type A, type B } from` is erased as a whole too.
    const names = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '')?.[1];
    if (names !== undefined && names.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    out.push(specifier);
  }
  for (const m of source.matchAll(/^\s*import\s+'([^']+)'/gm)) if (m[1]) out.push(m[1]);
  return out;
}

const CONSOLE_ENTRIES = ['console.ts', 'share-transfer.ts'];

/** Every contracts file the console's subpaths load at run time, and every package any of them imports. */
function consoleClosure(): { files: string[]; packages: string[] } {
  const files: string[] = [];
  const packages: string[] = [];
  const visit = (file: string) => {
    if (files.includes(file)) return;
    files.push(file);
    for (const specifier of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.push(`${specifier} (${file})`);
    }
  };
  // The console's two subpaths: the console entry and the transfer's split (vite.config.ts says why it is apart).
  for (const entry of CONSOLE_ENTRIES) visit(join(contracts, entry));
  return { files, packages };
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('what the console takes from contracts', () => {
  it('loads only contracts files that import no package (no request classes, decorators or server code)', () => {
    const { files, packages } = consoleClosure();
    expect(files.length).toBeGreaterThan(1);
    expect(packages).toEqual([]);
  });

  it('the check sees a value import and ignores a type-only one', () => {
    expect(
      runtimeSpecifiers(
        "import { IsString } from 'class-validator';\nimport type { A } from 'x';\nimport { type B } from 'y';",
      ),
    ).toEqual(['class-validator']);
    expect(
      runtimeSpecifiers(
        "export { WRITABLE_FIELDS } from './writable-fields.js';\nexport type { X } from './resources.js';",
      ),
    ).toEqual(['./writable-fields.js']);
  });

  it('the console imports contracts only through `@coop/contracts/console` and `/share-transfer`', () => {
    const offenders = sources(here).filter((file) =>
      /from '@coop\/contracts(?!\/console'|\/share-transfer')/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
