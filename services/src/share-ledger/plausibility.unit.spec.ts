import { describe, expect, it } from '@jest/globals';
import { UnconfirmedWarnings, type MemberEvent } from '@coop/contracts';
import {
  evolveMemberStream,
  evolveShareAccount,
  initialMemberState,
  type MemberState,
} from '../kernel/member-stream.js';
import { member, ON } from '../kernel/testing/member-events.js';
import { entryDateOf, postingWarnings, requirePlausiblePosting } from './domain/plausibility.js';

/** Plausibility of a posting's dates (issue 22 "Safety nets"): the member entered on 2025-06-01 (its type-0 posting). */
const TODAY = '2025-06-20';
const fold = (events: readonly MemberEvent[], evolve = evolveShareAccount): MemberState =>
  events.reduce(evolve, initialMemberState);

describe('posting warnings', () => {
  it('reads the entry from the initial subscription, on the share account as on the whole stream', () => {
    expect(entryDateOf(fold(member))).toBe('2025-06-01');
    expect(entryDateOf(fold(member, evolveMemberStream))).toBe('2025-06-01');
    expect(entryDateOf(initialMemberState)).toBeNull();
  });

  it('has none for the dates in order up to today', () => expect(postingWarnings(ON, '2025-06-01', TODAY)).toEqual([]));

  it('warns of a posting date and an approval date after today', () => {
    expect(
      postingWarnings(
        { date: '2025-06-21', approvalDate: '2025-06-22', interestBegin: '2025-07-01' },
        '2025-06-01',
        TODAY,
      ),
    ).toEqual([
      { field: 'date', template: 'dateInFuture', parameters: { 0: '2025-06-21' } },
      { field: 'approvalDate', template: 'dateInFuture', parameters: { 0: '2025-06-22' } },
    ]);
  });

  it("warns of an approval before the declaration (the posting's date)", () => {
    expect(postingWarnings({ ...ON, approvalDate: '2025-06-09' }, '2025-06-01', TODAY)).toEqual([
      { field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2025-06-10' } },
    ]);
  });

  it("warns of an interest begin before the member's entry, not of one on it", () => {
    expect(postingWarnings({ ...ON, interestBegin: '2025-05-31' }, '2025-06-01', TODAY)).toEqual([
      { field: 'interestBegin', template: 'interestBeginBeforeEntry', parameters: { 0: '2025-06-01' } },
    ]);
    expect(postingWarnings({ ...ON, interestBegin: '2025-06-01' }, '2025-06-01', TODAY)).toEqual([]);
  });

  it('refuses the posting without a confirmation, and lets it pass with one', () => {
    const state = fold(member);
    const future = { ...ON, date: '2025-07-01', approvalDate: '2025-07-01' };
    expect(() => requirePlausiblePosting(state, future, TODAY, false)).toThrow(UnconfirmedWarnings);
    expect(() => requirePlausiblePosting(state, future, TODAY, true)).not.toThrow();
    expect(() => requirePlausiblePosting(state, ON, TODAY, false)).not.toThrow();
  });
});
