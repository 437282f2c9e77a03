import { HttpError, useNotify, useRedirect, useRefresh } from 'react-admin';
import { isSavedNotYetShown, SAVED_NOT_YET_SHOWN } from '../session/savedAnswer';

/** When the screen left for asks for its data again after a write the server stored but did not show yet. */
const REFRESH_AFTER_MS = 2000;

/**
 * Mutation options for a create or edit form: a write the server stored but does not show yet leaves the form for
 * `leaveTo` (the screen it came from) with a warning that it was saved and must not be entered again, so the clerk
 * cannot save it a second time from the open form; that screen asks for its data again two seconds later. Every
 * other failure is notified as react-admin does by default (validation errors are shown at their fields, not notified).
 */
export function useLeaveWhenSaved(leaveTo: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  return {
    onError: (error: unknown) => {
      if (isSavedNotYetShown(error)) {
        notify(SAVED_NOT_YET_SHOWN, { type: 'warning', autoHideDuration: 10_000 });
        redirect(leaveTo);
        // The screen it leaves for shows the data from before the write; ask again once the lists have likely caught up.
        setTimeout(refresh, REFRESH_AFTER_MS);
        return;
      }
      const fieldErrors = error instanceof HttpError ? (error.body as { errors?: object } | null)?.errors : undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message || undefined } });
    },
  };
}
