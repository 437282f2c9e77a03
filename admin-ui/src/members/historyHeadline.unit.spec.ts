import { describe, expect, it } from '@jest/globals';
import { endHeadline } from './historyHeadline.js';

/* The history's words for a membership's end (issue 43): recorded notices and deaths, the exit on its effective date. */
describe('the history names a membership end as a clerk reads it', () => {
  const notice = (reason: string, effectiveDate?: string) => ({
    type: 'MembershipEndNoticed',
    notice: { balanceId: 'b', reason, ...(effectiveDate ? { effectiveDate } : {}) },
  });
  const exited = (exitDate: string) => ({ type: 'MemberExited', exit: { exitDate, reason: 'exit', balanceId: 'b' } });

  it('a notice: "Kündigung erfasst (wirksam zum …)"; a death: "Tod erfasst", not a notice', () => {
    expect(endHeadline(notice('exit', '2027-12-31'), '2026-11-28')).toEqual({
      key: 'noticeRecordedEffective',
      date: '2027-12-31',
    });
    expect(endHeadline(notice('death', '2026-12-31'), '2026-11-28')).toEqual({
      key: 'deathRecordedEffective',
      date: '2026-12-31',
    });
    expect(endHeadline(notice('exclusion'), '2026-11-28')).toEqual({ key: 'noticeRecorded' });
  });

  it('the exit is "ausgeschieden" from its effective date on, before it only scheduled', () => {
    expect(endHeadline(exited('2027-12-31'), '2026-11-28')).toEqual({ key: 'exitScheduled', date: '2027-12-31' });
    expect(endHeadline(exited('2027-12-31'), '2027-12-31')).toEqual({ key: 'exitedOn', date: '2027-12-31' });
    expect(endHeadline({ type: 'SharesPosted' }, '2026-11-28')).toBeNull();
  });
});
