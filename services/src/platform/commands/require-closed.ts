import { fieldError } from '@coop/contracts';
import { ConflictingStateError } from './errors.js';

/*
 * A closure is whole only once its register records `DividendYearClosed` (issue 40): while its payouts are still being
 * written its `dividends` document says `status: 'closing'` (Abschluss läuft). The documents made from a closure (tax
 * certificates, the KapESt return, the SEPA file, the FSAK) are refused until then with `closureInProgress` (409), and
 * statements of account leave it out. Here, beside the other refusals, because those areas share it.
 */

/** What the refusal reads of a closure: its typed document (`dividendClosures`) or, unconverted, as stored. */
interface ClosureState {
  readonly id: string;
  readonly status?: unknown;
  readonly year?: unknown;
}

/** True while the closure's payouts are still being written. */
export const isClosing = (closure: ClosureState): boolean => closure.status === 'closing';

/** The closure's document when it is whole; one still being written refused with 409 `closureInProgress` naming its year. */
export function requireClosed<C extends ClosureState>(closure: C): C {
  if (isClosing(closure))
    throw new ConflictingStateError([fieldError(null, 'closureInProgress', String(closure.year))]);
  return closure;
}
