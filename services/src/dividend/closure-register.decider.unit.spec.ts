import { describe, expect, it } from '@jest/globals';
import { ValidationError, type DividendRegisterEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { closureRegisterDecider, yearState, type ClosureCommand } from './domain/closure-register.decider.js';

const spec = deciderSpec(closureRegisterDecider);
const COOP = 'coop-1';
const TODAY = '2026-03-15';

const lock = (year: number, dividendId = 'd-new', today = TODAY): ClosureCommand => ({
  type: 'LockYear',
  cooperativeId: COOP,
  year,
  dividendId,
  today,
});
const finish = (year: number, dividendId: string): ClosureCommand => ({
  type: 'FinishClosure',
  cooperativeId: COOP,
  year,
  dividendId,
});
const closing = (year: number, dividendId: string): DividendRegisterEvent => ({
  type: 'DividendYearClosing',
  data: { cooperativeId: COOP, year, dividendId },
});
const closed = (year: number, dividendId: string): DividendRegisterEvent => ({
  type: 'DividendYearClosed',
  data: { cooperativeId: COOP, year, dividendId },
});

const refusal =
  (template: string, ...params: string[]) =>
  (e: ValidationError): void => {
    expect(e.errors).toEqual([
      { field: 'year', template, parameters: Object.fromEntries(params.map((p, i) => [String(i), p])) },
    ]);
  };

describe('closure register: LockYear', () => {
  it('locks a past year that is neither closing nor closed', () => {
    spec
      .given([])
      .when(lock(2025))
      .then([closing(2025, 'd-new')]);
    spec
      .given([closing(2024, 'd-1'), closed(2024, 'd-1')])
      .when(lock(2025))
      .then([closing(2025, 'd-new')]);
  });

  it('locks an older year never closed, after a later one was', () => {
    spec
      .given([closing(2025, 'd-1'), closed(2025, 'd-1')])
      .when(lock(2023))
      .then([closing(2023, 'd-new')]);
  });

  it('refuses the current year and a later one: "Cannot create closure for current year."', () => {
    spec.given([]).when(lock(2026)).thenThrows(ValidationError, refusal('currentYearClosure'));
    spec.given([]).when(lock(2027)).thenThrows(ValidationError, refusal('currentYearClosure'));
    spec
      .given([])
      .when(lock(2025, 'd', '2025-12-31'))
      .thenThrows(ValidationError, refusal('currentYearClosure'));
  });

  it('refuses a closed year: "Year {0} is already closed"', () => {
    spec
      .given([closing(2025, 'd-1'), closed(2025, 'd-1')])
      .when(lock(2025))
      .thenThrows(ValidationError, refusal('yearAlreadyClosed', '2025'));
  });

  it('appends nothing for a year left closing: the closure is resumed under its own id', () => {
    const given = [closing(2025, 'd-1')];
    spec.given(given).when(lock(2025)).then([]);
    const state = given.reduce(closureRegisterDecider.evolve, closureRegisterDecider.initialState());
    expect(yearState(state, 2025)).toEqual({ dividendId: 'd-1', closed: false });
  });
});

describe('closure register: FinishClosure', () => {
  it('closes the year its lock names', () => {
    spec
      .given([closing(2025, 'd-1')])
      .when(finish(2025, 'd-1'))
      .then([closed(2025, 'd-1')]);
  });

  it('refuses a year not locked, locked by another closure, or already closed', () => {
    spec.given([]).when(finish(2025, 'd-1')).thenThrows(ValidationError, refusal('yearAlreadyClosed', '2025'));
    spec
      .given([closing(2025, 'd-2')])
      .when(finish(2025, 'd-1'))
      .thenThrows(ValidationError, refusal('yearAlreadyClosed', '2025'));
    spec
      .given([closing(2025, 'd-1'), closed(2025, 'd-1')])
      .when(finish(2025, 'd-1'))
      .thenThrows(ValidationError, refusal('yearAlreadyClosed', '2025'));
  });
});

describe('closure register: the request kept with the lock (issue 40)', () => {
  const params = { type: 'percent' as const, amount: '4', decisionDate: '2026-02-01', paymentDate: '2026-03-01' };

  it('records the request with the lock and keeps it once the year is closed, so a stopped closure resumes with it', () => {
    const locked: DividendRegisterEvent = {
      type: 'DividendYearClosing',
      data: { cooperativeId: COOP, year: 2025, dividendId: 'd-new', params },
    };
    spec
      .given([])
      .when({ type: 'LockYear', cooperativeId: COOP, year: 2025, dividendId: 'd-new', today: TODAY, params })
      .then([locked]);
    const state = [locked, closed(2025, 'd-new')].reduce(
      closureRegisterDecider.evolve,
      closureRegisterDecider.initialState(),
    );
    expect(yearState(state, 2025)).toEqual({ dividendId: 'd-new', closed: true, params });
  });
});
