/**
 * The dates of the regular church-tax query (KiStAM, DOMAIN.md 3.1): it runs from 1 September to 31 October and BZSt
 * answers the status on 31 August, which applies to the church tax withheld in the following calendar year
 * (§ 51a Abs. 2c S. 1 Nr. 3 S. 1 and Nr. 4 S. 3 EStG). One source for the task (services) and the console's
 * confirmation (issue 43), so both name the same date.
 */

/** The status date of the regular query a run on `today` (`YYYY-MM-DD`) belongs to: the latest 31 August on or before it. */
export function regularStatusDate(today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = `${String(year)}-08-31`;
  return today >= thisYear ? thisYear : `${String(year - 1)}-08-31`;
}

/** The calendar year whose payouts the status on `statusDate` applies to: the following one. */
export function statusAppliesTo(statusDate: string): number {
  return Number(statusDate.slice(0, 4)) + 1;
}

/** Whether `today` lies in the period of the regular query, 1 September to 31 October. */
export function inRegularQueryPeriod(today: string): boolean {
  const monthDay = today.slice(5);
  return monthDay >= '09-01' && monthDay <= '10-31';
}
