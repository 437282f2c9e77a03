import {
  BUSINESS_DATE_MIN,
  fieldError,
  NotFoundError,
  ValidationError,
  type ChurchDataRecorded,
  type ChurchQueryKind,
  type Decider,
  type FieldError,
  type MemberEvent,
} from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import { knownChurchId, normalizedChurchRate } from './church-keys.js';

/*
 * Records a member's church data (issue 24; DOMAIN.md 3.3) on the member stream: a paper answer typed in by a clerk.
 * The KiStAM answer records the same event from its task (kistam/kistam-answer.ts), already checked there.
 */

export interface RecordChurchData {
  readonly type: 'RecordChurchData';
  readonly memberId: string;
  readonly cooperativeId: string;
  /** A two-letter church id of CHURCH_NAMES (any case), or empty / null. */
  readonly churchId: string | null;
  /** Percent, a decimal above 0 and at most 10 (`,` read as `.`), or empty / null. */
  readonly churchTaxRate: string | null;
  readonly queriedOn: string;
  readonly queryKind: ChurchQueryKind;
  readonly taskId: string | null;
  /**
   * The business day of the write: an answer of BZSt's query (`regular`, `event`) dated after it is refused. Its status
   * date in the future kept the member from every regular query until then (the selection's "already asked").
   */
  readonly today?: string;
}

const blank = (v: string | null): boolean => v === null || v.trim() === '';

/**
 * Church id and rate both empty: a null answer (deletes the church data held). A church id without a rate is allowed
 * (the rate then follows the member's state, DOMAIN.md 12a.9); a rate without a church id is not.
 */
export const churchDataDecider: Decider<RecordChurchData, MemberEvent, MemberState> = {
  initialState: () => initialMemberState,
  evolve: evolveMemberStream,
  decide(command, state): ChurchDataRecorded[] {
    if (!state.exists || state.cooperativeId !== command.cooperativeId)
      throw new NotFoundError('Member', command.memberId);
    const errors: FieldError[] = [];
    let churchId: string | null = null;
    let churchTaxRate: string | null = null;
    if (!blank(command.churchId)) {
      churchId = knownChurchId(command.churchId!);
      if (churchId === null) errors.push(fieldError('churchId', 'invalidChoice', command.churchId!.trim()));
    }
    if (!blank(command.churchTaxRate)) {
      const rate = normalizedChurchRate(command.churchTaxRate!);
      if (rate === 'invalid') errors.push(fieldError('churchTaxRate', 'invalidNumber', command.churchTaxRate!.trim()));
      else if (rate === 'tooHigh') errors.push(fieldError('churchTaxRate', 'mustBeAtMost', '10'));
      else churchTaxRate = rate;
      if (blank(command.churchId)) errors.push(fieldError('churchId', 'mustNotBeEmpty'));
    }
    if (command.queryKind !== 'paper' && command.today !== undefined && command.queriedOn > command.today)
      errors.push(fieldError('queriedOn', 'dateOutOfRange', BUSINESS_DATE_MIN, command.today));
    if (errors.length > 0) throw new ValidationError(errors);
    const { memberId, queriedOn, queryKind, taskId } = command;
    return [{ type: 'ChurchDataRecorded', data: { memberId, churchId, churchTaxRate, queriedOn, queryKind, taskId } }];
  },
};
