/**
 * Issue 40: `docker compose up --build` from a checkout that was built before must still compile the services. When the
 * build context carried `*.tsbuildinfo` but no `dist/`, `tsc -b` in the image took the build for up to date and the
 * image had no `services/dist/main.js`. `.dockerignore` is read here with Docker's rules (moby/patternmatcher: Go's
 * filepath.Match per path segment, `**` for any number of directories, a matching directory excludes all below it,
 * `!` includes again, the last matching line wins) and must keep every build output out of the context.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

const ROOT = process.cwd();

/** A `.dockerignore` line as Docker reads it: a regular expression over the whole path, and whether it excludes. */
interface Rule {
  readonly exclude: boolean;
  readonly pattern: RegExp;
}

function rulesOf(text: string): Rule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exclude = !line.startsWith('!');
      const glob = (exclude ? line : line.slice(1)).replace(/^\/+/, '').replace(/\/+$/, '');
      return { exclude, pattern: new RegExp(`^${globToRegExp(glob)}$`) };
    });
}

function globToRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` any number of directories (none too); `**` at the end anything.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

/** Whether Docker leaves `path` out of the build context: it or a directory above it matches, the last rule winning. */
function excluded(rules: readonly Rule[], path: string): boolean {
  const segments = path.split('/');
  let out = false;
  for (let n = 1; n <= segments.length; n++) {
    const prefix = segments.slice(0, n).join('/');
    for (const rule of rules) if (rule.pattern.test(prefix)) out = rule.exclude;
    if (out) return true;
  }
  return out;
}

/** The packages the image builds (the root's workspaces). */
function workspaces(): string[] {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
}

describe('the Docker build context (.dockerignore)', () => {
  const rules = rulesOf(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));

  it("leaves out every workspace's TypeScript build state and build output, so that the image compiles afresh", () => {
    const outputs = workspaces().flatMap((w) => [
      `${w}/tsconfig.tsbuildinfo`,
      `${w}/dist`,
      `${w}/dist/index.js`,
      `${w}/dist/main.js`,
      `${w}/tsconfig.build.tsbuildinfo`,
    ]);
    // The build state files a build of this checkout left, wherever tsc put them.
    const found = workspaces().flatMap((w) =>
      readdirSync(join(ROOT, w))
        .filter((f) => f.endsWith('.tsbuildinfo'))
        .map((f) => `${w}/${f}`),
    );
    const kept = [...outputs, ...found, 'tsconfig.tsbuildinfo'].filter((path) => !excluded(rules, path));
    expect(kept).toEqual([]);
  });

  it('leaves out dependencies and data, and keeps the sources the build needs', () => {
    expect(
      ['node_modules/x/index.js', 'services/node_modules/x/index.js', 'data/events.sqlite'].filter(
        (p) => !excluded(rules, p),
      ),
    ).toEqual([]);
    const sources = [
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
      ...workspaces().flatMap((w) => [`${w}/package.json`, `${w}/tsconfig.json`, `${w}/src/index.ts`]),
    ];
    expect(sources.filter((p) => excluded(rules, p))).toEqual([]);
  });

  it('reads the rules as Docker does', () => {
    const sample = rulesOf('**/dist\n*.log\n!keep.log\nbuild/\n');
    expect(['a/b/dist/x.js', 'dist', 'x.log', 'build/a/b'].map((p) => excluded(sample, p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['keep.log', 'a/x.log', 'distant/x', 'src/build.ts'].map((p) => excluded(sample, p))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
