import { describe, expect, it } from '@jest/globals';
import { memberFieldError, ValidationError, type MemberNumberEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import {
  memberNumberClaimDecider,
  memberNumberSequenceDecider,
  nextMemberNumber,
} from './domain/member-number.decider.js';

const COOP = 'coop-1';
const claimed = (memberNr: number, memberId = `m-${memberNr}`): MemberNumberEvent => ({
  type: 'MemberNumberClaimed',
  data: { cooperativeId: COOP, memberNr, memberId },
});

describe('member number sequence', () => {
  const spec = deciderSpec(memberNumberSequenceDecider);

  it('hands out 1 first', () => {
    spec
      .given([])
      .when({ type: 'AssignNextMemberNumber', cooperativeId: COOP, memberId: 'm-a' })
      .then([claimed(1, 'm-a')]);
  });

  it('hands out the number after the highest', () => {
    spec
      .given([claimed(1), claimed(2), claimed(3)])
      .when({ type: 'AssignNextMemberNumber', cooperativeId: COOP, memberId: 'm-a' })
      .then([claimed(4, 'm-a')]);
  });

  it('moves past a higher number the clerk gave', () => {
    spec
      .given([claimed(1), claimed(2), claimed(3)])
      .when({ type: 'RecordGivenMemberNumber', cooperativeId: COOP, memberId: 'm-a', memberNr: 10 })
      .then([claimed(10, 'm-a')]);
  });

  it('continues after a given number', () => {
    spec
      .given([claimed(3), claimed(10)])
      .when({ type: 'AssignNextMemberNumber', cooperativeId: COOP, memberId: 'm-a' })
      .then([claimed(11, 'm-a')]);
  });

  it('records nothing for a given number below the highest (its claim stream keeps it unique)', () => {
    spec
      .given([claimed(1), claimed(5)])
      .when({ type: 'RecordGivenMemberNumber', cooperativeId: COOP, memberId: 'm-a', memberNr: 3 })
      .then([]);
  });

  it('tells the next number', () => {
    const state = [claimed(7)].reduce(memberNumberSequenceDecider.evolve, memberNumberSequenceDecider.initialState());
    expect(nextMemberNumber(state)).toBe(8);
  });
});

describe('member number claim (unique in the cooperative)', () => {
  const spec = deciderSpec(memberNumberClaimDecider);
  const claim = (memberNr: number, memberId = 'm-a') => ({
    type: 'ClaimMemberNumber' as const,
    cooperativeId: COOP,
    memberId,
    memberNr,
  });

  it('claims a free number', () =>
    spec
      .given([])
      .when(claim(7))
      .then([claimed(7, 'm-a')]));

  it('is idempotent for the holder', () =>
    spec
      .given([claimed(7, 'm-a')])
      .when(claim(7))
      .then([]));

  it('refuses a number another member holds with memberNrTaken naming it', () => {
    spec
      .given([claimed(7, 'm-b')])
      .when(claim(7))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([memberFieldError('memberNr', 'memberNrTaken', '7')]),
      );
  });

  it.each([0, -3, 1.5, Number.NaN])('refuses %p with invalidNumber', (memberNr) => {
    spec
      .given([])
      .when(claim(memberNr))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([memberFieldError('memberNr', 'invalidNumber')]));
  });
});
