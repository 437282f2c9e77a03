import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Jest's global set-up of the API and browser tests (issue 44): they run the compiled server (`services/dist`) and
 * the built console (`admin-ui/dist`), so a build older than its sources silently tests old code. Before the first
 * such file runs, the server is built incrementally (`tsc -b`, about 5 s when nothing changed) and the console is
 * built when a source file is newer than its `index.html`.
 */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function consoleIsStale(root: string): boolean {
  const built = join(root, 'admin-ui', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = [join(root, 'admin-ui', 'src'), join(root, 'admin-ui', 'index.html'), join(root, 'contracts', 'src')];
  return sources.some(
    (source) =>
      existsSync(source) &&
      (statSync(source).isDirectory() ? newest(source) : statSync(source).mtimeMs) > statSync(built).mtimeMs,
  );
}

export default function freshBuild(): void {
  const root = process.cwd();
  execFileSync('npx', ['tsc', '-b', 'services'], { cwd: root, stdio: 'inherit' });
  if (consoleIsStale(root)) {
    process.stdout.write('\nThe console is older than its sources: building it before the tests that use it.\n');
    // As `npm run build` builds it: Jest sets NODE_ENV=test, with which the bundler keeps React's development build
    // (416 kB of JavaScript instead of 320 kB, and slower), so the browser tests would test another console.
    execFileSync('npm', ['run', 'build', '-w', 'admin-ui'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
