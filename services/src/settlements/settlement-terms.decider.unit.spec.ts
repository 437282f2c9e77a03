import { ValidationError } from '@coop/contracts';
import { settlementTermsDecider, type SettlementTermsCommand } from './domain/settlement-terms.decider.js';

/* Decisions 319 and 322: a loss share is decided by a general meeting that has met, on the annual accounts of its year. */
const lossShare = (year: number, decisionDate: string): SettlementTermsCommand => ({
  type: 'SetLossShare',
  cooperativeId: 'coop-1',
  year,
  kind: 'percent',
  percent: '12.5',
  centsPerShare: null,
  decisionDate,
  today: '2026-12-02',
});

const refusal = (command: SettlementTermsCommand): unknown => {
  try {
    settlementTermsDecider.decide(command, settlementTermsDecider.initialState());
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return 'recorded';
};

describe('the loss share of a year', () => {
  it('is recorded when decided after its year ended and not after today', () => {
    expect(refusal(lossShare(2025, '2026-01-01'))).toBe('recorded');
    expect(refusal(lossShare(2025, '2026-12-02'))).toBe('recorded');
  });

  it('is refused on or before the end of its year: the annual accounts it is decided on do not exist yet', () => {
    for (const [year, date] of [
      [2025, '2025-12-31'],
      [2025, '2025-06-30'],
      [2026, '2026-11-30'],
    ] as const) {
      expect(refusal(lossShare(year, date))).toEqual([
        {
          field: 'decisionDate',
          template: 'lossShareBeforeYearEnd',
          parameters: { 0: String(year), 1: `${year}-12-31` },
        },
      ]);
    }
  });

  it('is refused on a day still to come, which is named first', () => {
    expect(refusal(lossShare(2026, '2027-02-01'))).toEqual([
      { field: 'decisionDate', template: 'dateInFuture', parameters: { 0: '2027-02-01' } },
    ]);
  });
});
