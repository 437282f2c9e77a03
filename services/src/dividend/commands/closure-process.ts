import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  dividendRegisterStream,
  dividendStream,
  fieldError,
  ValidationError,
  type DividendEvent,
  type EventStore,
  type FieldError,
  type StreamAppend,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError, SavedNotYetShownError } from '../../platform/commands/errors.js';
import { pauseHereInTests, stopHereInTests } from '../../platform/commands/test-stop.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import type { AppConfig } from '../../platform/config/config.js';
import { expectedAt, streamLength } from '../../platform/event-store/stepped-append.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { APP_CONFIG, EVENT_STORE } from '../../platform/tokens.js';
import {
  afterClosureStep,
  nextClosureStep,
  type ClosurePlan,
  type ClosureProgress,
} from '../domain/closure-process.decider.js';
import {
  closureRegisterDecider,
  yearState,
  type ClosureCommand,
  type ClosureRegister,
} from '../domain/closure-register.decider.js';
import type { DividendParams } from '../domain/engine/index.js';
import {
  closureEventCount,
  closureEventsDecider,
  closureOf,
  stepPayees,
  type Closure,
} from '../domain/closure-events.decider.js';
import { DividendCalculation, refusalOf } from '../queries/dividend-calculation.js';
import { AlreadyCredited } from '../domain/dividend-credit.js';
import { ClosureCredits, type CreditScope } from './closure-credits.js';

/**
 * Attempts of a step that another run of the same closure, or another year's lock on the register, got to first (it then
 * reads the register and the stream length again).
 */
const STEP_ATTEMPTS = 5;

/** A year already closed (or closed meanwhile by a concurrent closure) answers 409 with the template; others 400. */
export function refuse(errors: readonly FieldError[]): Error {
  return errors.some((e) => e.template === 'yearAlreadyClosed')
    ? new ConflictingStateError(errors)
    : new ValidationError(errors);
}

export const closedMeanwhile = (year: number): Error => refuse([fieldError('year', 'yearAlreadyClosed', String(year))]);

/** The register's decision, its refusal of a closed year answered as such (409). */
export function decide(
  command: ClosureCommand,
  state: ClosureRegister,
): ReturnType<typeof closureRegisterDecider.decide> {
  try {
    return closureRegisterDecider.decide(command, state);
  } catch (error) {
    throw error instanceof ValidationError ? refuse(error.errors) : error;
  }
}

/** Pause between waits for the read models to reach the log's head. */
const CATCH_UP_PAUSE_MS = 1000;

/** Waits until the read models include every event the log holds now (a resumed closure calculates from them). */
export async function caughtUp(events: EventStore, progress: ReadModelProgress): Promise<void> {
  const head = await events.headPosition();
  for (;;) {
    try {
      return await progress.waitFor(head);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_PAUSE_MS));
    }
  }
}

/** The years a stop left closing with their request recorded (resumable without a request), oldest first. */
export function stoppedClosures(register: ClosureRegister): number[] {
  return Object.entries(register.years)
    .filter(([, y]) => !y.closed && y.params !== undefined)
    .map(([year]) => Number(year))
    .sort((a, b) => a - b);
}

/** Reports how many of the closure's events are written. */
export type ClosureProgressReport = (written: number, events: number) => void;

/**
 * The year's closure after its lock, as a process (issue 40; decisions 155-157): the results calculated from the read
 * models (which include every posting made before the lock), then the closure's stream `dividend-<id>` appended in steps
 * of at most `CLOSURE_CHUNK_EVENTS` events (`DividendDeclared` first, then one `DividendMemberPaid` per member in payout
 * order), then `DividendYearClosed` on the register. Which step comes next is decided by `nextClosureStep` from what the
 * log holds; each step appends at the revision it read, so a step retried after a crash or a refusal writes nothing
 * twice, and a run that stopped anywhere is finished by the next one (the same request again, or `ClosureResumer` at
 * the next start), with the same events as an uninterrupted run.
 */
@Injectable()
export class ClosureProcess {
  constructor(
    private readonly writer: StreamWriter,
    private readonly calculation: DividendCalculation,
    private readonly credits: ClosureCredits,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs the closure of `year`, locked on the register, to its end and answers its id. Its request is the one the lock
   * recorded; `requested` only for a lock written before issue 40, which recorded none.
   */
  async run(
    caller: CommandContext,
    year: number,
    requested: DividendParams | undefined,
    today: string,
    report?: ClosureProgressReport,
  ): Promise<string> {
    const cooperativeId = caller.actor.cooperativeId;
    const register = dividendRegisterStream(cooperativeId);
    // The register as this run last read it: its state and revision, read again after a conflict on any stream.
    let locked = await this.writer.load(register, closureRegisterDecider);
    const state = yearState(locked.state, year);
    if (state === undefined) throw closedMeanwhile(year);
    const { dividendId } = state;
    if (state.closed) return dividendId;
    const ctx = await this.asLocker(caller, register, dividendId);
    const params: DividendParams | undefined = state.params ? { year, ...state.params } : requested;
    if (params === undefined)
      throw new Error(`The closure of ${year} was locked without its request: repeat the request to resume it`);

    const calc = await this.calculation.calculate(cooperativeId, params, today, {
      withLines: true,
      resuming: dividendId,
    });
    if (calc.errors.length > 0) throw refuse(refusalOf(calc.errors));
    if (!calc.lines) throw new Error("A closure is calculated with its members' posting lines");
    const closure = closureOf({ ...calc, lines: calc.lines }, dividendId);
    const plan: ClosurePlan = { events: closureEventCount(closure), chunkEvents: this.config.closureChunkEvents };
    const stream = dividendStream(dividendId);
    const creditScope = await this.credits.scope(cooperativeId);
    let progress: ClosureProgress = {
      closed: false,
      written: await streamLength(this.events, stream, plan.events, plan.chunkEvents),
    };
    let appended = 0;
    report?.(progress.written, plan.events);
    for (
      let step = nextClosureStep(plan, progress), attempt = 1;
      step.kind !== 'done';
      step = nextClosureStep(plan, progress)
    ) {
      try {
        if (step.kind === 'append') {
          const events = await this.decideStep(creditScope, ctx, closure, step.from, step.to);
          await this.append([
            {
              streamId: stream,
              expected: expectedAt(step.from),
              events: this.writer.stamp(events.closure, ctx, cooperativeId),
            },
            ...events.credits,
          ]);
          stopHereInTests(`closure:step-${++appended}`);
        } else {
          const closing = decide({ type: 'FinishClosure', cooperativeId, year, dividendId }, locked.state);
          await this.append([
            { streamId: register, expected: locked.expected, events: this.writer.stamp(closing, ctx, cooperativeId) },
          ]);
          stopHereInTests('closure:closed');
        }
        progress = afterClosureStep(progress, step);
        report?.(progress.written, plan.events);
        if (step.kind === 'append') await pauseHereInTests(`closure:step-${appended}`);
        attempt = 1;
      } catch (error) {
        // A member stream holding this closure's credit (issue 45) tells as well that the step was written.
        if (!(error instanceof ConcurrencyError || error instanceof AlreadyCredited)) throw error;
        // Another run of this closure got there first, or another year's lock or end moved the register (every year's):
        // go on from what the log holds now, the register's state and revision included.
        locked = await this.writer.load(register, closureRegisterDecider);
        const now = yearState(locked.state, year);
        if (now?.dividendId !== dividendId) throw closedMeanwhile(year);
        // Finished by another run (a resumption of the same closure): done, as this run would have ended.
        if (now.closed) return dividendId;
        if (attempt++ >= STEP_ATTEMPTS) throw error;
        progress = {
          closed: false,
          written: await streamLength(this.events, stream, plan.events, plan.chunkEvents),
        };
      }
    }
    return dividendId;
  }

  /**
   * The closure's events are the clerk's who locked the year, whoever runs or resumes it (the task queued at a restart
   * runs as `system`), so the closure shows the same `closedBy` and the same recorders as an uninterrupted run.
   */
  private async asLocker(ctx: CommandContext, register: string, dividendId: string): Promise<CommandContext> {
    const lock = (await this.events.readStream(register)).find(
      (e) => e.type === 'DividendYearClosing' && (e.data as { dividendId?: string }).dividendId === dividendId,
    );
    const user = lock?.metadata.user;
    if (user === undefined || user === ctx.actor.username) return ctx;
    return { ...ctx, actor: { ...ctx.actor, userId: user, username: user } };
  }

  /**
   * Events [from, to) of the closure's stream, decided by `closureEventsDecider` with the credits of the step's payees to
   * their Geschäftsguthaben (issue 45; DOMAIN.md 1.6), and the member streams' appends booking them, written in the same
   * append as the payouts.
   */
  private async decideStep(
    scope: CreditScope,
    ctx: CommandContext,
    closure: Closure,
    from: number,
    to: number,
  ): Promise<{ closure: DividendEvent[]; credits: readonly StreamAppend[] }> {
    const { credits, appends } = await this.credits.forStep(scope, ctx, closure, stepPayees(closure, from, to));
    const events = closureEventsDecider.decide({ type: 'DecideClosureStep', closure, to, credits }, { written: from });
    return { closure: events, credits: appends };
  }

  /** Appends one step (atomically over its streams); a step stored but not yet shown by the read models is done (the next step waits again). */
  private async append(appends: readonly StreamAppend[]): Promise<void> {
    try {
      await this.writer.appendAll(appends);
    } catch (error) {
      if (!(error instanceof SavedNotYetShownError)) throw error;
    }
  }
}
