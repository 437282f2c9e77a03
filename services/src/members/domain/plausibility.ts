import { requireConfirmed, warning, type MemberMasterData, type PlausibilityWarning } from '@coop/contracts';

/**
 * Plausibility of a member's membership dates (issue 22 "Safety nets"): possible, but worth a second look. The clerk
 * confirms them (`confirmWarnings`); without a confirmation the write is refused with the warnings.
 */

/** What a command on master data says about the warnings: the business day, and whether the request confirmed them. */
export interface Plausibility {
  readonly today: string;
  readonly confirmed: boolean;
}

type MembershipDates = Pick<MemberMasterData, 'entryDate' | 'approvalDate' | 'interestBegin'>;

/**
 * The warnings on a member's dates: entry and approval after today, an approval before the declaration (the entry
 * date: the member declares the entry, the board approves it), an interest begin before the entry.
 */
export function membershipWarnings(dates: MembershipDates, today: string): PlausibilityWarning[] {
  const { entryDate, approvalDate, interestBegin } = dates;
  const warnings: PlausibilityWarning[] = [];
  if (entryDate > today) warnings.push(warning('entryDate', 'dateInFuture', entryDate));
  if (approvalDate !== null && approvalDate > today)
    warnings.push(warning('approvalDate', 'dateInFuture', approvalDate));
  if (approvalDate !== null && approvalDate < entryDate)
    warnings.push(warning('approvalDate', 'approvalBeforeDeclaration', entryDate));
  if (interestBegin !== null && interestBegin < entryDate)
    warnings.push(warning('interestBegin', 'interestBeginBeforeEntry', entryDate));
  return warnings;
}

const same = (a: PlausibilityWarning, b: PlausibilityWarning): boolean =>
  a.field === b.field && a.template === b.template && JSON.stringify(a.parameters) === JSON.stringify(b.parameters);

/** An admission: every warning on its dates needs the confirmation. */
export function requirePlausibleAdmission(dates: MembershipDates, plausibility: Plausibility | undefined): void {
  if (plausibility) requireConfirmed(membershipWarnings(dates, plausibility.today), plausibility.confirmed);
}

/**
 * A change of master data: only the warnings the change brings (a warning the record had already, confirmed when it
 * was entered, is not asked again when the clerk changes the address).
 */
export function requirePlausibleChange(
  before: MembershipDates,
  after: MembershipDates,
  plausibility: Plausibility | undefined,
): void {
  if (!plausibility) return;
  const known = membershipWarnings(before, plausibility.today);
  const added = membershipWarnings(after, plausibility.today).filter((w) => !known.some((k) => same(k, w)));
  requireConfirmed(added, plausibility.confirmed);
}
