import type { BankStatementEvent, CollectionSpec, ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

/*
 * Bank statements read for the payments on shares (issue 45; docs/bank-statements.md): one document per statement
 * (id = statementId) with its counts, and one per entry (id `<statementId>/<entryId>`) with its match state:
 * `matched` (a member and a proposal), `unmatched` (a credit the clerk must assign or set aside), `confirmed`,
 * `ignored` (set aside), `listed` (a debit, or not booked in euros: shown only).
 */
export const BANK_STATEMENTS: CollectionSpec = {
  name: 'bank_statements',
  fields: { readOn: 'string', account: 'string', bankStatementId: 'string', toDate: 'string', open: 'number' },
  search: ['bankStatementId', 'fileName'],
};

export const BANK_STATEMENT_ENTRIES: CollectionSpec = {
  name: 'bank_statement_entries',
  fields: {
    statementId: 'string',
    seq: 'number',
    state: 'string',
    bookingDate: 'string',
    amount: 'number',
    memberNr: 'number',
    memberId: 'string',
  },
  search: ['remittance', 'partyName'],
};

const HANDLED = new Set<string>(['BankStatementRead', 'BankStatementEntriesConfirmed', 'BankStatementEntriesIgnored']);
const statementKey = (statementId: string): DocKey => ({ collection: BANK_STATEMENTS.name, id: statementId });
const entryKey = (statementId: string, entryId: string): DocKey => ({
  collection: BANK_STATEMENT_ENTRIES.name,
  id: `${statementId}/${entryId}`,
});

function keysOf(event: BankStatementEvent): DocKey[] {
  const { statementId } = event.data;
  switch (event.type) {
    case 'BankStatementRead':
      // A statement's entries are written at once; none is read before.
      return [statementKey(statementId)];
    case 'BankStatementEntriesConfirmed':
      return [statementKey(statementId), ...event.data.entries.map((e) => entryKey(statementId, e.entryId))];
    case 'BankStatementEntriesIgnored':
      return [statementKey(statementId), ...event.data.entryIds.map((id) => entryKey(statementId, id))];
  }
}

/** The statement's counts after entries left the open states. */
function counted(statement: ReadDocument, entries: readonly ReadDocument[], to: 'confirmed' | 'ignored'): ReadDocument {
  const n = (field: string): number => Number(statement[field] ?? 0);
  const left = (state: string): number => entries.filter((e) => e.state === state).length;
  const doc = {
    ...statement,
    matched: n('matched') - left('matched'),
    unmatched: n('unmatched') - left('unmatched'),
    [to]: n(to) + entries.length,
  };
  if (to === 'confirmed') doc.confirmedSum = n('confirmedSum') + entries.reduce((s, e) => s + Number(e.amount), 0);
  return { ...doc, open: Number(doc.matched) + Number(doc.unmatched) };
}

export const bankStatementsProjector: Projector = {
  collections: [BANK_STATEMENTS, BANK_STATEMENT_ENTRIES],
  keys(recorded: RecordedEvent): DocKey[] {
    return HANDLED.has(recorded.type) ? keysOf(recorded as unknown as BankStatementEvent) : [];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as unknown as BankStatementEvent & RecordedEvent;
    const position = recorded.position.toString();
    const put = (collection: string, doc: ReadDocument): WriteOp => ({
      kind: 'put',
      collection,
      doc: { ...doc, position },
    });
    switch (event.type) {
      case 'BankStatementRead': {
        const d = event.data;
        // Sealed entries whose key was erased read as absent: the statement stays with its counts of none.
        const entries = Array.isArray(d.entries) ? d.entries : [];
        const rows = entries.map((e, seq) => {
          const state = e.kind !== 'credit' ? 'listed' : e.proposal.length > 0 ? 'matched' : 'unmatched';
          return put(
            BANK_STATEMENT_ENTRIES.name,
            stamp(recorded, {
              id: `${d.statementId}/${e.entryId}`,
              cooperativeId: d.cooperativeId,
              statementId: d.statementId,
              seq,
              state,
              ...e,
              proposal: [...e.proposal],
              payments: [],
            }),
          );
        });
        const count = (state: string): number => rows.filter((r) => r.kind === 'put' && r.doc.state === state).length;
        const credits = entries.filter((e) => e.kind === 'credit');
        const statement = stamp(recorded, {
          id: d.statementId,
          cooperativeId: d.cooperativeId,
          account: d.account,
          bankStatementId: d.bankStatementId,
          fromDate: d.fromDate,
          toDate: d.toDate,
          fileName: d.fileName,
          readOn: d.readOn,
          readBy: recorded.metadata.user,
          entries: entries.length,
          credits: credits.length,
          creditSum: credits.reduce((s, e) => s + e.amount, 0),
          matched: count('matched'),
          unmatched: count('unmatched'),
          confirmed: 0,
          ignored: 0,
          confirmedSum: 0,
          open: count('matched') + count('unmatched'),
        });
        return [put(BANK_STATEMENTS.name, statement), ...rows];
      }
      case 'BankStatementEntriesConfirmed': {
        const d = event.data;
        const statement = current(statementKey(d.statementId));
        const before = d.entries
          .map((e) => current(entryKey(d.statementId, e.entryId)))
          .filter((e): e is ReadDocument => e !== undefined);
        const rows = d.entries.flatMap((e) => {
          const row = current(entryKey(d.statementId, e.entryId));
          return row
            ? [
                put(BANK_STATEMENT_ENTRIES.name, {
                  ...row,
                  state: 'confirmed',
                  confirmedMemberId: e.memberId,
                  payments: [...e.payments],
                  decidedOn: d.date,
                  decidedBy: recorded.metadata.user,
                }),
              ]
            : [];
        });
        return [...(statement ? [put(BANK_STATEMENTS.name, counted(statement, before, 'confirmed'))] : []), ...rows];
      }
      case 'BankStatementEntriesIgnored': {
        const d = event.data;
        const statement = current(statementKey(d.statementId));
        const before = d.entryIds
          .map((id) => current(entryKey(d.statementId, id)))
          .filter((e): e is ReadDocument => e !== undefined);
        const rows = before.map((row) =>
          put(BANK_STATEMENT_ENTRIES.name, {
            ...row,
            state: 'ignored',
            decidedOn: d.date,
            decidedBy: recorded.metadata.user,
          }),
        );
        return [...(statement ? [put(BANK_STATEMENTS.name, counted(statement, before, 'ignored'))] : []), ...rows];
      }
    }
  },
};
