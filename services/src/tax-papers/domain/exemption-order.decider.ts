import {
  allowanceLimit,
  fieldError,
  rangesOverlap,
  ValidationError,
  type Decider,
  type ExemptionOrderEvent,
  type ExemptionOrderFields,
  type FieldError,
} from '@coop/contracts';
import { formatEuro } from '../../kernel/money.js';
import { decidePaperWrite, evolvePapers, FIRST_EXEMPTION_ORDER_YEAR, MAX_RANGE_YEARS, rangeErrors, yearOf, yearWindow, type MemberPapers } from './tax-paper-rules.js';

// =============================================================================================
// State: every exemption order of one member (stream `exemptionorders-<memberId>`)
// =============================================================================================

export type ExemptionOrdersState = MemberPapers<ExemptionOrderFields>;

const initial: ExemptionOrdersState = { memberId: null, cooperativeId: null, papers: {} };

// =============================================================================================
// Commands
// =============================================================================================

/**
 * The order as the request read it (contracts `ExemptionOrderRecord`): every field of its type, the required ones
 * present, text trimmed, an empty spouse or end date null. PUT sends the whole order (fields left out are cleared).
 */
export type ExemptionOrderInput = ExemptionOrderFields;

/** What the handler looked up outside this stream: whether the member and the named spouse are members of the cooperative. */
export interface ExemptionOrderContext {
  readonly memberKnown: boolean;
  readonly spouseKnown: boolean;
  /** Business today (`YYYY-MM-DD`, Europe/Berlin): its year bounds the year choices. */
  readonly today: string;
}

export type RecordExemptionOrder = {
  readonly type: 'RecordExemptionOrder';
  readonly exemptionOrderId: string;
  /** Empty when the request named no member (mustNotBeEmpty). */
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly input: ExemptionOrderInput;
} & ExemptionOrderContext;

export type CorrectExemptionOrder = {
  readonly type: 'CorrectExemptionOrder';
  readonly exemptionOrderId: string;
  readonly memberId: string;
  readonly cooperativeId: string;
  /** The member the request named, if any: an order cannot move to another member. */
  readonly requestedMember: string | null;
  readonly input: ExemptionOrderInput;
} & ExemptionOrderContext;

export type ExemptionOrderCommand = RecordExemptionOrder | CorrectExemptionOrder;

// =============================================================================================
// Decider
// =============================================================================================

export const exemptionOrderDecider: Decider<ExemptionOrderCommand, ExemptionOrderEvent, ExemptionOrdersState> = {
  initialState: () => initial,
  evolve(state, event) {
    if (event.type === 'ExemptionOrderRecorded') {
      const { exemptionOrderId: id, memberId, cooperativeId, ...fields } = event.data;
      return evolvePapers(state, { recorded: { id, memberId, cooperativeId, fields } });
    }
    const { exemptionOrderId: id, memberId: _m, ...changes } = event.data;
    return evolvePapers(state, { corrected: { id, changes } });
  },
  decide(command, state) {
    const id = command.exemptionOrderId;
    const record = command.type === 'RecordExemptionOrder';
    const write = { kind: record ? 'record' : 'correct', id, memberId: command.memberId, cooperativeId: command.cooperativeId, requestedMember: record ? null : command.requestedMember, memberKnown: command.memberKnown } as const;
    const decided = decidePaperWrite(write, state, 'Exemption order', (current) => validated(command, state, current));
    if (decided === null) return [];
    if ('recorded' in decided) return [{ type: 'ExemptionOrderRecorded', data: { exemptionOrderId: id, memberId: command.memberId, cooperativeId: command.cooperativeId, ...decided.recorded } }];
    return [{ type: 'ExemptionOrderCorrected', data: { exemptionOrderId: id, memberId: command.memberId, ...decided.corrected } }];
  },
};

/**
 * SPEC.md section 5 "Exemption order" and issue 5, the rules across fields, years and the member's other orders (the
 * request class checked each field): a joint order needs a spouse (a member of the cooperative, not the member
 * itself), a single one has none; the end after the start, at most 3 years; start year 2008 to this year, end year up
 * to 3 years ahead (a date left unchanged by a correction is not checked against the year choices again); the amount
 * within the saver's allowance of every year covered; no overlap with another order of the member.
 */
function validated(command: ExemptionOrderCommand, state: ExemptionOrdersState, current: ExemptionOrderFields | undefined): ExemptionOrderFields {
  const { type, joint, spouse, amount, date, startDate, endDate } = command.input;
  const errors: FieldError[] = [];
  const thisYear = yearOf(command.today);

  if (joint && spouse === null) errors.push(fieldError('spouse', 'spouseNeededForJoint'));
  else if (!joint && spouse !== null) errors.push(fieldError('spouse', 'mustBeEmpty'));
  else if (joint && spouse !== null && (spouse === command.memberId || !command.spouseKnown)) errors.push(fieldError('spouse', 'invalidChoice', spouse));

  if (startDate !== current?.startDate) yearWindow(startDate, 'startDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear, errors);
  if (endDate !== null) {
    const range = rangeErrors(startDate, endDate);
    errors.push(...range);
    if (range.length === 0 && endDate !== current?.endDate) yearWindow(endDate, 'endDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear + MAX_RANGE_YEARS, errors);
  }
  const { limit, year } = allowanceLimit(yearOf(startDate), endDate === null ? null : yearOf(endDate), joint);
  if (amount > limit) errors.push(fieldError('amount', 'amountExceedsAllowance', formatEuro(limit), String(year)));
  const other = Object.entries(state.papers).find(([otherId, o]) => otherId !== command.exemptionOrderId && rangesOverlap(startDate, endDate, o.startDate, o.endDate));
  if (other) errors.push(fieldError(null, 'conflictExemptionOrder', other[0]));
  if (errors.length > 0) throw new ValidationError(errors);
  return { type, joint, spouse, amount, date, startDate, endDate };
}
