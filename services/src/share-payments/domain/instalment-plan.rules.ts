import {
  addMonths,
  AMOUNT_MAX_CENTS,
  fieldError,
  isIsoDate,
  previousDay,
  ValidationError,
  type FieldError,
  type Instalment,
  type InstalmentTerms,
  type MemberEvent,
} from '@coop/contracts';
import type { MemberState } from '../../kernel/member-stream.js';
import { subscriptions } from '../../kernel/owing-postings.js';
import { formatEuro } from '../../kernel/money.js';

/** At most this many instalments in a request, whatever the terms say (the terms allow at most 60). */
export const INSTALMENTS_MAX = 60;

/**
 * The subscription `balanceId` is to be paid by `instalments` under the cooperative's `terms` (§ 7 Nr. 1 GenG, the
 * statutes): allowed at all, at most `maxCount`, due dates ascending at least `rhythmMonths` apart and not before the
 * posting, the amounts summing to the part not paid when posted, and the first payment (what was paid with the
 * posting and the first instalment) at least `minFirstPerShare` per share; with a whole end recorded, none due on or
 * after its effective date (decision 269).
 */
export type SetInstalmentPlan = {
  readonly type: 'SetInstalmentPlan';
  readonly memberId: string;
  readonly cooperativeId: string;
  readonly balanceId: string;
  readonly instalments: readonly Instalment[];
  readonly terms: InstalmentTerms;
};

export function decideInstalmentPlan(command: SetInstalmentPlan, state: MemberState): MemberEvent[] {
  const { terms, instalments } = command;
  const posting = state.postings.get(command.balanceId);
  if (!posting || !subscriptions(state).includes(posting)) {
    throw new ValidationError([fieldError('balanceId', 'notASubscription', command.balanceId)]);
  }
  if (!terms.allowed) throw new ValidationError([fieldError('instalments', 'instalmentsNotAllowed')]);
  if (instalments.length === 0) throw new ValidationError([fieldError('instalments', 'mustNotBeEmpty')]);
  if (instalments.length > Math.min(terms.maxCount, INSTALMENTS_MAX))
    throw new ValidationError([fieldError('instalments', 'mustBeAtMost', String(terms.maxCount))]);
  const errors: FieldError[] = [];
  instalments.forEach((i, n) => {
    if (!isIsoDate(i.dueDate)) errors.push(fieldError(`instalments.${n}.dueDate`, 'invalidDate', String(i.dueDate)));
    if (!Number.isSafeInteger(i.amount) || i.amount <= 0 || i.amount > AMOUNT_MAX_CENTS)
      errors.push(fieldError(`instalments.${n}.amount`, 'invalidNumber'));
  });
  if (errors.length > 0) throw new ValidationError(errors);
  const unpaid = posting.amount - posting.paidWhenPosted;
  const sum = instalments.reduce((s, i) => s + i.amount, 0);
  if (sum !== unpaid)
    errors.push(fieldError('instalments', 'instalmentsSumMismatch', formatEuro(sum), formatEuro(unpaid)));
  const minFirst = terms.minFirstPerShare * posting.quantity;
  if (posting.paidWhenPosted + instalments[0]!.amount < minFirst) {
    errors.push(
      fieldError('instalments.0.amount', 'firstInstalmentTooSmall', formatEuro(minFirst - posting.paidWhenPosted)),
    );
  }
  if (instalments[0]!.dueDate < posting.date)
    errors.push(fieldError('instalments.0.dueDate', 'mustBeAtLeast', posting.date));
  for (let n = 1; n < instalments.length; n++) {
    if (instalments[n]!.dueDate < addMonths(instalments[n - 1]!.dueDate, terms.rhythmMonths)) {
      errors.push(fieldError(`instalments.${n}.dueDate`, 'instalmentsTooClose', String(terms.rhythmMonths)));
      break;
    }
  }
  // A whole end recorded: nothing is owed from its effective date (§ 73 GenG, decision 269), so no instalment falls due
  // on or after it; the last day one can is the day before.
  const end = state.exitDate;
  const late = end === null ? -1 : instalments.findIndex((i) => i.dueDate >= end);
  if (end !== null && late >= 0)
    errors.push(fieldError(`instalments.${late}.dueDate`, 'mustBeAtMost', previousDay(end)));
  if (errors.length > 0) throw new ValidationError(errors);
  const plan = instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount }));
  return [
    {
      type: 'InstalmentPlanSet',
      data: { memberId: command.memberId, balanceId: command.balanceId, instalments: plan },
    },
  ];
}
