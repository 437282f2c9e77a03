import { fieldError, type FieldError } from '@coop/contracts';
import { formatEuro } from './money.js';

/**
 * A subscription (0 with the admission, 1 additional shares) paid in part when posted (issue 45): `paid` cents of its
 * `amount`, 0 ≤ paid ≤ amount; left out or null, the whole amount (every posting before issue 45). The rest is due
 * (the share-payments area). Both areas that post subscriptions (members, share ledger) check it alike.
 */
export function paidErrors(paid: number | null | undefined, amount: number): FieldError[] {
  if (paid === null || paid === undefined) return [];
  if (!Number.isSafeInteger(paid)) return [fieldError('paid', 'invalidNumber')];
  if (paid < 0) return [fieldError('paid', 'mustBeAtLeast', '0,00')];
  if (paid > amount) return [fieldError('paid', 'mustBeAtMost', formatEuro(amount))];
  return [];
}
