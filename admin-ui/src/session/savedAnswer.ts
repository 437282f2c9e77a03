import { HttpError } from 'react-admin';

/** The message key of a write the server stored but does not show yet (its answer `202 { saved: true }`). */
export const SAVED_NOT_YET_SHOWN = 'coop.errors.savedNotYetShown';

/**
 * A write answered `202 { saved: true }` was stored, but the lists do not show it yet (the server's read models are
 * late: a rebuild, a restarting projection). It is raised as an error carrying that message, so the form does not
 * go on as if it had the new record, and the clerk reads that it was saved and must not be entered again.
 * Undefined for every other answer.
 */
export function savedNotYetShown(status: number, body: unknown): HttpError | undefined {
  if (status !== 202 || typeof body !== 'object' || body === null || (body as { saved?: unknown }).saved !== true)
    return undefined;
  return new HttpError(SAVED_NOT_YET_SHOWN, status, body);
}

/** True for the error `api()` raises on such an answer (see `useLeaveWhenSaved`). */
export function isSavedNotYetShown(error: unknown): boolean {
  return error instanceof HttpError && error.status === 202 && error.message === SAVED_NOT_YET_SHOWN;
}

/**
 * A `503` with `Retry-After`: the client's last posting is stored, but the server's wait for the read models to show it
 * ran out (docs/decisions.md 40). An HttpError with the message already translated, since screens show an error's
 * message as it is; undefined for any other answer.
 */
export function writeNotYetShown(
  status: number,
  retryAfter: string | null,
  body: unknown,
  translate: (key: string) => string,
): HttpError | undefined {
  return status === 503 && retryAfter !== null
    ? new HttpError(translate('coop.errors.notYetShown'), 503, body)
    : undefined;
}
