import { describe, it } from '@jest/globals';
import type { MemberEvent } from '@coop/contracts';
import { admitted, err, posted } from '../kernel/testing/member-events.js';
import type { LedgerCommand } from './domain/ledger.decider.js';
import { post, refuses, spec } from './testing/ledger-spec.js';
import { exitOn, notice, noticed, withPeriod } from './testing/membership-end.js';

/**
 * Decision 367: a membership begins with the declaration and the board's admission (§ 15 GenG, `joinedOn`); no end
 * (notice, partial termination, death, exclusion, dissolution) is dated before it. Decision 369: a death is recorded
 * after it happened, not on a day still to come.
 */
describe('share ledger decider: no end before the admission', () => {
  // Declared on 10.12.2024, admitted on 08.01.2025: a member from 08.01.2025.
  const declared = { date: '2024-12-10', approvalDate: '2025-01-08', interestBegin: '2025-02-01' };
  const dates = {
    entryDate: declared.date,
    approvalDate: declared.approvalDate,
    interestBegin: declared.interestBegin,
  };
  const person = [admitted(dates), posted('b0', 0, 3, declared)];
  const firm = [admitted({ ...dates, legalForm: 1, givenName: null }), posted('b0', 0, 3, declared)];
  const refused = [err('noticeDate', 'endBeforeAdmission', '2025-01-08')];

  it('refuses a death between the declaration and the admission, naming the admission', () => {
    refuses(person, post(6, null, notice('2024-12-20')), refused);
  });

  it('refuses a notice, an exclusion, a dissolution and a partial termination before the admission', () => {
    const before: [readonly MemberEvent[], LedgerCommand][] = [
      [person, post(8, null, notice('2025-01-07'))],
      [person, post(7, null, notice('2024-12-31'))],
      [person, post(2, 1, notice('2024-12-15'))],
      [firm, post(6, null, notice('2024-12-20'))],
    ];
    for (const [given, command] of before) refuses(given, command, refused);
  });

  it('takes a death on the day of the admission', () => {
    spec
      .given(person)
      .when(post(6, null, notice('2025-01-08')))
      .then([
        noticed({ reason: 'death', noticeDate: '2025-01-08', effectiveDate: '2025-12-31', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2025-12-31' }),
        exitOn('2025-12-31', 'death'),
      ]);
  });

  it('counts the full year an extraordinary notice needs from the admission (admitted 2025: from 01.01.2027)', () => {
    refuses(person, post(8, null, { ...notice('2026-09-30', { extraordinaryReason: 'Umzug' }), ...withPeriod(24) }), [
      err('extraordinaryReason', 'extraordinaryNeedsFullYear', '2027-01-01'),
    ]);
  });

  it('refuses a death dated after today, and takes one dated today', () => {
    const today = '2026-12-02';
    refuses(person, post(6, null, { ...notice('2030-05-01'), today }), [
      err('noticeDate', 'dateInFuture', '2030-05-01'),
    ]);
    spec
      .given(person)
      .when(post(6, null, { ...notice(today), today }))
      .then([
        noticed({ reason: 'death', noticeDate: today, effectiveDate: '2026-12-31', noticePeriodMonths: null }),
        posted('b-new', 6, 3, { date: '2026-12-31' }),
        exitOn('2026-12-31', 'death'),
      ]);
  });
});
