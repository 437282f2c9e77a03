// Two ways of doing the same work, timed interleaved in one process (old new new old, twice), each after a warm-up:
// for the small A/B benches of a change (bench/posting-read.js, bench/dividend-input-read.js).
import { log, now, round } from '../lib.js';

/**
 * Runs `passes.old` and `passes.new` (each returns a checksum of what it read) as old new new old old new new old, after
 * one warm-up of each (the first pass pays for the compiler); throws when the two disagree. Answers the milliseconds of
 * each run by way, the best of each and their ratio (new / old).
 */
export function oldAgainstNew(passes, what) {
  const runs = { old: [], new: [] };
  const check = passes.old();
  if (passes.new() !== check) throw new Error('the two ways disagree');
  for (const name of ['old', 'new', 'new', 'old', 'old', 'new', 'new', 'old']) {
    const t = now();
    const sum = passes[name]();
    const ms = now() - t;
    if (check !== sum) throw new Error(`the two ways disagree: ${check} and ${sum}`);
    runs[name].push(round(ms));
    log(`${name}: ${round(ms)} ms for ${what}`);
  }
  const best = (values) => values.reduce((a, b) => Math.min(a, b), Infinity);
  return { runs, bestOld: best(runs.old), bestNew: best(runs.new), ratio: round(best(runs.new) / best(runs.old), 3) };
}
