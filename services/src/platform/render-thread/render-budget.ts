/**
 * The budget a rendered file is made within (issue 38; docs/security.md "Limits"): a time and, in a render thread, a
 * memory limit. Past either the work stops and the request is refused (`renderBudgetExceeded`), instead of one file
 * holding the API's thread or memory for as long as it takes.
 */
export interface RenderBudget {
  /** Wall-clock seconds from the start of the rendering. */
  readonly seconds: number;
  /** The render thread's heap (V8's old generation, `resourceLimits.maxOldGenerationSizeMb`). */
  readonly memoryMb: number;
}

/** The rendering passed its budget: `reason` says which limit. */
export class RenderBudgetExceeded extends Error {
  constructor(
    readonly budget: RenderBudget,
    readonly reason: 'time' | 'memory',
  ) {
    super(
      `The file could not be made within its budget (${budget.seconds} s, ${budget.memoryMb} MB): it ran out of ${reason}`,
    );
    this.name = 'RenderBudgetExceeded';
  }
}

/** A clock for one rendering: `check()` throws RenderBudgetExceeded once the budget's time is up (0 s: at once). */
export function budgetClock(
  budget: RenderBudget,
  now: () => number = Date.now,
): { readonly check: () => void; readonly left: () => number } {
  const deadline = now() + budget.seconds * 1000;
  return {
    check: () => {
      if (now() >= deadline) throw new RenderBudgetExceeded(budget, 'time');
    },
    left: () => Math.max(0, deadline - now()),
  };
}

/**
 * The batches of `source` as they come, the budget's clock checked before each: a rendering on the calling thread
 * stops between two batches (and, through its progress callback, between two rows) once its time is up.
 */
export async function* withinBudget<T>(
  source: AsyncIterable<T>,
  clock: { readonly check: () => void },
): AsyncGenerator<T> {
  for await (const item of source) {
    clock.check();
    yield item;
  }
}

/**
 * The progress callback with the budget's clock checked first: a renderer on the calling thread calls it every few rows
 * (the member PDFs every 200 rows or 5 statements, the member list files every slice), so it stops between two.
 */
export function checkedProgress(
  clock: { readonly check: () => void },
  progress?: (done: number) => void,
): (done: number) => void {
  return (done) => {
    clock.check();
    progress?.(done);
  };
}
