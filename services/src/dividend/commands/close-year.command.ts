import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  businessToday,
  ConcurrencyError,
  dividendRegisterStream,
  dividendStream,
  fieldError,
  ValidationError,
  type DividendEvent,
  type DividendRegisterEvent,
  type DividendMemberPaid,
  type FieldError,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { closureRegisterDecider, yearState, type ClosureCommand, type ClosureRegister } from '../domain/closure-register.decider.js';
import type { DividendParams } from '../domain/engine/index.js';
import { declarationOf, DividendCalculation, payoutOf, refusalOf, type Calculation } from '../queries/dividend-calculation.js';

/** Closes the year of `params` (`POST /dividend/store`); answers the closure's id. */
export class CloseYearCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly params: DividendParams) {
    super();
  }
}

/** A year already closed (or closed meanwhile by a concurrent closure) answers 409 with the template; others 400. */
function refuse(errors: readonly FieldError[]): Error {
  return errors.some((e) => e.template === 'yearAlreadyClosed') ? new ConflictingStateError(errors) : new ValidationError(errors);
}

const closedMeanwhile = (year: number): Error => refuse([fieldError('year', 'yearAlreadyClosed', String(year))]);

/** The register's decision, its refusal of a closed year answered as such (409). */
function decide(command: ClosureCommand, state: ClosureRegister): DividendRegisterEvent[] {
  try {
    return closureRegisterDecider.decide(command, state);
  } catch (error) {
    throw error instanceof ValidationError ? refuse(error.errors) : error;
  }
}

/**
 * The year's closure, so that exactly one closure wins and no posting is lost (design-23.md):
 * 1. the calculation from the read models; any error refuses it, nothing written;
 * 2. `DividendYearClosing` on the register with the revision read (from then on postings into the year are refused;
 *    a concurrent closure loses on the revision: `yearAlreadyClosed`). A year left closing by an earlier closure that
 *    stopped is resumed under its own id;
 * 3. the append waits until the read models include the lock, so every posting made before it is in the basis;
 * 4. the calculation again (collecting each member's posting lines in the same pass), then in one `appendMulti`: `DividendYearClosed` on the register (the lock's revision) and
 *    the closure's stream (`no_stream`): `DividendDeclared` and one `DividendMemberPaid` per member, in payout order.
 * If step 4 fails, the year stays closing, and the next closure of the year resumes it.
 */
@CommandHandler(CloseYearCommand)
export class CloseYearHandler implements ICommandHandler<CloseYearCommand, string> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly calculation: DividendCalculation,
  ) {}

  async execute({ ctx, params }: CloseYearCommand): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday();
    const register = dividendRegisterStream(cooperativeId);
    const preview = await this.calculation.calculate(cooperativeId, params, today);
    if (preview.errors.length > 0) throw refuse(refusalOf(preview.errors));

    const before = await this.writer.load(register, closureRegisterDecider);
    const lock: ClosureCommand = { type: 'LockYear', cooperativeId, year: params.year, dividendId: newRecordId(), today };
    const locking = decide(lock, before.state);
    if (locking.length > 0) {
      await this.append(params.year, [{ streamId: register, expected: before.expected, events: this.writer.stamp(locking, ctx, cooperativeId) }]);
    }

    const locked = await this.writer.load(register, closureRegisterDecider);
    const dividendId = yearState(locked.state, params.year)?.dividendId;
    if (dividendId === undefined) throw closedMeanwhile(params.year);
    const calc = await this.calculation.calculate(cooperativeId, params, today, { withLines: true });
    if (calc.errors.length > 0) throw refuse(refusalOf(calc.errors));
    const closing = decide({ type: 'FinishClosure', cooperativeId, year: params.year, dividendId }, locked.state);
    const events: DividendEvent[] = [{ type: 'DividendDeclared', data: declarationOf(calc, dividendId) }, ...payouts(calc, dividendId)];
    await this.append(params.year, [
      { streamId: register, expected: locked.expected, events: this.writer.stamp(closing, ctx, cooperativeId) },
      { streamId: dividendStream(dividendId), expected: 'no_stream', events: this.writer.stamp(events, ctx, cooperativeId) },
    ]);
    return dividendId;
  }

  /** Appends; a concurrent closure that got there first makes this one refused as closed. */
  private async append(year: number, appends: Parameters<StreamWriter['appendAll']>[0]): Promise<void> {
    try {
      await this.writer.appendAll(appends);
    } catch (error) {
      if (error instanceof ConcurrencyError) throw closedMeanwhile(year);
      throw error;
    }
  }
}

/**
 * One payout per member with a dividend, in payout order (member number), each with the posting lines of its basis,
 * collected by the calculation after the lock in the same pass (`withLines`).
 */
function payouts(calc: Calculation, dividendId: string): DividendMemberPaid[] {
  const lines = calc.lines;
  if (!lines) throw new Error('A closure is calculated with its members\' posting lines');
  return [...calc.run.members]
    .sort((a, b) => a.memberNr - b.memberNr || (a.memberId < b.memberId ? -1 : 1))
    .map((m) => ({ type: 'DividendMemberPaid', data: payoutOf(calc, dividendId, m, (lines.get(m.memberId) ?? []).map((l) => ({ ...l }))) }));
}
