import { describe, expect, it } from '@jest/globals';
import { ValidationError, type FieldError, type MemberEvent } from '@coop/contracts';
import { COOP, err, M, member, posted, terms, TODAY } from '../kernel/testing/member-events.js';
import { evolveMemberStream, initialMemberState } from '../kernel/member-stream.js';
import { memberDecider, type MemberCommand } from './member-stream.decider.js';

/*
 * The decider the demo and the import play the member stream through (decision 242): an annulation's dates are read
 * with the API's request class (PostingRequest) before the ledger's decider, which no longer checks their shape.
 */
const state = (events: readonly MemberEvent[]) => events.reduce(evolveMemberStream, initialMemberState);
const history = [...member, posted('b1', 1, 2)];
const annul = (dates: Record<string, string | undefined>): MemberCommand => ({
  type: 'AnnulPosting',
  memberId: M,
  cooperativeId: COOP,
  balanceId: 'b5',
  annulPeer: 'b1',
  terms,
  today: TODAY,
  ...dates,
});
const refusal = (command: MemberCommand): readonly FieldError[] => {
  try {
    memberDecider.decide(command, state(history));
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('not refused');
};

describe('memberDecider: an annulation played through by the demo or the import', () => {
  it('reads its dates as the API does: trimmed, empty ones left to the ledger (today, none)', () => {
    const [annulled] = memberDecider.decide(
      annul({ date: ' 2025-06-11 ', approvalDate: '', interestBegin: '2025-07-01 ' }),
      state(history),
    );
    expect(annulled).toMatchObject({
      type: 'PostingAnnulled',
      data: { date: '2025-06-11', approvalDate: null, interestBegin: '2025-07-01' },
    });
    expect(memberDecider.decide(annul({}), state(history))[0]).toMatchObject({
      data: { date: TODAY, approvalDate: null, interestBegin: null },
    });
  });

  it('refuses a malformed date, and a date outside the business range, as the API does', () => {
    expect(refusal(annul({ date: '11.06.2025' }))).toEqual([err('date', 'invalidDate', '11.06.2025')]);
    expect(refusal(annul({ approvalDate: '1800-01-01', interestBegin: '2025-02-30' }))).toEqual([
      err('approvalDate', 'dateOutOfRange', '1900-01-01', '2199-12-31'),
      err('interestBegin', 'invalidDate', '2025-02-30'),
    ]);
  });

  it('leaves the rule that needs the account to the ledger: not before the original', () => {
    expect(refusal(annul({ date: '2025-06-09' }))).toEqual([err('date', 'mustBeAtLeast', '2025-06-10')]);
  });
});
