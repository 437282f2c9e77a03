import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessToday, ConcurrencyError, dividendRegisterStream, fieldError } from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { stopHereInTests } from '../../platform/commands/test-stop.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import {
  closureRegisterDecider,
  yearState,
  type ClosureCommand,
  type ClosureParams,
} from '../domain/closure-register.decider.js';
import type { DividendParams } from '../domain/engine/index.js';
import { DividendCalculation, refusalOf } from '../queries/dividend-calculation.js';
import { ClosureAsTask } from './closure-as-task.js';
import { closedMeanwhile, ClosureProcess, decide, refuse } from './closure-process.js';

/** Closes the year of `params` (`POST /dividend/store`); answers the closure's id. */
export class CloseYearCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly params: DividendParams,
  ) {
    super();
  }
}

/**
 * The year's closure, so that exactly one closure wins and no posting is lost (design-23.md), as a process (issue 40):
 * 1. the calculation from the read models; any error refuses it, nothing written;
 * 2. `DividendYearClosing` on the register with the revision read and the request (from then on postings into the
 *    year are refused; a concurrent closure of the same year loses on the revision: `yearAlreadyClosed`; one of
 *    another year only moves the revision: the lock is decided again on the register read again). A year left
 *    closing by an earlier closure that stopped is resumed under its own id and with its own request;
 * 3. the append waits until the read models include the lock, so every posting made before it is in the basis;
 * 4. `ClosureProcess` in the task `dividendClosure` (`ClosureAsTask`, decision 199: its progress shown while it runs;
 *    the request waits for its end): the results appended in steps, then `DividendYearClosed`. If it stops, the year
 *    stays closing (shown so, its documents refused), and the next closure request of the year or the next start
 *    resumes it.
 */
@CommandHandler(CloseYearCommand)
export class CloseYearHandler implements ICommandHandler<CloseYearCommand, string> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly calculation: DividendCalculation,
    private readonly process: ClosureProcess,
    private readonly asTask: ClosureAsTask,
  ) {}

  async execute({ ctx, params }: CloseYearCommand): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday();
    const register = dividendRegisterStream(cooperativeId);
    const { type, amount, decisionDate, paymentDate } = params;
    const asked: ClosureParams = { type, amount, decisionDate, paymentDate };
    let previewed = false;
    let conflicted = false;
    // The register is every year's: a conflict on it is a lock or an end of any year. It is read again and the lock
    // decided again at its new revision; only a lock or end of this very year written meanwhile refuses this closure.
    await this.writer.retrying(async () => {
      const before = await this.writer.load(register, closureRegisterDecider);
      const current = yearState(before.state, params.year);
      if (conflicted && current !== undefined) throw closedMeanwhile(params.year);
      // A year left closing is resumed with its own request: the preview of this one decides nothing. A request of
      // other figures is another clerk's closure, not its repetition: refused, so it never answers with the closure
      // under way.
      if (current === undefined || current.closed) {
        if (!previewed) {
          const preview = await this.calculation.calculate(cooperativeId, params, today);
          if (preview.errors.length > 0) throw refuse(refusalOf(preview.errors));
          previewed = true;
        }
      } else if (current.params && !sameRequest(current.params, asked)) {
        throw new ConflictingStateError([fieldError('year', 'closureInProgress', String(params.year))]);
      }
      const lock: ClosureCommand = {
        type: 'LockYear',
        cooperativeId,
        year: params.year,
        dividendId: newRecordId(),
        today,
        params: asked,
      };
      const locking = decide(lock, before.state);
      if (locking.length === 0) return;
      try {
        await this.writer.appendAll([
          { streamId: register, expected: before.expected, events: this.writer.stamp(locking, ctx, cooperativeId) },
        ]);
      } catch (error) {
        if (error instanceof ConcurrencyError) conflicted = true;
        throw error;
      }
      stopHereInTests('closure:locked');
    });
    const locked = yearState((await this.writer.load(register, closureRegisterDecider)).state, params.year);
    if (locked === undefined) throw closedMeanwhile(params.year);
    if (locked.closed) return locked.dividendId;
    // A lock written before issue 40 recorded no request: only this request can finish it, so it does, as before.
    if (locked.params === undefined) return this.process.run(ctx, params.year, params, today);
    return this.asTask.run(ctx, params.year, locked.dividendId);
  }
}

/** The same closure request: its type, amount (canonical exact decimal) and dates as the lock recorded them. */
function sameRequest(recorded: ClosureParams, asked: ClosureParams): boolean {
  return (
    recorded.type === asked.type &&
    recorded.amount === asked.amount &&
    recorded.decisionDate === asked.decisionDate &&
    recorded.paymentDate === asked.paymentDate
  );
}
