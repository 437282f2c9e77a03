import { AMOUNT_MAX_CENTS, fieldError, isIsoDate, ValidationError, type FieldError, type Instalment, type InstalmentTerms, type MemberEvent } from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import { formatEuro } from '../../kernel/money.js';

/** At most this many instalments in a request, whatever the terms say (the terms allow at most 60). */
export const INSTALMENTS_MAX = 60;

/**
 * The subscription `balanceId` is to be paid by `instalments` under the cooperative's `terms` (§ 7 Nr. 1 GenG, the
 * statutes): allowed at all, at most `maxCount`, due dates ascending at least `rhythmMonths` apart and not before the
 * posting, the amounts summing to the part not paid when posted, and the first payment (what was paid with the
 * posting and the first instalment) at least `minFirstPerShare` per share.
 */
export type SetInstalmentPlan = {
  readonly type: 'SetInstalmentPlan';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly instalments: readonly Instalment[];
  readonly terms: InstalmentTerms;
};

/** `date` plus `months` calendar months, the day kept or, past the month's end, its last day (2026-01-31 + 1 = 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * A plan the terms allow for `unpaid` cents of `quantity` shares from `from` on: `count` (at most maxCount) equal parts,
 * `rhythmMonths` apart, the rest of the division on the last; the first raised to the least first payment where the
 * equal part is below it (the console proposes it; the clerk may change it).
 */
export function proposePlan(unpaid: number, quantity: number, from: string, terms: InstalmentTerms, count: number = terms.maxCount): Instalment[] {
  const n = Math.max(1, Math.min(count, terms.maxCount, unpaid));
  const minFirst = Math.min(unpaid, terms.minFirstPerShare * quantity);
  const equal = Math.floor(unpaid / n);
  const first = n === 1 ? unpaid : Math.max(equal, minFirst);
  const rest = unpaid - first;
  const others = n - 1;
  const part = others > 0 ? Math.floor(rest / others) : 0;
  return Array.from({ length: n }, (_, i) => ({
    dueDate: addMonths(from, i * terms.rhythmMonths),
    amount: i === 0 ? first : i === n - 1 ? rest - part * (others - 1) : part,
  }));
}

export function decideInstalmentPlan(command: SetInstalmentPlan, state: MemberState): MemberEvent[] {
  const { terms, instalments } = command;
  const posting = state.postings.get(command.balanceId);
  if (!posting || (posting.type !== 0 && posting.type !== 1) || posting.annulated) {
    throw new ValidationError([fieldError('balanceId', 'notASubscription', command.balanceId)]);
  }
  if (!terms.allowed) throw new ValidationError([fieldError('instalments', 'instalmentsNotAllowed')]);
  if (instalments.length === 0) throw new ValidationError([fieldError('instalments', 'mustNotBeEmpty')]);
  if (instalments.length > Math.min(terms.maxCount, INSTALMENTS_MAX)) throw new ValidationError([fieldError('instalments', 'mustBeAtMost', String(terms.maxCount))]);
  const errors: FieldError[] = [];
  instalments.forEach((i, n) => {
    if (!isIsoDate(i.dueDate)) errors.push(fieldError(`instalments.${n}.dueDate`, 'invalidDate', String(i.dueDate)));
    if (!Number.isSafeInteger(i.amount) || i.amount <= 0 || i.amount > AMOUNT_MAX_CENTS) errors.push(fieldError(`instalments.${n}.amount`, 'invalidNumber'));
  });
  if (errors.length > 0) throw new ValidationError(errors);
  const unpaid = posting.amount - posting.paidWhenPosted;
  const sum = instalments.reduce((s, i) => s + i.amount, 0);
  if (sum !== unpaid) errors.push(fieldError('instalments', 'instalmentsSumMismatch', formatEuro(sum), formatEuro(unpaid)));
  const minFirst = terms.minFirstPerShare * posting.quantity;
  if (posting.paidWhenPosted + instalments[0]!.amount < minFirst) {
    errors.push(fieldError('instalments.0.amount', 'firstInstalmentTooSmall', formatEuro(minFirst - posting.paidWhenPosted)));
  }
  if (instalments[0]!.dueDate < posting.date) errors.push(fieldError('instalments.0.dueDate', 'mustBeAtLeast', posting.date));
  for (let n = 1; n < instalments.length; n++) {
    if (instalments[n]!.dueDate < addMonths(instalments[n - 1]!.dueDate, terms.rhythmMonths)) {
      errors.push(fieldError(`instalments.${n}.dueDate`, 'instalmentsTooClose', String(terms.rhythmMonths)));
      break;
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const plan = instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount }));
  return [{ type: 'InstalmentPlanSet', data: { memberId: command.memberId, balanceId: command.balanceId, instalments: plan } }];
}
