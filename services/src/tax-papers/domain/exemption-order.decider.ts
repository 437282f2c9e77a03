import {
  allowanceLimit,
  EXEMPTION_ORDER_TYPES,
  fieldError,
  NotFoundError,
  rangesOverlap,
  ValidationError,
  type Decider,
  type ExemptionOrderEvent,
  type ExemptionOrderFields,
  type FieldError,
} from '@coop/contracts';
import { formatEuro } from '../../members/domain/holding.js';
import { bool, changed, code, date, FIRST_EXEMPTION_ORDER_YEAR, MAX_RANGE_YEARS, rangeErrors, text, yearOf, yearWindow, type Raw } from './tax-paper-rules.js';

// =============================================================================================
// State: every exemption order of one member (stream `exemptionorders-<memberId>`)
// =============================================================================================

export interface ExemptionOrdersState {
  readonly memberId: string | null;
  readonly cooperativeId: string | null;
  /** By order id, in the order recorded, as last corrected. */
  readonly orders: Readonly<Record<string, ExemptionOrderFields>>;
}

const initial: ExemptionOrdersState = { memberId: null, cooperativeId: null, orders: {} };

// =============================================================================================
// Commands
// =============================================================================================

/** The order as the clerk sent it, every field unchecked. PUT sends the whole order (fields left out are cleared). */
export interface ExemptionOrderInput {
  readonly type?: Raw;
  readonly joint?: Raw;
  readonly spouse?: Raw;
  readonly amount?: Raw;
  readonly date?: Raw;
  readonly startDate?: Raw;
  readonly endDate?: Raw;
}

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
    switch (event.type) {
      case 'ExemptionOrderRecorded': {
        const { exemptionOrderId, memberId, cooperativeId, ...fields } = event.data;
        return { memberId, cooperativeId, orders: { ...state.orders, [exemptionOrderId]: fields } };
      }
      case 'ExemptionOrderCorrected': {
        const { exemptionOrderId, memberId: _m, ...changes } = event.data;
        const current = state.orders[exemptionOrderId];
        if (!current) return state;
        return { ...state, orders: { ...state.orders, [exemptionOrderId]: { ...current, ...changes } } };
      }
    }
  },
  decide(command, state) {
    const id = command.exemptionOrderId;
    if (command.type === 'RecordExemptionOrder') {
      if (command.memberId.trim() === '') {
        // Report the missing member with every other field error the order has.
        const errors = [fieldError('member', 'mustNotBeEmpty')];
        collectErrors(() => validated(command, state, undefined), errors);
        throw new ValidationError(errors);
      }
      if (!command.memberKnown) throw new NotFoundError('Member', command.memberId);
      if (state.orders[id]) throw new ValidationError([fieldError(null, 'invalidChoice', id)]);
      const fields = validated(command, state, undefined);
      return [{ type: 'ExemptionOrderRecorded', data: { exemptionOrderId: id, memberId: command.memberId, cooperativeId: command.cooperativeId, ...fields } }];
    }
    const current = state.orders[id];
    if (!current || state.cooperativeId !== command.cooperativeId || state.memberId !== command.memberId) throw new NotFoundError('Exemption order', id);
    const errors: FieldError[] = [];
    if (command.requestedMember !== null && command.requestedMember !== command.memberId) errors.push(fieldError('member', 'invalidChoice', command.requestedMember));
    const fields = collectErrors(() => validated(command, state, current), errors);
    if (errors.length > 0 || !fields) throw new ValidationError(errors);
    const changes = changed(current, fields);
    if (Object.keys(changes).length === 0) return [];
    return [{ type: 'ExemptionOrderCorrected', data: { exemptionOrderId: id, memberId: command.memberId, ...changes } }];
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
 * SPEC.md section 5 "Exemption order" and issue 5: type (0, 1), date, start date, amount (> 0, whole
 * cents) and joint required; a joint order needs a spouse (a member of the cooperative, not the member
 * itself), a single one has none; the end after the start, at most 3 years; start year 2008 to this
 * year, end year up to 3 years ahead (a date left unchanged by a correction is not checked against the
 * year choices again); the amount within the saver's allowance of every year covered; no overlap with
 * another order of the member.
 */
function validated(command: ExemptionOrderCommand, state: ExemptionOrdersState, current: ExemptionOrderFields | undefined): ExemptionOrderFields {
  const { input } = command;
  const errors: FieldError[] = [];
  const thisYear = yearOf(command.today);
  const type = code(input.type, EXEMPTION_ORDER_TYPES, 'type', errors);
  const joint = bool(input.joint, 'joint', errors);
  const spouse = text(input.spouse, 'spouse', false, errors);
  const amount = amountOf(input.amount, errors);
  const issued = date(input.date, 'date', 'mustNotBeEmpty', errors);
  const startDate = date(input.startDate, 'startDate', 'startDateMustNotBeEmpty', errors);
  const endDate = date(input.endDate, 'endDate', null, errors);

  if (joint === true && spouse === null) errors.push(fieldError('spouse', 'spouseNeededForJoint'));
  else if (joint === false && spouse !== null) errors.push(fieldError('spouse', 'mustBeEmpty'));
  else if (joint === true && spouse !== null && (spouse === command.memberId || !command.spouseKnown)) errors.push(fieldError('spouse', 'invalidChoice', spouse));

  if (startDate && startDate !== current?.startDate) yearWindow(startDate, 'startDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear, errors);
  if (startDate && endDate) {
    const range = rangeErrors(startDate, endDate);
    errors.push(...range);
    if (range.length === 0 && endDate !== current?.endDate) yearWindow(endDate, 'endDate', FIRST_EXEMPTION_ORDER_YEAR, thisYear + MAX_RANGE_YEARS, errors);
  }
  if (amount !== undefined && joint !== undefined && startDate && endDate !== undefined) {
    const { limit, year } = allowanceLimit(yearOf(startDate), endDate === null ? null : yearOf(endDate), joint);
    if (amount > limit) errors.push(fieldError('amount', 'amountExceedsAllowance', formatEuro(limit), String(year)));
  }
  if (startDate && endDate !== undefined) {
    const other = Object.entries(state.orders).find(
      ([otherId, o]) => otherId !== command.exemptionOrderId && rangesOverlap(startDate, endDate, o.startDate, o.endDate),
    );
    if (other) errors.push(fieldError(null, 'conflictExemptionOrder', other[0]));
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return { type: type!, joint: joint!, spouse, amount: amount!, date: issued!, startDate: startDate!, endDate: endDate ?? null };
}

/** Euro cents: required (mustNotBeEmpty), a whole number (invalidNumber), greater than 0 (mustBeGreaterThan `{0: "0"}`). */
function amountOf(value: Raw, errors: FieldError[]): number | undefined {
  if (value === undefined || value === null || value === '') {
    errors.push(fieldError('amount', 'mustNotBeEmpty'));
    return undefined;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n)) {
    errors.push(fieldError('amount', 'invalidNumber', String(value)));
    return undefined;
  }
  if (n <= 0) {
    errors.push(fieldError('amount', 'mustBeGreaterThan', '0'));
    return undefined;
  }
  return n;
}
