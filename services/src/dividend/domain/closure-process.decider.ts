/*
 * The year's closure as a process (issue 40): `DividendYearClosing` on the register (the lock, with the request) →
 * the closure's stream `dividend-<id>` written in steps (`DividendDeclared`, then the payouts in payout order) →
 * `DividendYearClosed` on the register. Which step comes next is decided here from what the log holds: the register's
 * state of the year and how many events the closure's stream has. Every step appends at the closure stream's revision
 * it read, so a step retried after a crash or a refusal finds its events there and writes nothing twice. Pure: no
 * framework, no I/O.
 */

/** The closure's events in order: index 0 is `DividendDeclared`, index i ≥ 1 the i-th payout. */
export interface ClosurePlan {
  /** Events of the closure's stream when whole: 1 (the declaration) + one per payout. */
  readonly events: number;
  /** Most events one step appends (CLOSURE_CHUNK_EVENTS). */
  readonly chunkEvents: number;
}

/** What the log holds of the closure. */
export interface ClosureProgress {
  /** The register's state of the year: being closed under this closure, or closed. */
  readonly closed: boolean;
  /** Events already in the closure's stream (0: none, the stream does not exist). */
  readonly written: number;
}

export type ClosureStep =
  /** Append events [from, to) of the plan to the closure's stream, at revision `from - 1` (`no_stream` for 0). */
  | { readonly kind: 'append'; readonly from: number; readonly to: number }
  /** Every event is written: append `DividendYearClosed` on the register. */
  | { readonly kind: 'finish' }
  /** The register records the year closed: nothing is left. */
  | { readonly kind: 'done' };

/** A stream holding more events than the plan: the closure was written with other results than this run computed. */
export class ClosureDiverged extends Error {
  constructor(
    readonly written: number,
    readonly planned: number,
  ) {
    super(`The closure's stream holds ${written} events, the closure plans ${planned}`);
  }
}

/** The next step of the closure. */
export function nextClosureStep(plan: ClosurePlan, progress: ClosureProgress): ClosureStep {
  if (!Number.isInteger(plan.chunkEvents) || plan.chunkEvents < 1)
    throw new RangeError('A closure step appends at least one event');
  if (progress.closed) return { kind: 'done' };
  if (progress.written > plan.events) throw new ClosureDiverged(progress.written, plan.events);
  if (progress.written === plan.events) return { kind: 'finish' };
  return { kind: 'append', from: progress.written, to: Math.min(plan.events, progress.written + plan.chunkEvents) };
}

/** The progress after a step was appended. */
export function afterClosureStep(progress: ClosureProgress, step: ClosureStep): ClosureProgress {
  switch (step.kind) {
    case 'append':
      return { closed: false, written: step.to };
    case 'finish':
    case 'done':
      return { closed: true, written: progress.written };
  }
}

/** Every step of a closure from `progress` to its end, in order (what an uninterrupted run appends). */
export function closureSteps(plan: ClosurePlan, progress: ClosureProgress): ClosureStep[] {
  const steps: ClosureStep[] = [];
  for (let at = progress, step = nextClosureStep(plan, at); step.kind !== 'done'; step = nextClosureStep(plan, at)) {
    steps.push(step);
    at = afterClosureStep(at, step);
  }
  return steps;
}
