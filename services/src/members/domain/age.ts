import { isLeapYear } from '../../kernel/business-date.js';

/** SPEC section 4: a member is shown as exited when the exit date lies in the past. */
export function isExited(exitDate: string | null, today: string): boolean {
  return exitDate !== null && exitDate < today;
}

/**
 * Under 18 on `today` (SPEC: also when the birth date is missing). By calendar: one comes of age on
 * the 18th birthday; born on 29 February, on 1 March of a non-leap year (§ 188 Abs. 3 BGB).
 */
export function isUnderage(birthDate: string | null, today: string): boolean {
  if (birthDate === null) return true;
  return today < eighteenthBirthday(birthDate);
}

export function eighteenthBirthday(birthDate: string): string {
  const year = String(Number(birthDate.slice(0, 4)) + 18).padStart(4, '0');
  const monthDay = birthDate.slice(5);
  if (monthDay === '02-29' && !isLeapYear(Number(year))) return `${year}-03-01`;
  return `${year}-${monthDay}`;
}
