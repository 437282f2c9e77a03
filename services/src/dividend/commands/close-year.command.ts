import { ConflictException } from '@nestjs/common';
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
import { DIVIDEND_INPUTS } from '@coop/projections';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { newRecordId } from '../../platform/commands/new-id.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { closureRegisterDecider, yearState, type ClosureCommand, type ClosureRegister } from '../domain/closure-register.decider.js';
import { memberBasis, type DividendParams, type MemberResult } from '../domain/engine/index.js';
import { declarationOf, DividendCalculation, payoutOf, refusalOf, SCAN_BATCH, type Calculation } from '../queries/dividend-calculation.js';
import { toMemberInput } from '../queries/member-input.js';

/** Closes the year of `params` (`POST /dividend/store`); answers the closure's id. */
export class CloseYearCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly params: DividendParams) {
    super();
  }
}

/** A year already closed (or closed meanwhile by a concurrent closure) answers 409 with the template; others 400. */
function refuse(errors: readonly FieldError[]): Error {
  return errors.some((e) => e.template === 'yearAlreadyClosed') ? new ConflictException({ errors }) : new ValidationError(errors);
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
 * 4. the calculation again, then in one `appendMulti`: `DividendYearClosed` on the register (the lock's revision) and
 *    the closure's stream (`no_stream`): `DividendDeclared` and one `DividendMemberPaid` per member, in payout order.
 * If step 4 fails, the year stays closing, and the next closure of the year resumes it.
 */
@CommandHandler(CloseYearCommand)
export class CloseYearHandler implements ICommandHandler<CloseYearCommand, string> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly calculation: DividendCalculation,
    private readonly reads: ReadModels,
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
    const calc = await this.calculation.calculate(cooperativeId, params, today);
    if (calc.errors.length > 0) throw refuse(refusalOf(calc.errors));
    const closing = decide({ type: 'FinishClosure', cooperativeId, year: params.year, dividendId }, locked.state);
    const events: DividendEvent[] = [{ type: 'DividendDeclared', data: declarationOf(calc, dividendId) }, ...(await this.payouts(calc, dividendId))];
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

  /**
   * One payout per member with a dividend, in payout order (member number), each with the posting lines of its basis:
   * the members' inputs are read once more, batch by batch, for those lines (the run keeps no postings).
   */
  private async payouts(calc: Calculation, dividendId: string): Promise<DividendMemberPaid[]> {
    const results = new Map<string, MemberResult>(calc.run.members.map((m) => [m.memberId, m]));
    const payouts: DividendMemberPaid[] = [];
    for await (const batch of this.reads.scan(DIVIDEND_INPUTS, calc.cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        const result = results.get(doc.id);
        if (!result) continue;
        const lines = memberBasis(toMemberInput(doc), calc.params.year, calc.settings).lines.map((l) => ({ ...l }));
        payouts.push({ type: 'DividendMemberPaid', data: payoutOf(calc, dividendId, result, lines) });
      }
    }
    return payouts.sort((a, b) => a.data.memberNr - b.data.memberNr || (a.data.memberId < b.data.memberId ? -1 : 1));
  }
}
