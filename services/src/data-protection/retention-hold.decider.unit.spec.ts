import { describe, expect, it } from '@jest/globals';
import { fieldError, NotFoundError, ValidationError, type MemberEvent, type RetentionHoldEvent } from '@coop/contracts';
import { deciderSpec } from '../platform/testing/decider-spec.js';
import { COOP, M, member, OTHER_COOP, exited } from '../kernel/testing/member-events.js';
import { retentionHoldDecider, type ChangeRetentionHold } from './domain/retention-hold.decider.js';

const spec = deciderSpec(retentionHoldDecider);

const hold = (held: boolean, reason = 'Betriebsprüfung 2031 offen', cooperativeId = COOP): ChangeRetentionHold => ({
  type: 'ChangeRetentionHold',
  memberId: M,
  cooperativeId,
  held,
  reason,
});
const set = (reason = 'Betriebsprüfung 2031 offen'): RetentionHoldEvent => ({
  type: 'MemberRetentionHoldSet',
  data: { memberId: M, reason },
});
const cleared = (reason: string): RetentionHoldEvent => ({
  type: 'MemberRetentionHoldCleared',
  data: { memberId: M, reason },
});
const history: (MemberEvent | RetentionHoldEvent)[] = [...member, exited('b-exit', '2020-12-31')];

describe('the hold flag (issue 27)', () => {
  it('given a member, when a clerk holds it with a reason, then MemberRetentionHoldSet with the reason (trimmed)', () => {
    spec.given(history).when(hold(true, '  Betriebsprüfung 2031 offen ')).then([set()]);
  });

  it('given a held member, when the hold is cleared with a reason, then MemberRetentionHoldCleared', () => {
    spec
      .given([...history, set()])
      .when(hold(false, 'Prüfung abgeschlossen'))
      .then([cleared('Prüfung abgeschlossen')]);
  });

  it('given a held member, when held again, then refused with retentionHoldAlreadySet', () => {
    spec
      .given([...history, set()])
      .when(hold(true))
      .thenThrows(ValidationError, (e) => {
        expect(e.errors).toEqual([fieldError('held', 'retentionHoldAlreadySet')]);
      });
  });

  it('given a member not held (or cleared), when cleared, then refused with retentionHoldNotSet', () => {
    spec
      .given(history)
      .when(hold(false, 'x'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('held', 'retentionHoldNotSet')]));
    spec
      .given([...history, set(), cleared('done')])
      .when(hold(false, 'again'))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('held', 'retentionHoldNotSet')]));
  });

  it('given no reason (blank), then refused with mustNotBeEmpty on reason', () => {
    spec
      .given(history)
      .when(hold(true, '   '))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('reason', 'mustNotBeEmpty')]));
  });

  it('given a member of another cooperative, or none, then NotFoundError', () => {
    spec
      .given(history)
      .when(hold(true, 'x', OTHER_COOP))
      .thenThrows(NotFoundError);
    spec.given([]).when(hold(true, 'x')).thenThrows(NotFoundError);
  });
});
