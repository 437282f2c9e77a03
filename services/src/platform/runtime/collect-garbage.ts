import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * A full garbage collection, asked for where a large piece of work has just let go of most of what it held
 * (decision 277: an import's write after its replay). V8 sizes its next collection by the heap it saw live, so the
 * replay's garbage (the files' rows, the replay's state: about 1.5 GB at 100,000 members) would otherwise stand beside
 * what the chunks allocate for half a minute and more, and the process's memory would peak at that sum.
 * The product's processes start without `--expose-gc`; the function is taken once from a context made after the flag
 * is set (the flag applies to contexts made after it).
 */

let collect: (() => void) | undefined;

/** Runs a full, blocking garbage collection of this thread's heap (about a second at 2 GB on this project's machine). */
export function collectGarbage(): void {
  collect ??= gcFunction();
  collect();
}

function gcFunction(): () => void {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  setFlagsFromString('--expose-gc');
  const fn: unknown = runInNewContext('gc');
  if (typeof fn !== 'function') throw new Error('V8 did not expose its garbage collector');
  return fn as () => void;
}
