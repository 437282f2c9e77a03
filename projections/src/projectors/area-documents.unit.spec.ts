import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readChurchTaxOrigin } from './church-tax-document.js';
import { readMandate } from './direct-debit-documents.js';
import { readDividendClosure } from './dividend-closure-document.js';
import { readDividendInput } from './dividend-input-document.js';
import { readElmaNumber } from './elma-number-document.js';
import { readImport } from './import-document.js';
import { readPaymentReminder } from './payment-reminder-document.js';
import { readPaymentTerms } from './payment-terms-document.js';
import { readShareDue } from './share-due-document.js';

/*
 * The typed readers of the collections the payment, dividend, report and import areas read (decision 258): each reads a
 * stored document by the one rule of document-fields.ts (text trimmed, blank or absent null; numbers null or their
 * default; flags only `true`) and answers documents written before a field was kept with what that field meant then.
 */
const base: ReadDocument = { id: 'x', cooperativeId: 'c-1', position: '3' };

describe('readShareDue', () => {
  it('reads a due posted before paidWhenPosted as paid whole when posted, and an erased name as empty', () => {
    const due = readShareDue({ ...base, member: 'm-1', amount: 20_000, paid: 5_000, memberName: '', dueSince: '' });
    expect(due).toMatchObject({ paidWhenPosted: 20_000, paid: 5_000, outstanding: 0, memberName: '', memberNr: null });
    expect(due.dueSince).toBeNull();
    expect(due.instalments).toEqual([]);
    expect(due.plan).toBeNull();
  });
});

describe('readDividendClosure', () => {
  it('reads a closure written before issues 40 and 45 as closed and paid whole: the net is the payout', () => {
    const closure = readDividendClosure({
      ...base,
      year: 2024,
      paymentAmount: 9_000,
      taxReturn: { row31BaseEuros: 12 },
    });
    expect(closure).toMatchObject({ status: 'closed', netAmount: 9_000, creditedAmount: 0, paymentAmount: 9_000 });
    expect(closure.taxReturn).toEqual({
      row31BaseEuros: 12,
      row31KapestEuros: 0,
      row32BaseEuros: 0,
      row32KapestEuros: 0,
      row33BaseEuros: 0,
      row34SoliCents: 0,
      kapestDueEuros: 0,
    });
    expect(closure.cooperative).toBe('c-1');
  });

  it('keeps a closure still being written as closing', () => {
    expect(readDividendClosure({ ...base, status: 'closing' }).status).toBe('closing');
  });
});

describe('readDividendInput', () => {
  it('reads erased or blank master data as absent and missing lists as empty', () => {
    const input = readDividendInput({ ...base, name: '  ', givenName: ' Eva ', isForeign: 'yes', taxId: null });
    expect(input).toMatchObject({ name: null, givenName: 'Eva', isForeign: false, taxId: null, memberNr: null });
    expect(input.postings).toEqual([]);
    expect(input.orders).toEqual([]);
  });
});

describe('the payment areas’ own documents', () => {
  it('reads a reminder recorded before its subscriptions were kept with none, and its sending as stored', () => {
    const reminder = readPaymentReminder({ ...base, member: 'm-1', level: 2, amount: 500, runId: 'r-1' });
    expect(reminder).toMatchObject({ member: 'm-1', level: 2, amount: 500, runId: 'r-1', subscriptions: [] });
  });

  it('reads payment terms: a count not stored as its default, no credit set as none, a blank creditor as none', () => {
    const terms = readPaymentTerms({ ...base, instalments: { allowed: true, maxCount: 4 }, creditorId: ' ' });
    expect(terms).toMatchObject({
      instalments: { allowed: true, maxCount: 4, rhythmMonths: 1, minFirstPerShare: 0 },
      reminderAfterDays: 14,
      creditDividendUntilPaid: false,
      creditorId: null,
    });
  });

  it('reads a mandate without a kind as recurring and one never drawn with no collections', () => {
    expect(readMandate({ ...base, memberId: 'm-1', status: 'active' })).toMatchObject({
      kind: 'recurring',
      status: 'active',
      collections: 0,
      revokedOn: null,
    });
  });
});

describe('approval numbers, church-tax origins and imports', () => {
  it('reads an approval number trimmed, and a process no longer known as none', () => {
    expect(readElmaNumber({ ...base, elmaProcess: 'km', elmaNumber: ' 400123 ' })).toMatchObject({
      elmaProcess: 'km',
      elmaNumber: '400123',
    });
    expect(readElmaNumber({ ...base, elmaProcess: 'xx' }).elmaProcess).toBeNull();
  });

  it('reads a blank query day or kind of a church-tax origin as none', () => {
    expect(readChurchTaxOrigin({ ...base, queriedOn: '', queryKind: 'paper', taskId: null })).toMatchObject({
      queriedOn: null,
      queryKind: 'paper',
      taskId: null,
    });
  });

  it('reads an import written before issue 40 as written whole', () => {
    expect(readImport({ ...base, files: ['a.xlsx', 3], members: 4 })).toMatchObject({
      state: 'written',
      files: ['a.xlsx'],
      members: 4,
      chunks: 0,
      by: '',
    });
  });
});
