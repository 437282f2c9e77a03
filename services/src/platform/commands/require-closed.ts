import { fieldError, type ReadDocument } from '@coop/contracts';
import { ConflictingStateError } from './errors.js';

/*
 * A closure is whole only once its register records `DividendYearClosed` (issue 40): while its payouts are still being
 * written its `dividends` document says `status: 'closing'` (Abschluss läuft). The documents made from a closure (tax
 * certificates, the KapESt return, the SEPA file, the FSAK) are refused until then with `closureInProgress` (409), and
 * statements of account leave it out. Here, beside the other refusals, because those areas share it.
 */

/** True while the closure's payouts are still being written. */
export const isClosing = (closure: ReadDocument): boolean => closure.status === 'closing';

/** The closure's document when it is whole; one still being written refused with 409 `closureInProgress` naming its year. */
export function requireClosed(closure: ReadDocument): ReadDocument {
  if (isClosing(closure))
    throw new ConflictingStateError([fieldError(null, 'closureInProgress', String(closure.year))]);
  return closure;
}
