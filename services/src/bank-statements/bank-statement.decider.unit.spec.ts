import { describe, expect, it } from '@jest/globals';
import {
  ValidationError,
  type BankStatementEntriesConfirmed,
  type BankStatementEntriesIgnored,
  type BankStatementEvent,
  type BankStatementRead,
  type StatementEntry,
} from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { bankStatementDecider, type BankStatementCommand } from './domain/bank-statement.decider.js';

/* The bank statement's stream (issue 45): read once; each credit confirmed or set aside once, its payments adding up. */

const spec = deciderSpec<
  BankStatementCommand,
  BankStatementEvent,
  ReturnType<typeof bankStatementDecider.initialState>
>(bankStatementDecider);
const entry = (entryId: string, amount: number, kind: StatementEntry['kind'] = 'credit'): StatementEntry => ({
  entryId,
  kind,
  amount,
  currency: 'EUR',
  bookingDate: '2025-04-02',
  remittance: '',
  partyName: null,
  partyIban: null,
  bankReference: null,
  endToEndId: null,
  memberId: null,
  memberNr: null,
  proposal: [],
  unmatched: 'noMemberNumber',
});
const read: BankStatementRead = {
  type: 'BankStatementRead',
  data: {
    statementId: 's1',
    cooperativeId: 'c1',
    account: 'DE02120300000000202051',
    bankStatementId: 'S-1',
    fromDate: null,
    toDate: null,
    fileName: 'a.xml',
    sha256: 'x',
    readOn: '2025-04-03',
    entries: [entry('1', 100), entry('2', 200), entry('3', 50, 'debit')],
  },
};
const confirm = (entryId: string, amount: number): BankStatementCommand => ({
  type: 'ConfirmEntries',
  statementId: 's1',
  cooperativeId: 'c1',
  date: '2025-04-03',
  entries: [{ entryId, memberId: 'm1', payments: [{ balanceId: 'b1', amount, paymentId: `p-${entryId}` }] }],
});
const templates = (error: ValidationError): string[] =>
  error.errors.map((e) => `${e.template}:${Object.values(e.parameters).join(',')}`);

describe('bankStatementDecider', () => {
  it('reads a statement once: the same statement again is refused', () => {
    spec.given().when({ type: 'ReadStatement', statement: read.data }).then([read]);
    spec
      .given([read])
      .when({ type: 'ReadStatement', statement: read.data })
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementAlreadyRead:2025-04-03']));
  });

  it('confirms a credit once, its payments adding up to its amount', () => {
    spec
      .given([read])
      .when(confirm('1', 100))
      .then([
        {
          type: 'BankStatementEntriesConfirmed',
          data: {
            statementId: 's1',
            cooperativeId: 'c1',
            date: '2025-04-03',
            entries: [{ entryId: '1', memberId: 'm1', payments: [{ balanceId: 'b1', amount: 100, paymentId: 'p-1' }] }],
          },
        },
      ]);
    const confirmed: BankStatementEntriesConfirmed = {
      type: 'BankStatementEntriesConfirmed',
      data: {
        statementId: 's1',
        cooperativeId: 'c1',
        date: '2025-04-03',
        entries: [{ entryId: '1', memberId: 'm1', payments: [{ balanceId: 'b1', amount: 100, paymentId: 'p-1' }] }],
      },
    };
    spec
      .given([read, confirmed])
      .when(confirm('1', 100))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementEntryDone:1']));
    spec
      .given([read])
      .when(confirm('1', 99))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementAboveOutstanding:1,']));
    spec
      .given([read])
      .when(confirm('3', 50))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementEntryNotCredit:3']));
    // A confirmation naming no entry books nothing and records nothing (it was recorded as an empty confirmation before).
    spec
      .given([read])
      .when({ type: 'ConfirmEntries', statementId: 's1', cooperativeId: 'c1', date: '2025-04-03', entries: [] })
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['mustNotBeEmpty:']));
    spec
      .given([read])
      .when(confirm('9', 50))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementEntryUnknown:9']));
  });

  it('sets credits aside once; a confirmed entry cannot be set aside; another cooperative sees no statement', () => {
    const ignore = (ids: string[], cooperativeId = 'c1'): BankStatementCommand => ({
      type: 'IgnoreEntries',
      statementId: 's1',
      cooperativeId,
      date: '2025-04-03',
      entryIds: ids,
    });
    const ignored: BankStatementEntriesIgnored = {
      type: 'BankStatementEntriesIgnored',
      data: { statementId: 's1', cooperativeId: 'c1', date: '2025-04-03', entryIds: ['2'] },
    };
    spec
      .given([read])
      .when(ignore(['2']))
      .then([ignored]);
    spec
      .given([read, ignored])
      .when(confirm('2', 200))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementEntryDone:2']));
    spec
      .given([read])
      .when(ignore(['2', '2']))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementEntryUnknown:2']));
    spec
      .given([read])
      .when(ignore(['2'], 'c2'))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementNotFound:']));
    spec
      .given()
      .when(ignore(['2']))
      .thenThrows(ValidationError, (e) => expect(templates(e)).toEqual(['bankStatementNotFound:']));
  });
});
