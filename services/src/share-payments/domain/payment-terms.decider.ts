import {
  DEFAULT_PAYMENT_TERMS,
  fieldError,
  isValidCreditorId,
  ValidationError,
  type Decider,
  type FieldError,
  type PaymentTermsSet,
} from '@coop/contracts';
import { formatEuro } from '../../kernel/money.js';

/** The cooperative's payment terms as the last `PaymentTermsSet` on `payment-terms-<cooperativeId>` left them. */
export type PaymentTermsState = Omit<PaymentTermsSet['data'], 'cooperativeId'> & { readonly set: boolean };

/**
 * Set the cooperative's payment terms (checked at the edge for shape and ranges, PaymentTermsWrite). The least first
 * payment per share is at most the share's price `shareCost` (cents); the creditor identifier a valid one or null.
 */
export type SetPaymentTerms = {
  readonly type: 'SetPaymentTerms';
  readonly cooperativeId: string;
  readonly terms: Omit<PaymentTermsSet['data'], 'cooperativeId'>;
  readonly shareCost: number;
};

const between = (v: number, min: number, max: number): boolean => Number.isSafeInteger(v) && v >= min && v <= max;

export const paymentTermsDecider: Decider<SetPaymentTerms, PaymentTermsSet, PaymentTermsState> = {
  initialState: () => ({ ...DEFAULT_PAYMENT_TERMS, set: false }),
  evolve: (_state, event) => {
    const { cooperativeId: _c, ...terms } = event.data;
    return { ...terms, set: true };
  },
  decide(command, state) {
    const { terms, shareCost } = command;
    const i = terms.instalments;
    const errors: FieldError[] = [];
    if (!between(i.maxCount, 1, 60)) errors.push(fieldError('instalments.maxCount', 'mustBeAtMost', '60'));
    if (!between(i.rhythmMonths, 1, 12)) errors.push(fieldError('instalments.rhythmMonths', 'mustBeAtMost', '12'));
    if (!between(i.minFirstPerShare, 0, shareCost))
      errors.push(fieldError('instalments.minFirstPerShare', 'amountAtMost', formatEuro(shareCost)));
    if (!between(terms.reminderAfterDays, 1, 365)) errors.push(fieldError('reminderAfterDays', 'mustBeAtMost', '365'));
    if (terms.creditorId !== null && !isValidCreditorId(terms.creditorId))
      errors.push(fieldError('creditorId', 'invalidCreditorId'));
    if (errors.length > 0) throw new ValidationError(errors);
    const same =
      state.set &&
      state.instalments.allowed === i.allowed &&
      state.instalments.maxCount === i.maxCount &&
      state.instalments.rhythmMonths === i.rhythmMonths &&
      state.instalments.minFirstPerShare === i.minFirstPerShare &&
      state.reminderAfterDays === terms.reminderAfterDays &&
      state.creditDividendUntilPaid === terms.creditDividendUntilPaid &&
      state.creditorId === terms.creditorId;
    if (same) return [];
    const instalments = {
      allowed: i.allowed,
      maxCount: i.maxCount,
      rhythmMonths: i.rhythmMonths,
      minFirstPerShare: i.minFirstPerShare,
    };
    const data = {
      cooperativeId: command.cooperativeId,
      instalments,
      reminderAfterDays: terms.reminderAfterDays,
      creditDividendUntilPaid: terms.creditDividendUntilPaid,
      creditorId: terms.creditorId,
    };
    return [{ type: 'PaymentTermsSet', data }];
  },
};
