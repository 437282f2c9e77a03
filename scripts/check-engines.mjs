#!/usr/bin/env node
// Every package the lock installs must accept the oldest Node the project names (package.json `engines.node`, the
// lowest version of its range): `npm ci` warns EBADENGINE otherwise, and the package may use what that Node lacks
// (issue 43, decision 181). Run by `npm test` (test/architecture/engines.int.spec.ts) and on its own:
//   node scripts/check-engines.mjs          exits 1 and names each package that excludes it
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const semver = createRequire(import.meta.url)('semver');

/**
 * The lock's packages whose declared `engines.node` excludes the lowest Node of `projectRange`, as
 * `{ path, version, engines }`, in the lock's order. A package without `engines.node` accepts every Node.
 * @param {{ packages: Record<string, { version?: string, engines?: unknown }> }} lock
 * @param {string} projectRange
 */
export function packagesExcludingNode(lock, projectRange) {
  const lowest = semver.minVersion(projectRange);
  if (!lowest) throw new Error(`package.json engines.node is no version range: ${projectRange}`);
  const found = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '') continue;
    const engines = entry.engines;
    // Old packages wrote engines as a list ("node >=0.8"); npm ignores those, and so does this check.
    const range = engines && typeof engines === 'object' && !Array.isArray(engines) ? engines.node : undefined;
    if (typeof range !== 'string') continue;
    if (!semver.validRange(range) || !semver.satisfies(lowest, range))
      found.push({ path, version: entry.version ?? '', engines: range });
  }
  return { lowest: lowest.version, found };
}

function main() {
  const root = new URL('../', import.meta.url);
  const project = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));
  const { lowest, found } = packagesExcludingNode(lock, project.engines.node);
  for (const p of found)
    console.error(
      `${p.path}@${p.version} requires Node ${p.engines}; the project names Node ${project.engines.node} (from ${lowest})`,
    );
  if (found.length > 0) process.exit(1);
  console.log(`every locked package accepts Node ${lowest}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
