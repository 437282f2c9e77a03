import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/*
 * What a signed-in clerk's first load of `/users` evaluates (issue 43, decision 264): the shell's modules (those
 * `main.tsx` imports statically, transitively) and the users screen's. MUI components among them are evaluated on
 * every first load although the first screen draws none (its parts are plain elements, decision 26): a menu, dialog,
 * alert or text field is imported where it is first drawn, behind a dynamic `import()` (`plain/menus.tsx`,
 * `common/ConfirmDialogBody.tsx`, `layout/shellParts.tsx`). Type-only imports and dynamic imports are not followed.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
/** The MUI parts the first load may evaluate: the baseline styles the shell draws (App.tsx). */
const ALLOWED_MUI = new Set(['@mui/material CssBaseline']);

function resolve(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return undefined;
}

/** The static, non-type imports of a module: specifier and the names it takes. */
function staticImports(file: string): Array<{ specifier: string; names: string[] }> {
  const code = readFileSync(file, 'utf8');
  const found: Array<{ specifier: string; names: string[] }> = [];
  const re = /^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s+'([^']+)';|^import\s+'([^']+)';/gms;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    if (m[3]) {
      found.push({ specifier: m[3], names: [] });
      continue;
    }
    const clause = m[1] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const named = braces
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    const plain = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    const names = [...named, ...(plain ? [plain] : [])];
    // `import { type A, type B } from` brings nothing at run time.
    if (braces && names.length === 0 && !plain) continue;
    found.push({ specifier: m[2]!, names });
  }
  return found;
}

/** The modules evaluated from `entries` on, and the MUI imports among them (`file: package Name`). */
function muiInFirstLoad(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((e) => join(SRC, e));
  const mui: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, names } of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier);
        if (target) queue.push(target);
      } else if (specifier.startsWith('@mui/')) {
        for (const name of names.length > 0 ? names : ['(module)'])
          if (!ALLOWED_MUI.has(`${specifier} ${name}`)) mui.push(`${relative(SRC, file)}: ${specifier} ${name}`);
      }
    }
  }
  return mui;
}

describe("the signed-in first load of /users (the shell and the users screen's modules)", () => {
  it('imports no MUI component it does not draw (each is imported where it is first drawn, on demand)', () => {
    expect(muiInFirstLoad(['main.tsx', 'users/UsersPage.tsx'])).toEqual([]);
  });

  it('sees an MUI import where there is one (the check itself)', () => {
    expect(muiInFirstLoad(['plain/menus.tsx'])).toEqual([
      'plain/menus.tsx: @mui/material Menu',
      'plain/menus.tsx: @mui/material MenuItem',
    ]);
  });
});
