import {
  BUSINESS_DATE_MIN,
  fieldError,
  rangesOverlap,
  ValidationError,
  type Decider,
  type FieldError,
  type NonAssessmentEvent,
  type NonAssessmentFields,
} from '@coop/contracts';
import {
  decidePaperWrite,
  evolvePapers,
  onlyEndDateChanged,
  rangeErrors,
  yearOf,
  yearWindow,
  type MemberPapers,
  type TaxPaperHolder,
} from './tax-paper-rules.js';

// =============================================================================================
// State: every non-assessment certificate of one member (stream `nonassessments-<memberId>`)
// =============================================================================================

export type NonAssessmentsState = MemberPapers<NonAssessmentFields>;

const initial: NonAssessmentsState = { memberId: null, cooperativeId: null, papers: {} };

/** Year choices for start and end: 6 years starting 2 years back (SPEC.md section 5). */
export const NV_YEARS_BACK = 2;
export const NV_YEAR_CHOICES = 6;

// =============================================================================================
// Commands
// =============================================================================================

/**
 * The certificate as the request read it (contracts `NonAssessmentRecord`): every field of its type, the required
 * ones present, text trimmed, `original` true or null. PUT sends the whole certificate.
 */
export type NonAssessmentInput = NonAssessmentFields;

export interface NonAssessmentContext {
  /** The member from its master data; null when the member is not one of the cooperative. */
  readonly holder: TaxPaperHolder | null;
  /** Business today (`YYYY-MM-DD`, Europe/Berlin): its year bounds the year choices. */
  readonly today: string;
  /**
   * A register's certificate read by the import (decision 385): its years may lie before the choices (a register keeps
   * the certificates of the years it paid under); the choices' last year bounds it still.
   */
  readonly fromRegister?: true;
}

export type RecordNonAssessment = {
  readonly type: 'RecordNonAssessment';
  readonly nonAssessmentId: string;
  /** Empty when the request named no member (mustNotBeEmpty). */
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly input: NonAssessmentInput;
} & NonAssessmentContext;

export type CorrectNonAssessment = {
  readonly type: 'CorrectNonAssessment';
  readonly nonAssessmentId: string;
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly requestedMember: string | null;
  readonly input: NonAssessmentInput;
} & NonAssessmentContext;

export type NonAssessmentCommand = RecordNonAssessment | CorrectNonAssessment;

// =============================================================================================
// Decider
// =============================================================================================

export const nonAssessmentDecider: Decider<NonAssessmentCommand, NonAssessmentEvent, NonAssessmentsState> = {
  initialState: () => initial,
  evolve(state, event) {
    if (event.type === 'NonAssessmentRecorded') {
      const { nonAssessmentId: id, memberId, cooperativeId, ...fields } = event.data;
      return evolvePapers(state, { recorded: { id, memberId, cooperativeId, fields } });
    }
    const { nonAssessmentId: id, memberId: _m, ...changes } = event.data;
    return evolvePapers(state, { corrected: { id, changes } });
  },
  decide(command, state) {
    const id = command.nonAssessmentId;
    const record = command.type === 'RecordNonAssessment';
    const write = {
      kind: record ? 'record' : 'correct',
      id,
      memberId: command.memberId,
      cooperativeId: command.cooperativeId,
      requestedMember: record ? null : command.requestedMember,
      memberKnown: command.holder !== null,
    } as const;
    const decided = decidePaperWrite(write, state, 'Non assessment', (current) => validated(command, state, current));
    if (decided === null) return [];
    if ('recorded' in decided)
      return [
        {
          type: 'NonAssessmentRecorded',
          data: {
            nonAssessmentId: id,
            memberId: command.memberId,
            cooperativeId: command.cooperativeId,
            ...decided.recorded,
          },
        },
      ];
    return [
      {
        type: 'NonAssessmentCorrected',
        data: { nonAssessmentId: id, memberId: command.memberId, ...decided.corrected },
      },
    ];
  },
};

/** The certificate types that exempt (all or 3/5 of the tax): 0 and -1 record that there is none. */
export const EXEMPTING_NON_ASSESSMENT_TYPES: readonly number[] = [100, 60];

/**
 * SPEC.md section 5 "Non-assessment", issue 5 and issue 22, the rules across fields, years, the member and its other
 * certificates (the request class checked each field):
 * - a member not resident in Germany holds no exempting certificate (types 100, 60: § 44a Abs. 1 EStG requires
 *   unlimited tax liability, DOMAIN.md 2.8; nonAssessmentNotForNonResident on `type`), unless a correction only sets
 *   the end date; legal entities and natural persons resident in Germany may hold either (NV 1 B, NV 3 B, NV 2 B,
 *   § 44a Abs. 5 and Abs. 8 certificates; DOMAIN.md 2.6, 2.7, 12a.1); 0 and -1 (no certificate) for anyone;
 * - the end after the start, at most 3 years; years from 2 years back to 3 ahead (6 choices; a date left unchanged by
 *   a correction is not checked against them again; a register's certificate any year before as well, decision 385);
 *   no overlap with another certificate of the member.
 */
function validated(
  command: NonAssessmentCommand,
  state: NonAssessmentsState,
  current: NonAssessmentFields | undefined,
): NonAssessmentFields {
  const { startDate, endDate } = command.input;
  const errors: FieldError[] = [];
  const holder = command.holder;
  const type = command.input.type;
  if (
    holder !== null &&
    holder.nonResident &&
    EXEMPTING_NON_ASSESSMENT_TYPES.includes(type) &&
    !onlyEndDateChanged(current, command.input)
  ) {
    errors.push(fieldError('type', 'nonAssessmentNotForNonResident', String(type)));
  }
  const firstChoice = yearOf(command.today) - NV_YEARS_BACK;
  const lastYear = firstChoice + NV_YEAR_CHOICES - 1;
  const firstYear = command.fromRegister ? yearOf(BUSINESS_DATE_MIN) : firstChoice;
  if (startDate !== current?.startDate) yearWindow(startDate, 'startDate', firstYear, lastYear, errors);
  const range = rangeErrors(startDate, endDate);
  errors.push(...range);
  if (range.length === 0 && endDate !== current?.endDate) yearWindow(endDate, 'endDate', firstYear, lastYear, errors);
  const other = Object.entries(state.papers).find(
    ([otherId, c]) => otherId !== command.nonAssessmentId && rangesOverlap(startDate, endDate, c.startDate, c.endDate),
  );
  if (other) errors.push(fieldError(null, 'conflictNonAssessment', other[0]));
  if (errors.length > 0) throw new ValidationError(errors);
  const { orderNumber, date, taxAuthorities, original } = command.input;
  return { type, orderNumber, date, taxAuthorities, startDate, endDate, original };
}
