/** Coming of age is one rule for the request classes (the legal representative) and the views (`underage`). */
export { eighteenthBirthday, isUnderage } from '@coop/contracts';

/** SPEC section 4: a member is shown as exited when the exit date lies in the past. */
export function isExited(exitDate: string | null, today: string): boolean {
  return exitDate !== null && exitDate < today;
}
