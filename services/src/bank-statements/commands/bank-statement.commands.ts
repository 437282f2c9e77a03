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
  type Decider,
  type FieldError,
  type MemberEvent,
  type NewEvent,
  type SharePaymentReceived,
  type StreamAppend,
  type StatementConfirmation,
} from '@coop/contracts';
import { evolveShareAccount, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';
import type { CommandContext } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { PAYMENT_REFERENCE_MAX } from '../camt/camt-limits.js';
import { readCamt } from '../camt/camt-reader.js';
import { bankStatementDecider, type BankStatementState } from '../domain/bank-statement.decider.js';
import { matchEntries } from '../domain/match-entries.js';
import { numbersIn } from '../domain/member-number.js';
import { allocate, type OutstandingDue } from '../domain/proposal.js';
import { MatchingBookReads } from '../queries/matching-book.js';

/** The member's share account (no personal data): whether it is the cooperative's, and what each subscription still owes. */
const shareAccount: Decider<never, MemberEvent, MemberState> = { initialState: () => initialMemberState, evolve: evolveShareAccount, decide: () => [] };

/** A statement's id: the same cooperative, account and bank statement id give the same id (and stream). */
export function statementIdOf(cooperativeId: string, account: string, bankStatementId: string): string {
  return createHash('sha256').update(`${cooperativeId}\u0000${account}\u0000${bankStatementId}`).digest('hex').slice(0, 32);
}

/** Refusals of what is already recorded answer 409, the rest 400. */
const DONE = new Set(['bankStatementAlreadyRead', 'bankStatementEntryDone']);
function refused(error: unknown): unknown {
  if (error instanceof ValidationError && error.errors.every((e) => DONE.has(e.template))) return new ConflictingStateError(error.errors);
  return error;
}

/** Reads a CAMT.053 file (`fileName`, its bytes) into a statement with its entries matched; answers the statement's id. */
export class ReadBankStatementCommand extends Command<string> {
  constructor(readonly ctx: CommandContext, readonly fileName: string, readonly bytes: Uint8Array) {
    super();
  }
}

@CommandHandler(ReadBankStatementCommand)
export class ReadBankStatementHandler implements ICommandHandler<ReadBankStatementCommand, string> {
  constructor(private readonly writer: StreamWriter, private readonly book: MatchingBookReads) {}

  async execute({ ctx, fileName, bytes }: ReadBankStatementCommand): Promise<string> {
    const cooperativeId = ctx.actor.cooperativeId;
    const statement = readCamt(bytes);
    const statementId = statementIdOf(cooperativeId, statement.account, statement.bankStatementId);
    const credits = statement.entries.filter((e) => e.kind === 'credit');
    const numbers = credits.flatMap((e) => {
      const { labelled, standalone } = numbersIn(e.remittance);
      return [...labelled, ...standalone];
    });
    const book = await this.book.book(cooperativeId, numbers);
    const entries = matchEntries(statement.entries, book);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const data = { statementId, cooperativeId, account: statement.account, bankStatementId: statement.bankStatementId, fromDate: statement.fromDate, toDate: statement.toDate, fileName, sha256, readOn: businessToday(), entries };
    try {
      await this.writer.handle(bankStatementStream(statementId), bankStatementDecider, { type: 'ReadStatement', statement: data }, ctx, cooperativeId);
    } catch (error) {
      throw refused(error);
    }
    return statementId;
  }
}

/** Loads a statement of the actor's cooperative; another's, or none, is not found. */
async function statementOf(writer: StreamWriter, cooperativeId: string, statementId: string): Promise<{ state: BankStatementState; expected: StreamAppend['expected'] }> {
  const loaded = await writer.load(bankStatementStream(statementId), bankStatementDecider);
  if (loaded.state.readOn === null || loaded.state.cooperativeId !== cooperativeId) throw new NotFoundError('Bank statement', statementId);
  return loaded;
}

/** Books entries of a statement as payments on shares (all or none). */
export class ConfirmBankStatementEntriesCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly statementId: string, readonly confirmations: readonly StatementConfirmation[]) {
    super();
  }
}

@CommandHandler(ConfirmBankStatementEntriesCommand)
export class ConfirmBankStatementEntriesHandler implements ICommandHandler<ConfirmBankStatementEntriesCommand, void> {
  constructor(private readonly writer: StreamWriter, private readonly book: MatchingBookReads) {}

  execute({ ctx, statementId, confirmations }: ConfirmBankStatementEntriesCommand): Promise<void> {
    return this.writer.retrying(() => this.attempt(ctx, statementId, confirmations)).catch((error: unknown) => {
      throw refused(error);
    });
  }

  private async attempt(ctx: CommandContext, statementId: string, confirmations: readonly StatementConfirmation[]): Promise<void> {
    const cooperativeId = ctx.actor.cooperativeId;
    const statement = await statementOf(this.writer, cooperativeId, statementId);
    const memberIds = [...new Set(confirmations.map((c) => c.memberId))];
    const dues = await this.book.dues(cooperativeId, memberIds);
    const accounts = new Map<string, { state: MemberState; expected: StreamAppend['expected'] }>();
    for (const memberId of memberIds) accounts.set(memberId, await this.writer.loadWithoutPersonalData(memberStream(memberId), shareAccount));
    const errors: FieldError[] = [];
    const confirmed: ConfirmedEntry[] = [];
    const payments = new Map<string, NewEvent[]>();
    const left = new Map<string, OutstandingDue[]>();
    confirmations.forEach((c, i) => {
      const entry = statement.state.entries.get(c.entryId);
      const account = accounts.get(c.memberId)!;
      if (!account.state.exists || account.state.cooperativeId !== cooperativeId) {
        errors.push(fieldError(`entries.${i}.memberId`, 'bankStatementMemberUnknown', c.entryId, ''));
        return;
      }
      if (entry === undefined || entry.state !== 'open' || entry.kind !== 'credit') return; // the decider names it
      // What the share account says is still owed bounds what the read model lists (it may lag a write).
      const open = (left.get(c.memberId) ?? dues.get(c.memberId) ?? []).map((d) => {
        const posting = account.state.postings.get(d.balanceId);
        return posting === undefined ? { ...d, outstanding: 0 } : { ...d, outstanding: Math.min(d.outstanding, Math.max(0, posting.amount - posting.payment)) };
      });
      const chosen = c.balanceId === null ? open : open.filter((d) => d.balanceId === c.balanceId);
      if (c.balanceId !== null && chosen.length === 0) {
        errors.push(fieldError(`entries.${i}.balanceId`, 'bankStatementMemberUnknown', c.entryId, c.balanceId));
        return;
      }
      const allocation = allocate(entry.amount, chosen);
      if (typeof allocation === 'string') {
        errors.push(fieldError(`entries.${i}.memberId`, 'bankStatementAboveOutstanding', c.entryId, formatEuro(chosen.reduce((s, d) => s + d.outstanding, 0))));
        return;
      }
      left.set(c.memberId, open.map((d) => ({ ...d, outstanding: d.outstanding - allocation.filter((a) => a.balanceId === d.balanceId).reduce((s, a) => s + a.amount, 0) })));
      const booked = allocation.map((a) => ({ ...a, paymentId: randomUUID() }));
      confirmed.push({ entryId: c.entryId, memberId: c.memberId, payments: booked });
      const events: SharePaymentReceived[] = booked.map((p) => ({
        type: 'SharePaymentReceived',
        data: { memberId: c.memberId, balanceId: p.balanceId, paymentId: p.paymentId, date: entry.bookingDate, amount: p.amount, method: 'transfer', reference: referenceOf(entry.remittance), collectionId: null, statementId },
      }));
      payments.set(c.memberId, [...(payments.get(c.memberId) ?? []), ...this.writer.stamp(events, ctx, cooperativeId)]);
    });
    let decided;
    try {
      decided = bankStatementDecider.decide({ type: 'ConfirmEntries', statementId, cooperativeId, date: businessToday(), entries: confirmed }, statement.state);
    } catch (error) {
      if (error instanceof ValidationError && errors.length > 0) throw new ValidationError([...error.errors.filter((e) => e.template !== 'bankStatementAboveOutstanding'), ...errors]);
      throw error;
    }
    if (errors.length > 0) throw new ValidationError(errors);
    await this.writer.appendAll([
      { streamId: bankStatementStream(statementId), expected: statement.expected, events: this.writer.stamp(decided, ctx, cooperativeId) },
      ...[...payments].map(([memberId, events]) => ({ streamId: memberStream(memberId), expected: accounts.get(memberId)!.expected, events })),
    ]);
  }
}

/** A payment's reference: the remittance text cut to 140 characters (code points kept whole), or null. */
export function referenceOf(remittance: string): string | null {
  const chars = Array.from(remittance.trim());
  return chars.length === 0 ? null : chars.slice(0, PAYMENT_REFERENCE_MAX).join('').trimEnd();
}

/** Sets credits of a statement aside (all or none). */
export class IgnoreBankStatementEntriesCommand extends Command<void> {
  constructor(readonly ctx: CommandContext, readonly statementId: string, readonly entryIds: readonly string[]) {
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
      await this.writer.handle(bankStatementStream(statementId), bankStatementDecider, { type: 'IgnoreEntries', statementId, cooperativeId, date: businessToday(), entryIds }, ctx, cooperativeId);
    } catch (error) {
      throw refused(error);
    }
  }
}
