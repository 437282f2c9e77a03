import { describe, expect, it } from '@jest/globals';
import { exemptionOrdersStream, nonAssessmentsStream } from './events/tax-paper-events.js';
import { TAX_PAPER_VALIDATION_TEMPLATES } from './tax-paper-validation-templates.js';
import { allowanceLimit, latestEndDate, rangesOverlap, saversAllowance, taxPaperState } from './tax-papers.js';

describe('tax papers', () => {
  it('names the per-member streams', () => {
    expect(exemptionOrdersStream('m-1')).toBe('exemptionorders-m-1');
    expect(nonAssessmentsStream('m-1')).toBe('nonassessments-m-1');
  });

  it("knows the saver's allowance per year: 801/1.602 € up to 2022, 1.000/2.000 € from 2023", () => {
    expect(saversAllowance(2009)).toEqual({ single: 80_100, joint: 160_200 });
    expect(saversAllowance(2022)).toEqual({ single: 80_100, joint: 160_200 });
    expect(saversAllowance(2023)).toEqual({ single: 100_000, joint: 200_000 });
    expect(saversAllowance(2030)).toEqual({ single: 100_000, joint: 200_000 });
  });

  it('holds an order to the lowest allowance of the years it covers', () => {
    expect(allowanceLimit(2022, 2024, false)).toEqual({ limit: 80_100, year: 2022 });
    expect(allowanceLimit(2023, 2025, true)).toEqual({ limit: 200_000, year: 2023 });
    expect(allowanceLimit(2020, null, true)).toEqual({ limit: 160_200, year: 2020 });
    expect(allowanceLimit(2024, null, false)).toEqual({ limit: 100_000, year: 2024 });
  });

  it('derives the state from the end date and today', () => {
    expect(taxPaperState(null, '2025-06-15')).toBe('active');
    expect(taxPaperState('2025-06-15', '2025-06-15')).toBe('active');
    expect(taxPaperState('2025-06-14', '2025-06-15')).toBe('inactive');
  });

  it('the latest end of a 3-year range is the day before the third anniversary', () => {
    expect(latestEndDate('2025-01-01', 3)).toBe('2027-12-31');
    expect(latestEndDate('2025-07-15', 3)).toBe('2028-07-14');
    expect(latestEndDate('2024-02-29', 3)).toBe('2027-02-28');
  });

  it('overlap includes the ends; an open end runs forever', () => {
    expect(rangesOverlap('2025-01-01', '2025-12-31', '2025-12-31', null)).toBe(true);
    expect(rangesOverlap('2025-01-01', '2025-12-31', '2026-01-01', null)).toBe(false);
    expect(rangesOverlap('2030-01-01', null, '2020-01-01', null)).toBe(true);
  });

  it('lists its templates', () => {
    expect(TAX_PAPER_VALIDATION_TEMPLATES).toContain('conflictExemptionOrder');
    expect(new Set(TAX_PAPER_VALIDATION_TEMPLATES).size).toBe(TAX_PAPER_VALIDATION_TEMPLATES.length);
  });
});
