import {
  addMonths,
  deathReason,
  extraordinaryNoticeFrom,
  financialYearEnd,
  membershipEndDate,
  noticeEffectiveDate,
} from './membership-end.js';

describe('membership end (GenG § 65, § 67b, § 68, § 77, § 77a)', () => {
  it('adds calendar months, a missing day becoming the month end', () => {
    expect(addMonths('2026-09-30', 3)).toBe('2026-12-30');
    expect(addMonths('2026-10-01', 3)).toBe('2027-01-01');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 24)).toBe('2029-11-30');
  });

  it('ends a notice at the end of the first financial year at least the notice period later', () => {
    expect(noticeEffectiveDate('2026-09-30', 3)).toBe('2026-12-31');
    expect(noticeEffectiveDate('2026-10-01', 3)).toBe('2027-12-31');
    expect(noticeEffectiveDate('2026-03-01', 24)).toBe('2028-12-31');
    expect(noticeEffectiveDate('2026-01-01', 60)).toBe('2031-12-31');
  });

  it('ends an exclusion, a death and a dissolution at the end of that financial year', () => {
    for (const reason of ['exclusion', 'death', 'dissolution'] as const) {
      expect(membershipEndDate({ reason, date: '2026-12-30', noticePeriodMonths: 24 })).toBe('2026-12-31');
    }
    expect(financialYearEnd('2027-01-01')).toBe('2027-12-31');
  });

  it('runs an extraordinary notice three months whatever the statutes say', () => {
    expect(membershipEndDate({ reason: 'exit', date: '2026-09-30', noticePeriodMonths: 24 })).toBe('2028-12-31');
    expect(membershipEndDate({ reason: 'exit', date: '2026-09-30', noticePeriodMonths: 24, extraordinary: true })).toBe(
      '2026-12-31',
    );
    expect(membershipEndDate({ reason: 'partial', date: '2026-10-01', noticePeriodMonths: 3 })).toBe('2027-12-31');
  });

  it('allows an extraordinary notice after one full financial year of membership', () => {
    expect(extraordinaryNoticeFrom('2024-01-01')).toBe('2025-01-01');
    expect(extraordinaryNoticeFrom('2024-01-02')).toBe('2026-01-01');
    expect(deathReason(1)).toBe('dissolution');
    expect(deathReason(0)).toBe('death');
  });
});
