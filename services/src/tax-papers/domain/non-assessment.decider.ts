import {
  fieldError,
  NON_ASSESSMENT_TYPES,
  NotFoundError,
  rangesOverlap,
  ValidationError,
  type Decider,
  type FieldError,
  type NonAssessmentEvent,
  type NonAssessmentFields,
} from '@coop/contracts';
import { changed, code, date, MAX_RANGE_YEARS, rangeErrors, text, yearOf, yearWindow, type Raw } from './tax-paper-rules.js';

// =============================================================================================
// State: every non-assessment certificate of one member (stream `nonassessments-<memberId>`)
// =============================================================================================

export interface NonAssessmentsState {
  readonly memberId: string | null;
  readonly cooperativeId: string | null;
  readonly certificates: Readonly<Record<string, NonAssessmentFields>>;
}

const initial: NonAssessmentsState = { memberId: null, cooperativeId: null, certificates: {} };

/** Year choices for start and end: 6 years starting 2 years back (SPEC.md section 5). */
export const NV_YEARS_BACK = 2;
export const NV_YEAR_CHOICES = 6;

// =============================================================================================
// Commands
// =============================================================================================

/** The certificate as the clerk sent it, every field unchecked. PUT sends the whole certificate. */
export interface NonAssessmentInput {
  readonly type?: Raw;
  readonly orderNumber?: Raw;
  readonly date?: Raw;
  readonly taxAuthorities?: Raw;
  readonly startDate?: Raw;
  readonly endDate?: Raw;
  readonly original?: Raw;
}

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
    switch (event.type) {
      case 'NonAssessmentRecorded': {
        const { nonAssessmentId, memberId, cooperativeId, ...fields } = event.data;
        return { memberId, cooperativeId, certificates: { ...state.certificates, [nonAssessmentId]: fields } };
      }
      case 'NonAssessmentCorrected': {
        const { nonAssessmentId, memberId: _m, ...changes } = event.data;
        const current = state.certificates[nonAssessmentId];
        if (!current) return state;
        return { ...state, certificates: { ...state.certificates, [nonAssessmentId]: { ...current, ...changes } } };
      }
    }
  },
  decide(command, state) {
    const id = command.nonAssessmentId;
    if (command.type === 'RecordNonAssessment') {
      if (command.memberId.trim() === '') {
        const errors = [fieldError('member', 'mustNotBeEmpty')];
        collectErrors(() => validated(command, state, undefined), errors);
        throw new ValidationError(errors);
      }
      if (!command.memberKnown) throw new NotFoundError('Member', command.memberId);
      if (state.certificates[id]) throw new ValidationError([fieldError(null, 'invalidChoice', id)]);
      const fields = validated(command, state, undefined);
      return [{ type: 'NonAssessmentRecorded', data: { nonAssessmentId: id, memberId: command.memberId, cooperativeId: command.cooperativeId, ...fields } }];
    }
    const current = state.certificates[id];
    if (!current || state.cooperativeId !== command.cooperativeId || state.memberId !== command.memberId) throw new NotFoundError('Non assessment', id);
    const errors: FieldError[] = [];
    if (command.requestedMember !== null && command.requestedMember !== command.memberId) errors.push(fieldError('member', 'invalidChoice', command.requestedMember));
    const fields = collectErrors(() => validated(command, state, current), errors);
    if (errors.length > 0 || !fields) throw new ValidationError(errors);
    const changes = changed(current, fields);
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'NonAssessmentCorrected', data: { nonAssessmentId: id, memberId: command.memberId, ...changes } }];
  },
};

function collectErrors<T>(f: () => T, errors: FieldError[]): T | undefined {
  try {
    return f();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
    return undefined;
  }
}

/**
 * SPEC.md section 5 "Non-assessment" and issue 5: type (0, 60, 100, -1), date, tax authority and order
 * number non-empty; start and end date required (startDateMustNotBeEmpty, endDateMustNotBeEmpty); the
 * end after the start, at most 3 years; years from 2 years back to 3 ahead (6 choices; a date left
 * unchanged by a correction is not checked against them again); `original` true or null; no overlap
 * with another certificate of the member.
 */
function validated(command: NonAssessmentCommand, state: NonAssessmentsState, current: NonAssessmentFields | undefined): NonAssessmentFields {
  const { input } = command;
  const errors: FieldError[] = [];
  const firstYear = yearOf(command.today) - NV_YEARS_BACK;
  const lastYear = firstYear + NV_YEAR_CHOICES - 1;
  const type = code(input.type, NON_ASSESSMENT_TYPES, 'type', errors);
  const orderNumber = text(input.orderNumber, 'orderNumber', true, errors);
  const issued = date(input.date, 'date', 'mustNotBeEmpty', errors);
  const taxAuthorities = text(input.taxAuthorities, 'taxAuthorities', true, errors);
  const startDate = date(input.startDate, 'startDate', 'startDateMustNotBeEmpty', errors);
  const endDate = date(input.endDate, 'endDate', 'endDateMustNotBeEmpty', errors);
  const original = originalOf(input.original, errors);

  if (startDate && startDate !== current?.startDate) yearWindow(startDate, 'startDate', firstYear, lastYear, errors);
  if (startDate && endDate) {
    const range = rangeErrors(startDate, endDate);
    errors.push(...range);
    if (range.length === 0 && endDate !== current?.endDate) yearWindow(endDate, 'endDate', firstYear, lastYear, errors);
    const other = Object.entries(state.certificates).find(
      ([otherId, c]) => otherId !== command.nonAssessmentId && rangesOverlap(startDate, endDate, c.startDate, c.endDate),
    );
    if (other) errors.push(fieldError(null, 'conflictNonAssessment', other[0]));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return { type: type!, orderNumber: orderNumber!, date: issued!, taxAuthorities: taxAuthorities!, startDate: startDate!, endDate: endDate!, original };
}

/** The original is on file: `true` (also `"true"`, `1`); false or empty reads as null (missing). */
function originalOf(value: Raw, errors: FieldError[]): true | null {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === undefined || value === null || value === false || value === 'false' || value === '' || value === 0 || value === '0') return null;
  errors.push(fieldError('original', 'invalidChoice', String(value)));
  return null;
}
