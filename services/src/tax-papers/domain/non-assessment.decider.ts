import {
  fieldError,
  rangesOverlap,
  ValidationError,
  type Decider,
  type FieldError,
  type NonAssessmentEvent,
  type NonAssessmentFields,
} from '@coop/contracts';
import { decidePaperWrite, evolvePapers, rangeErrors, yearOf, yearWindow, type MemberPapers } from './tax-paper-rules.js';

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
  readonly memberKnown: boolean;
  /** Business today (`YYYY-MM-DD`, Europe/Berlin): its year bounds the year choices. */
  readonly today: string;
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
    const write = { kind: record ? 'record' : 'correct', id, memberId: command.memberId, cooperativeId: command.cooperativeId, requestedMember: record ? null : command.requestedMember, memberKnown: command.memberKnown } as const;
    const decided = decidePaperWrite(write, state, 'Non assessment', (current) => validated(command, state, current));
    if (decided === null) return [];
    if ('recorded' in decided) return [{ type: 'NonAssessmentRecorded', data: { nonAssessmentId: id, memberId: command.memberId, cooperativeId: command.cooperativeId, ...decided.recorded } }];
    return [{ type: 'NonAssessmentCorrected', data: { nonAssessmentId: id, memberId: command.memberId, ...decided.corrected } }];
  },
};

/**
 * SPEC.md section 5 "Non-assessment" and issue 5, the rules across fields, years and the member's other certificates
 * (the request class checked each field): the end after the start, at most 3 years; years from 2 years back to 3
 * ahead (6 choices; a date left unchanged by a correction is not checked against them again); no overlap with another
 * certificate of the member.
 */
function validated(command: NonAssessmentCommand, state: NonAssessmentsState, current: NonAssessmentFields | undefined): NonAssessmentFields {
  const { startDate, endDate } = command.input;
  const errors: FieldError[] = [];
  const firstYear = yearOf(command.today) - NV_YEARS_BACK;
  const lastYear = firstYear + NV_YEAR_CHOICES - 1;
  if (startDate !== current?.startDate) yearWindow(startDate, 'startDate', firstYear, lastYear, errors);
  const range = rangeErrors(startDate, endDate);
  errors.push(...range);
  if (range.length === 0 && endDate !== current?.endDate) yearWindow(endDate, 'endDate', firstYear, lastYear, errors);
  const other = Object.entries(state.papers).find(([otherId, c]) => otherId !== command.nonAssessmentId && rangesOverlap(startDate, endDate, c.startDate, c.endDate));
  if (other) errors.push(fieldError(null, 'conflictNonAssessment', other[0]));
  if (errors.length > 0) throw new ValidationError(errors);
  const { type, orderNumber, date, taxAuthorities, original } = command.input;
  return { type, orderNumber, date, taxAuthorities, startDate, endDate, original };
}
