import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { PERMISSION_NAMES } from '@coop/contracts';

/**
 * One role matrix (issue 44, `contracts/src/permissions.ts`): a controller of the API and a file of the console ask for
 * permissions (`@Requires('members:write')`, `allows(actor.roles, 'cooperatives:all')`, `can(session, 'users:read')`),
 * never for a role by its name. This test reads their code (comments are prose and may name roles) and fails on any
 * string that names a role (`'ROLE_ADMIN'`, a template with `ROLE_`). The console's translation catalogues label the
 * roles and its unit tests build sessions: both are left out.
 */
const ROOT = process.cwd();
const ROLE_NAME = /\bROLE_[A-Z_]*/;

/** The role names a source text spells in string literals or templates, with their line numbers. */
export function roleNamesIn(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const match = ROLE_NAME.exec(node.text);
      if (match)
        found.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} names ${match[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(path);
    return /\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The API's controllers and the rest of its HTTP folders. */
const apiFiles = (): string[] =>
  files(join(ROOT, 'services/src')).filter((f) => f.endsWith('.controller.ts') || /\/http\//.test(f));
/** The console, without its translation catalogues. */
const consoleFiles = (): string[] => files(join(ROOT, 'admin-ui/src')).filter((f) => !/\/i18n\//.test(f));

function violations(paths: readonly string[]): string[] {
  return paths.flatMap((path) => roleNamesIn(relative(ROOT, path), readFileSync(path, 'utf8')));
}

describe('no role names in controllers and in the console (they ask the permission matrix)', () => {
  it('finds a role named in a check, a route declaration or a template, and not in a comment or a permission', () => {
    const controller = [
      "import { allows } from '../../auth/policy.js';",
      '/** Only ROLE_SUPER_ADMIN lists every cooperative (a comment may say so). */',
      "const all = actor.roles.includes('ROLE_SUPER_ADMIN');",
      "const fine = allows(actor.roles, 'cooperatives:all');",
    ].join('\n');
    expect(roleNamesIn('services/src/x/http/x.controller.ts', controller)).toEqual([
      'services/src/x/http/x.controller.ts:3 names ROLE_SUPER_ADMIN',
    ]);
    const screen = [
      "export const x = { path: '/users', role: 'ROLE_ADMIN' };",
      'const label = `needs ${"ROLE_"}USER`;',
      'const t = `ROLE_EDIT_USERS:${n}`;',
      "export const ok = { path: '/users', permission: 'users:read' };",
    ].join('\n');
    expect(roleNamesIn('admin-ui/src/x/index.tsx', screen)).toEqual([
      'admin-ui/src/x/index.tsx:1 names ROLE_ADMIN',
      'admin-ui/src/x/index.tsx:2 names ROLE_',
      'admin-ui/src/x/index.tsx:3 names ROLE_EDIT_USERS',
    ]);
  });

  it('reads the files it is meant to read', () => {
    expect(apiFiles().some((f) => f.endsWith('users/http/users.controller.ts'))).toBe(true);
    expect(consoleFiles().some((f) => f.endsWith('users/index.ts'))).toBe(true);
    expect(consoleFiles().some((f) => f.includes('/i18n/'))).toBe(false);
  });

  it('no controller or HTTP file of the API names a role', () => {
    expect(violations(apiFiles())).toEqual([]);
  });

  it('no file of the console names a role', () => {
    expect(violations(consoleFiles())).toEqual([]);
  });

  it('every permission of the matrix is asked by the API (a permission no route or check names is a stale line)', () => {
    const api = files(join(ROOT, 'services/src'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const contracts = readFileSync(join(ROOT, 'contracts/src/permissions.ts'), 'utf8');
    const unused = PERMISSION_NAMES.filter(
      (p) => !api.includes(`'${p}'`) && !contracts.includes(`allows(roles, '${p}')`),
    );
    expect(unused).toEqual([]);
  });
});
