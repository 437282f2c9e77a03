import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DIVIDEND_SETTINGS,
  type DividendDeclared,
  type DomainEvent,
  type ReadDocument,
  type RecordedEvent,
  type WriteOp,
} from '@coop/contracts';
import { dividendsProjector } from './dividends.projector.js';

/*
 * Issue 40: a closure written in steps (`DividendDeclared.payouts` given) is `closing` until its register's
 * `DividendYearClosed`; one written whole before issue 40 (no `payouts`) is `closed` from its declaration.
 */
const recorded = (event: DomainEvent, position: bigint): RecordedEvent =>
  ({
    ...event,
    streamId: 's',
    revision: 0,
    position,
    metadata: {
      cooperativeId: 'c',
      user: 'u',
      timestamp: '2026-03-01T10:00:00.000Z',
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

const declared = (payouts?: number): DividendDeclared => ({
  type: 'DividendDeclared',
  data: {
    dividendId: 'd1',
    cooperativeId: 'c',
    year: 2025,
    type: 'percent',
    amount: '4',
    decisionDate: '2026-01-10',
    paymentDate: '2026-01-15',
    percent: '4.0000',
    settings: DEFAULT_DIVIDEND_SETTINGS,
    totals: { members: 0, gross: 0, exempt: 0, taxable: 0, kapest: 0, soli: 0, churchTax: 0, net: 0, residue: 0 },
    taxReturn: {
      row31: { baseEuros: 0, kapestEuros: 0 },
      row32: { baseEuros: 0, kapestEuros: 0 },
      row33: { baseEuros: 0 },
      row34: { soliCents: 0 },
      kapestDueEuros: 0,
      churchTaxes: [],
    },
    ...(payouts === undefined ? {} : { payouts }),
  },
});

const put = (ops: readonly WriteOp[]): ReadDocument => (ops[0] as { doc: ReadDocument }).doc;

describe('dividends projector: a closure in steps is closing until its end (issue 40)', () => {
  it('a declaration with payouts to follow makes the closure closing; DividendYearClosed makes it closed', () => {
    const closing = put(dividendsProjector.project(recorded(declared(3), 1n), () => undefined));
    expect(closing.status).toBe('closing');
    const closed = dividendsProjector.project(
      recorded({ type: 'DividendYearClosed', data: { cooperativeId: 'c', year: 2025, dividendId: 'd1' } }, 5n),
      () => closing,
    );
    expect(put(closed)).toEqual({ ...closing, status: 'closed', position: '5' });
  });

  it('a declaration written whole before issue 40 is closed; its DividendYearClosed, which came first, changes nothing', () => {
    expect(put(dividendsProjector.project(recorded(declared(), 2n), () => undefined)).status).toBe('closed');
    expect(
      dividendsProjector.project(
        recorded({ type: 'DividendYearClosed', data: { cooperativeId: 'c', year: 2025, dividendId: 'd1' } }, 1n),
        () => undefined,
      ),
    ).toEqual([]);
    expect(
      dividendsProjector.keys(
        recorded({ type: 'DividendYearClosed', data: { cooperativeId: 'c', year: 2025, dividendId: 'd1' } }, 1n),
      ),
    ).toEqual([{ collection: 'dividends', id: 'd1' }]);
  });
});
