import { setFlagsFromString } from 'node:v8';

/*
 * A tighter heap for one large piece of work (decision 280: an import's read, replay and write). After each full
 * collection V8 lets the heap grow by a factor it picks from how busy the program is, up to four times what it found
 * live; an import at 100,000 members has about 0.9 GB live at the end of its replay and its heap grew to 1.6 GB before
 * V8 collected again, so the process peaked near 1.9 GB. With the factor fixed at 1 + TIGHT_HEAP_GROWING_PERCENT/100
 * while the work runs, V8 collects a little more often and the peak stays near 1.5 GB (about 2 s more in a minute).
 * The factor is V8's `--heap-growing-percent` (0: V8 picks it), read at every full collection, so it can be set and
 * put back while the program runs; overlapping works (two cooperatives' imports) keep it until the last one ends.
 * It is the process's: while it is set, the other threads (the projections, the reads) collect sooner too.
 */

/** The heap's growth after a full collection while a tight work runs: 40 % over what was found live. */
export const TIGHT_HEAP_GROWING_PERCENT = 40;

let running = 0;

/** Runs `work` with the heap's growth fixed at TIGHT_HEAP_GROWING_PERCENT; V8's own choice again once it ends. */
export async function withTightHeap<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) setFlagsFromString(`--heap-growing-percent=${TIGHT_HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    if (--running === 0) setFlagsFromString('--heap-growing-percent=0');
  }
}

/** How many works run with the tight heap now (for tests). */
export function tightHeapWorks(): number {
  return running;
}
