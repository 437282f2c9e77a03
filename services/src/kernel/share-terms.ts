import {
  AMOUNT_MAX_CENTS,
  memberFieldError,
  OUTGOING_TYPES,
  type BalanceType,
  type FieldError,
  type InterestBeginRule,
} from '@coop/contracts';

/**
 * A cooperative's share terms at the time of a command: share price in euro cents and the minimum holding in shares.
 * Read from the cooperative's stream; members need them to admit (the initial subscription), the share ledger to post.
 */
export interface ShareTerms {
  readonly shareCost: number;
  readonly minimumShares: number;
  /** The statutory notice period in months (§ 65 (2) GenG, 3 to 60); absent reads as 3. */
  readonly noticePeriodMonths?: number;
  /** How an interest begin left empty follows the posting's or entry's date (the cooperative's setting). */
  readonly interestBeginRule?: InterestBeginRule;
}

/** A cooperative registered by name only has no share price yet: nothing can be posted (general error shareCostNotSet). */
export function shareCostErrors(terms: ShareTerms): FieldError[] {
  if (!Number.isSafeInteger(terms.minimumShares) || terms.minimumShares < 1)
    throw new RangeError('minimumShares must be a whole number of at least 1');
  return Number.isSafeInteger(terms.shareCost) && terms.shareCost >= 1
    ? []
    : [memberFieldError(null, 'shareCostNotSet')];
}

/**
 * The amount of a posting in euro cents: quantity times the share price, negative for the types that
 * take shares away (2, 3, 6, 7, 8). An annulation (5) has no amount of its own.
 */
export function amountFor(type: BalanceType, quantity: number, shareCost: number): number {
  if (type === 5) throw new RangeError('An annulation reverses its original; it has no amount of its own.');
  if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(shareCost))
    throw new RangeError('Quantity and share cost must be integers.');
  const amount = quantity * shareCost;
  if (!Number.isSafeInteger(amount)) throw new RangeError('Amount out of range.');
  return isOutgoing(type) ? -amount : amount;
}

export function isOutgoing(type: BalanceType): boolean {
  return (OUTGOING_TYPES as readonly number[]).includes(type);
}

/** A number of shares: a whole number of at least 1. */
export function isWholeAtLeastOne(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
}

/**
 * The most shares a posting may add to a holding of `holdingCents` (decision 132): neither the posting's amount nor the
 * holding after it may pass AMOUNT_MAX_CENTS, so every sum the product forms stays a safe integer. Answers
 * `mustBeAtMost` on `field` naming that many shares, or nothing; a share price not set is `shareCostErrors`' answer.
 */
export function amountLimitErrors(
  field: string,
  quantity: number,
  shareCost: number,
  holdingCents: number,
): FieldError[] {
  if (!Number.isSafeInteger(shareCost) || shareCost < 1) return [];
  const most = Math.max(0, Math.floor((AMOUNT_MAX_CENTS - Math.max(0, holdingCents)) / shareCost));
  return quantity > most ? [memberFieldError(field, 'mustBeAtMost', String(most))] : [];
}
