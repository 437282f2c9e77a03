// The demo generator's fill (the code behind `npm run demo`) kept in bench/.data/ between runs, under the same key
// bench/members.js gives its fills (`members-<members>-postings-<postings>-seed-<seed>`), so either script reuses the
// other's. `node bench/support/demo-fill.js <members> <postings>` only makes sure the filled directory exists.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, built, CACHE_DIR, cachedFill, log, now, ROOT, round } from '../lib.js';

export const DEMO_SEED = 42;

export const fillKey = (members, postings, seed = DEMO_SEED) => `members-${members}-postings-${postings}-seed-${seed}`;

/**
 * `runDir` null: only makes sure the kept fill exists (answers `{ reused, info, dir }`, `dir` the kept directory).
 * Otherwise copies the kept fill of `members` members and about `postings` postings into `runDir` (filling it first when
 * bench/.data/ has none). Answers `{ reused, info, copyMs }`; `info.result` is the generator's summary plus `fillMs`.
 */
export async function demoFill(members, postings, runDir, { cache = true } = {}) {
  const { createApp } = await built('services/dist/create-app.js');
  const { areas } = await built('services/dist/areas.js');
  const { loadConfig } = await built('services/dist/platform/config/config.js');
  const { fillDemo } = await built('services/dist/demo/demo.js');
  const fill = async (target) => {
    const filling = await createApp(loadConfig(benchEnv(target)), areas, { logger: false });
    try {
      const t = now();
      const summary = await fillDemo(filling, { members, postings, seed: DEMO_SEED, log: (line) => log(`    ${line}`) });
      return { ...summary, fillMs: now() - t };
    } finally {
      await filling.close();
    }
  };
  if (runDir === null) return ensureFill(fillKey(members, postings), fill);
  const t0 = now();
  const result = await cachedFill(fillKey(members, postings), runDir, fill, { enabled: cache });
  return { ...result, copyMs: now() - t0 };
}

/** As `cachedFill` without the copy for a run: fills bench/.data/<key> when it holds no finished fill. */
async function ensureFill(key, fill) {
  const cached = join(CACHE_DIR, key);
  const reused = existsSync(join(cached, 'fill.json'));
  if (!reused) {
    mkdirSync(CACHE_DIR, { recursive: true });
    if (!existsSync(join(CACHE_DIR, '.gitignore'))) writeFileSync(join(CACHE_DIR, '.gitignore'), '*\n');
    rmSync(cached, { recursive: true, force: true });
    const scratch = `${cached}.filling-${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    try {
      const result = await fill(scratch);
      writeFileSync(join(scratch, 'fill.json'), `${JSON.stringify({ key, result, madeAt: new Date().toISOString(), commit: commitId() }, null, 2)}\n`);
      renameSync(scratch, cached);
    } catch (error) {
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  return { reused, info: JSON.parse(readFileSync(join(cached, 'fill.json'), 'utf8')), dir: cached };
}

function commitId() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const members = Number(process.argv[2] ?? 200_000);
  const postings = Number(process.argv[3] ?? members * 10);
  log(`filling (or reusing bench/.data/${fillKey(members, postings)}) with the demo generator: ${members} members, about ${postings} postings`);
  const { reused, info } = await demoFill(members, postings, null);
  const r = info.result;
  log(`    ${reused ? 'reused' : 'filled'}: ${round(r.fillMs / 1000, 1)} s, ${r.members} members, ${r.postings} postings, ${r.events} events, ` +
    `${r.exemptionOrders} exemption orders, ${r.nonAssessments} non-assessment certificates`);
}
