// The demo generator's fill (the code behind `npm run demo`) kept in bench/.data/ between runs, under the same key
// bench/members.js gives its fills (`members-<members>-postings-<postings>-seed-<seed>`), so either script reuses the
// other's; with the postings left to the generator (the rebuild benches' demo log) `demo-members-<members>-postings-auto-
// seed-<seed>`. `node bench/support/demo-fill.js <members> <postings>` only makes sure the filled directory exists.
import { fileURLToPath } from 'node:url';
import { benchEnv, built, log, now, round } from '../lib.js';
import { cachedFill, ensureCachedFill } from './cached-fill.js';

export const DEMO_SEED = 42;

/** The kept fill's name; `postings` undefined: as many as the generator chooses (the rebuild benches' demo log). */
export const fillKey = (members, postings, seed = DEMO_SEED) =>
  postings === undefined
    ? `demo-members-${members}-postings-auto-seed-${seed}`
    : `members-${members}-postings-${postings}-seed-${seed}`;

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
      const summary = await fillDemo(filling, {
        members,
        ...(postings === undefined ? {} : { postings }),
        seed: DEMO_SEED,
        log: (line) => log(`    ${line}`),
      });
      return { ...summary, fillMs: now() - t };
    } finally {
      await filling.close();
    }
  };
  // The dividend benchmark reads the kept fill itself and times the rebuild that adds its read models.
  if (runDir === null) return ensureCachedFill(fillKey(members, postings), fill, { upgrade: false });
  const t0 = now();
  const result = await cachedFill(fillKey(members, postings), runDir, fill, { enabled: cache });
  return { ...result, copyMs: now() - t0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const members = Number(process.argv[2] ?? 200_000);
  const postings = Number(process.argv[3] ?? members * 10);
  log(
    `filling (or reusing bench/.data/${fillKey(members, postings)}) with the demo generator: ${members} members, about ${postings} postings`,
  );
  const { reused, info } = await demoFill(members, postings, null);
  const r = info.result;
  log(
    `    ${reused ? 'reused' : 'filled'}: ${round(r.fillMs / 1000, 1)} s, ${r.members} members, ${r.postings} postings, ${r.events} events, ` +
      `${r.exemptionOrders} exemption orders, ${r.nonAssessments} non-assessment certificates`,
  );
}
