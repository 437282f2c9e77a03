import {
  fieldError,
  ValidationError,
  type BankStatementEvent,
  type BankStatementRead,
  type ConfirmedEntry,
  type Decider,
  type FieldError,
  type StatementEntryKind,
} from '@coop/contracts';

/** What became of an entry: open (matched or not), booked as payments, or set aside. */
export type EntryState = 'open' | 'confirmed' | 'ignored';

export interface StatementEntryState {
  readonly kind: StatementEntryKind;
  readonly amount: number;
  readonly bookingDate: string;
  readonly remittance: string;
  /** The transaction's end-to-end id (`NOTPROVIDED`: null): names this product's own debit (decision 352). */
  readonly endToEndId: string | null;
  readonly state: EntryState;
}

export interface BankStatementState {
  readonly readOn: string | null;
  readonly cooperativeId: string | null;
  readonly entries: ReadonlyMap<string, StatementEntryState>;
}

export type BankStatementCommand =
  | { readonly type: 'ReadStatement'; readonly statement: BankStatementRead['data'] }
  | {
      readonly type: 'ConfirmEntries';
      readonly statementId: string;
      readonly cooperativeId: string;
      readonly date: string;
      readonly entries: readonly ConfirmedEntry[];
    }
  | {
      readonly type: 'IgnoreEntries';
      readonly statementId: string;
      readonly cooperativeId: string;
      readonly date: string;
      readonly entryIds: readonly string[];
    };

const initial: BankStatementState = { readOn: null, cooperativeId: null, entries: new Map() };

function withStates(state: BankStatementState, entryIds: readonly string[], to: EntryState): BankStatementState {
  const entries = new Map(state.entries);
  for (const id of entryIds) {
    const entry = entries.get(id);
    if (entry) entries.set(id, { ...entry, state: to });
  }
  return { ...state, entries };
}

/** The entries of a command that may be booked or set aside: each known, a credit, still open, named once; the refusals. */
export function openCredits(state: BankStatementState, entryIds: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  entryIds.forEach((id, i) => {
    const entry = state.entries.get(id);
    if (entry === undefined || seen.has(id))
      errors.push(fieldError(`entries.${i}.entryId`, 'bankStatementEntryUnknown', id));
    else if (entry.state !== 'open') errors.push(fieldError(`entries.${i}.entryId`, 'bankStatementEntryDone', id));
    else if (entry.kind !== 'credit')
      errors.push(fieldError(`entries.${i}.entryId`, 'bankStatementEntryNotCredit', id));
    seen.add(id);
  });
  return errors;
}

/**
 * A bank statement (stream `bank-statement-<statementId>`, issue 45): read once (the same statement again is refused:
 * `bankStatementAlreadyRead`), then each credit confirmed (booked, its payments adding up to its amount) or set aside
 * once (`bankStatementEntryDone`); debits and entries not booked are listed only.
 */
export const bankStatementDecider: Decider<BankStatementCommand, BankStatementEvent, BankStatementState> = {
  initialState: () => initial,
  evolve(state, event) {
    switch (event.type) {
      case 'BankStatementRead': {
        // Sealed entries of an erased statement read as absent: the statement stays, with nothing left to book.
        const entries = Array.isArray(event.data.entries) ? event.data.entries : [];
        return {
          readOn: event.data.readOn,
          cooperativeId: event.data.cooperativeId,
          entries: new Map(
            entries.map((e) => [
              e.entryId,
              {
                kind: e.kind,
                amount: e.amount,
                bookingDate: e.bookingDate,
                remittance: e.remittance,
                endToEndId: e.endToEndId ?? null,
                state: 'open' as const,
              },
            ]),
          ),
        };
      }
      case 'BankStatementEntriesConfirmed':
        return withStates(
          state,
          event.data.entries.map((e) => e.entryId),
          'confirmed',
        );
      case 'BankStatementEntriesIgnored':
        return withStates(state, event.data.entryIds, 'ignored');
    }
  },
  decide(command, state) {
    if (command.type === 'ReadStatement') {
      if (state.readOn !== null)
        throw new ValidationError([fieldError('file', 'bankStatementAlreadyRead', state.readOn)]);
      return [{ type: 'BankStatementRead', data: command.statement }];
    }
    if (state.readOn === null || state.cooperativeId !== command.cooperativeId)
      throw new ValidationError([fieldError('id', 'bankStatementNotFound')]);
    if (command.type === 'IgnoreEntries') {
      const errors = openCredits(state, command.entryIds);
      if (errors.length > 0) throw new ValidationError(errors);
      return [
        {
          type: 'BankStatementEntriesIgnored',
          data: {
            statementId: command.statementId,
            cooperativeId: command.cooperativeId,
            date: command.date,
            entryIds: [...command.entryIds],
          },
        },
      ];
    }
    const errors =
      command.entries.length === 0
        ? [fieldError('entries', 'mustNotBeEmpty')]
        : openCredits(
            state,
            command.entries.map((e) => e.entryId),
          );
    command.entries.forEach((e, i) => {
      const entry = state.entries.get(e.entryId);
      const sum = e.payments.reduce((s, p) => s + p.amount, 0);
      if (
        entry !== undefined &&
        (e.payments.length === 0 ||
          sum !== entry.amount ||
          e.payments.some((p) => !(Number.isSafeInteger(p.amount) && p.amount > 0)))
      ) {
        errors.push(fieldError(`entries.${i}.memberId`, 'bankStatementAboveOutstanding', e.entryId, ''));
      }
    });
    if (errors.length > 0) throw new ValidationError(errors);
    return [
      {
        type: 'BankStatementEntriesConfirmed',
        data: {
          statementId: command.statementId,
          cooperativeId: command.cooperativeId,
          date: command.date,
          entries: command.entries.map((e) => ({ ...e, payments: [...e.payments] })),
        },
      },
    ];
  },
};
