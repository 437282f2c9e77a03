import { createHash, randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  bankStatementStream,
  businessToday,
  fieldError,
  memberStream,
  NotFoundError,
  ValidationError,
  type ConfirmedEntry,
  type FieldError,
  type MemberEvent,
  type StreamAppend,
  type StatementConfirmation,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { PAYMENT_REFERENCE_MAX, sharePaymentDecider, type RecordSharePayment } from '../../share-payments/index.js';
import { bankStatementDecider, openCredits, type BankStatementState } from '../domain/bank-statement.decider.js';
import { matchEntries } from '../domain/match-entries.js';
import { numbersIn } from '../domain/member-number.js';
import { MatchingBookReads } from '../queries/matching-book.js';
import { readStatementFile } from '../read-thread/read-statement-file.js';

/** A statement's id: the same cooperative, account and bank statement id give the same id (and stream). */
export function statementIdOf(cooperativeId: string, account: string, bankStatementId: string): string {
  return createHash('sha256')
    .update(`${cooperativeId}\u0000${account}\u0000${bankStatementId}`)
    .digest('hex')
    .slice(0, 32);
}

/** Refusals of what is already recorded answer 409, the rest 400. */
const DONE = new Set(['bankStatementAlreadyRead', 'bankStatementEntryDone']);
function refused(error: unknown): unknown {
  if (error instanceof ValidationError && error.errors.every((e) => DONE.has(e.template)))
    return new ConflictingStateError(error.errors);
  return error;
}

/** Reads a CAMT.053 file (`fileName`, its bytes) into a statement with its entries matched; answers the statement's id. */
export class ReadBankStatementCommand extends Command<string> {
  constructor(
    readonly ctx: CommandContext,
    readonly fileName: string,
    readonly bytes: Uint8Array,
  ) {
    super();
  }
}

@CommandHandler(ReadBankStatementCommand)
export class ReadBankStatementHandler implements ICommandHandler<ReadBankStatementCommand, string> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly book: MatchingBookReads,
  ) {}

  async execute({ ctx, fileName, bytes }: ReadBankStatementCommand): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    const statement = await readStatementFile(bytes);
    const statementId = statementIdOf(cooperativeId, statement.account, statement.bankStatementId);
    const credits = statement.entries.filter((e) => e.kind === 'credit');
    const numbers = credits.flatMap((e) => {
      const { labelled, standalone } = numbersIn(e.remittance);
      return [...labelled, ...standalone];
    });
    const endToEndIds = credits.flatMap((e) => (e.endToEndId === null ? [] : [e.endToEndId]));
    const book = await this.book.book(cooperativeId, numbers, endToEndIds);
    const entries = matchEntries(statement.entries, book);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const data = {
      statementId,
      cooperativeId,
      account: statement.account,
      bankStatementId: statement.bankStatementId,
      fromDate: statement.fromDate,
      toDate: statement.toDate,
      fileName,
      sha256,
      readOn: businessToday(),
      entries,
    };
    try {
      await this.writer.handle(
        bankStatementStream(statementId),
        bankStatementDecider,
        { type: 'ReadStatement', statement: data },
        ctx,
        cooperativeId,
      );
    } catch (error) {
      throw refused(error);
    }
    return statementId;
  }
}

/** Loads a statement of the actor's cooperative; another's, or none, is not found. */
async function statementOf(
  writer: StreamWriter,
  cooperativeId: string,
  statementId: string,
): Promise<{ state: BankStatementState; expected: StreamAppend['expected'] }> {
  const loaded = await writer.load(bankStatementStream(statementId), bankStatementDecider);
  if (loaded.state.readOn === null || loaded.state.cooperativeId !== cooperativeId)
    throw new NotFoundError('Bank statement', statementId);
  return loaded;
}

/** Books entries of a statement as payments on shares (all or none). */
export class ConfirmBankStatementEntriesCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly statementId: string,
    readonly confirmations: readonly StatementConfirmation[],
  ) {
    super();
  }
}

@CommandHandler(ConfirmBankStatementEntriesCommand)
export class ConfirmBankStatementEntriesHandler implements ICommandHandler<ConfirmBankStatementEntriesCommand, void> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly book: MatchingBookReads,
  ) {}

  execute({ ctx, statementId, confirmations }: ConfirmBankStatementEntriesCommand): Promise<void> {
    return this.writer
      .retrying(() => this.attempt(ctx, statementId, confirmations))
      .catch((error: unknown) => {
        throw refused(error);
      });
  }

  private async attempt(
    ctx: CommandContext,
    statementId: string,
    confirmations: readonly StatementConfirmation[],
  ): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const today = businessToday();
    const statement = await statementOf(this.writer, cooperativeId, statementId);
    // Every entry named must be an open credit of the statement, before any member is read.
    const decidedAlready = openCredits(
      statement.state,
      confirmations.map((c) => c.entryId),
    );
    if (decidedAlready.length > 0) throw new ValidationError(decidedAlready);
    const accounts = new Map<
      string,
      { state: MemberState; expected: StreamAppend['expected']; events: MemberEvent[] }
    >();
    const errors: FieldError[] = [];
    const confirmed: ConfirmedEntry[] = [];
    // The credit of a debit this product collected was booked with its collection: never again (decision 352).
    const named = confirmations.flatMap((c) => statement.state.entries.get(c.entryId)?.endToEndId ?? []);
    const own = await this.book.ownDebits(cooperativeId, named);
    for (const [i, c] of confirmations.entries()) {
      const entry = statement.state.entries.get(c.entryId);
      if (entry === undefined) continue; // refused above
      const debit = entry.endToEndId === null ? undefined : own.get(entry.endToEndId);
      if (debit !== undefined) {
        errors.push(fieldError(`entries.${i}.entryId`, 'bankStatementOwnDirectDebit', c.entryId, debit.date));
        continue;
      }
      const account = accounts.get(c.memberId) ?? {
        ...(await this.writer.loadWithoutPersonalData(memberStream(c.memberId), sharePaymentDecider)),
        events: [],
      };
      accounts.set(c.memberId, account);
      // The payments on shares' own rule (share-payments): the subscription chosen, or the oldest outstanding ones, at
      // most what is outstanding on the member's stream itself; entries of one member are booked one after another.
      const command: RecordSharePayment = {
        type: 'RecordSharePayment',
        memberId: c.memberId,
        cooperativeId,
        paymentId: randomUUID(),
        balanceId: c.balanceId,
        date: entry.bookingDate,
        amount: entry.amount,
        method: 'transfer',
        reference: referenceOf(entry.remittance),
        statementId,
        today,
      };
      try {
        const events = sharePaymentDecider.decide(command, account.state);
        account.state = events.reduce(sharePaymentDecider.evolve, account.state);
        for (const e of events) account.events.push(e);
        const payments = events.flatMap((e) =>
          e.type === 'SharePaymentReceived'
            ? [{ balanceId: e.data.balanceId, amount: e.data.amount, paymentId: e.data.paymentId }]
            : [],
        );
        confirmed.push({ entryId: c.entryId, memberId: c.memberId, payments });
      } catch (error) {
        if (error instanceof NotFoundError)
          errors.push(fieldError(`entries.${i}.memberId`, 'bankStatementMemberUnknown', c.entryId, ''));
        else if (error instanceof ValidationError) for (const e of error.errors) errors.push(refusalOf(e, i, c));
        else throw error;
      }
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const decided = bankStatementDecider.decide(
      { type: 'ConfirmEntries', statementId, cooperativeId, date: today, entries: confirmed },
      statement.state,
    );
    await this.writer.appendAll([
      {
        streamId: bankStatementStream(statementId),
        expected: statement.expected,
        events: this.writer.stamp(decided, ctx, cooperativeId),
      },
      ...[...accounts]
        .filter(([, a]) => a.events.length > 0)
        .map(([memberId, a]) => ({
          streamId: memberStream(memberId),
          expected: a.expected,
          events: this.writer.stamp(a.events, ctx, cooperativeId),
        })),
    ]);
  }
}

/** A refusal of the payments on shares' rule, named for the entry `i` of the confirmation (the clerk's words). */
function refusalOf(error: FieldError, i: number, c: StatementConfirmation): FieldError {
  if (error.template === 'paymentAboveOutstanding')
    return fieldError(`entries.${i}.memberId`, 'bankStatementAboveOutstanding', c.entryId, error.parameters['1'] ?? '');
  if (error.template === 'nothingOutstanding')
    return fieldError(`entries.${i}.memberId`, 'bankStatementAboveOutstanding', c.entryId, '0,00');
  if (error.template === 'notASubscription')
    return fieldError(`entries.${i}.balanceId`, 'bankStatementMemberUnknown', c.entryId, c.balanceId ?? '');
  return { ...error, field: `entries.${i}.${error.field ?? 'entryId'}` };
}

/** A payment's reference: the remittance text cut to 140 characters (code points kept whole), or null. */
export function referenceOf(remittance: string): string | null {
  const chars = Array.from(remittance.trim());
  return chars.length === 0 ? null : chars.slice(0, PAYMENT_REFERENCE_MAX).join('').trimEnd();
}

/** Sets credits of a statement aside (all or none). */
export class IgnoreBankStatementEntriesCommand extends Command<void> {
  constructor(
    readonly ctx: CommandContext,
    readonly statementId: string,
    readonly entryIds: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(IgnoreBankStatementEntriesCommand)
export class IgnoreBankStatementEntriesHandler implements ICommandHandler<IgnoreBankStatementEntriesCommand, void> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ ctx, statementId, entryIds }: IgnoreBankStatementEntriesCommand): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    await statementOf(this.writer, cooperativeId, statementId);
    try {
      await this.writer.handle(
        bankStatementStream(statementId),
        bankStatementDecider,
        { type: 'IgnoreEntries', statementId, cooperativeId, date: businessToday(), entryIds },
        ctx,
        cooperativeId,
      );
    } catch (error) {
      throw refused(error);
    }
  }
}
