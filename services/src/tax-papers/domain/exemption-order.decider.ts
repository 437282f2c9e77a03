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
import {
  decidePaperWrite,
  endExtended,
  evolvePapers,
  FIRST_EXEMPTION_ORDER_YEAR,
  MAX_RANGE_YEARS,
  onlyEndDateChanged,
  rangeErrors,
  yearOf,
  yearWindow,
  type MemberPapers,
  type TaxPaperHolder,
} from './tax-paper-rules.js';

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

/** A joint order of a spouse linked as a member (from that member's own stream), for the rule that linked spouses hold no overlapping joint orders. */
export interface SpouseJointOrder {
  readonly exemptionOrderId: string;
  /** The spouse as the message names them: "number name". */
  readonly spouse: string;
  readonly startDate: string;
  readonly endDate: string | null;
}

/** What the handler looked up outside this stream. */
export interface ExemptionOrderContext {
  /** The member from its master data; null when the member is not one of the cooperative. */
  readonly holder: TaxPaperHolder | null;
  /** The joint orders of the members linked as spouse in either direction (not this member's own). */
  readonly spouseJointOrders: readonly SpouseJointOrder[];
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
    const write = {
      kind: record ? 'record' : 'correct',
      id,
      memberId: command.memberId,
      cooperativeId: command.cooperativeId,
      requestedMember: record ? null : command.requestedMember,
      memberKnown: command.holder !== null,
    } as const;
    const decided = decidePaperWrite(write, state, 'Exemption order', (current) => validated(command, state, current));
    if (decided === null) return [];
    if ('recorded' in decided)
      return [
        {
          type: 'ExemptionOrderRecorded',
          data: {
            exemptionOrderId: id,
            memberId: command.memberId,
            cooperativeId: command.cooperativeId,
            ...decided.recorded,
          },
        },
      ];
    return [
      {
        type: 'ExemptionOrderCorrected',
        data: { exemptionOrderId: id, memberId: command.memberId, ...decided.corrected },
      },
    ];
  },
};

/**
 * SPEC.md section 5 "Exemption order", issue 5 and issue 22 (DOMAIN.md 2.6-2.8), the rules across fields, years, the
 * member's master data and other orders (the request class checked each field):
 * - only a natural person resident in Germany gives an order (exemptionOrderNotForLegalEntity,
 *   exemptionOrderNotForNonResident on `member`);
 * - a joint order covers the spouse recorded in the member's master data (a member or not): it needs one
 *   (jointOrderNeedsSpouse on `joint`); `spouse`, if sent, must be the member linked there (invalidChoice); the order
 *   records that link. A single order has no spouse (mustBeEmpty);
 * - a joint order does not overlap a joint order of a spouse linked as a member (jointOrderOfSpouseOverlaps, naming them);
 * - the end after the start, at most 3 years; start year 2008 to this year, end year up to 3 years ahead (a date left
 *   unchanged by a correction is not checked against the year choices again); the amount within the saver's allowance
 *   of every year covered; no overlap with another order of the member.
 * A correction that only sets the end date is not refused for the member's situation now: ending an order stays possible.
 * A missing tax id (the member's or the spouse's) is no refusal: the order shows a warning (its answer).
 */
function validated(
  command: ExemptionOrderCommand,
  state: ExemptionOrdersState,
  current: ExemptionOrderFields | undefined,
): ExemptionOrderFields {
  const { type, joint, spouse, amount, date, startDate, endDate } = command.input;
  const holder = command.holder;
  const errors: FieldError[] = [];
  const thisYear = yearOf(command.today);
  const endsOnly =
    current !== undefined && onlyEndDateChanged(current, { ...command.input, spouse: spouse ?? current.spouse });

  // An unknown member (holder null) is answered by decidePaperWrite; its other field errors are still reported.
  if (holder !== null && !endsOnly && holder.legalForm === 1)
    errors.push(fieldError('member', 'exemptionOrderNotForLegalEntity'));
  else if (holder !== null && !endsOnly && holder.nonResident)
    errors.push(fieldError('member', 'exemptionOrderNotForNonResident'));

  let recordedSpouse: string | null = null;
  if (!joint) {
    if (spouse !== null) errors.push(fieldError('spouse', 'mustBeEmpty'));
  } else if (endsOnly) {
    recordedSpouse = current.spouse;
  } else if (holder === null) {
    // Nothing to check the spouse against.
  } else if (!holder.spouseRecorded) {
    if (holder.legalForm === 0 && !holder.nonResident) errors.push(fieldError('joint', 'jointOrderNeedsSpouse'));
  } else if (spouse !== null && spouse !== holder.linkedSpouse) {
    errors.push(fieldError('spouse', 'invalidChoice', spouse));
  } else {
    recordedSpouse = holder.linkedSpouse;
  }

  if (startDate !== current?.startDate)
    yearWindow(startDate, 'startDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear, errors);
  if (endDate !== null) {
    const range = rangeErrors(startDate, endDate);
    errors.push(...range);
    if (range.length === 0 && endDate !== current?.endDate)
      yearWindow(endDate, 'endDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear + MAX_RANGE_YEARS, errors);
  }
  const { limit, year } = allowanceLimit(yearOf(startDate), endDate === null ? null : yearOf(endDate), joint);
  if (amount > limit) errors.push(fieldError('amount', 'amountExceedsAllowance', formatEuro(limit), String(year)));
  const other = Object.entries(state.papers).find(
    ([otherId, o]) => otherId !== command.exemptionOrderId && rangesOverlap(startDate, endDate, o.startDate, o.endDate),
  );
  if (other) errors.push(fieldError(null, 'conflictExemptionOrder', other[0]));
  if (joint && (!endsOnly || endExtended(current.endDate, endDate))) {
    const theirs = command.spouseJointOrders.find((o) => rangesOverlap(startDate, endDate, o.startDate, o.endDate));
    if (theirs) errors.push(fieldError(null, 'jointOrderOfSpouseOverlaps', theirs.spouse, theirs.exemptionOrderId));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return { type, joint, spouse: recordedSpouse, amount, date, startDate, endDate };
}
