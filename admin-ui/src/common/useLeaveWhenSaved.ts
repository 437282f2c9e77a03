import { HttpError, useNotify, useRedirect } from 'react-admin';
import { isSavedNotYetShown, SAVED_NOT_YET_SHOWN } from '../session/savedAnswer';

/**
 * Mutation options for a create or edit form: a write the server stored but does not show yet leaves the form for
 * `leaveTo` (the screen it came from) with a warning that it was saved and must not be entered again, so the clerk
 * cannot save it a second time from the open form. Every other failure is notified as react-admin does by default
 * (validation errors are shown at their fields, not notified).
 */
export function useLeaveWhenSaved(leaveTo: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onError: (error: unknown) => {
      if (isSavedNotYetShown(error)) {
        notify(SAVED_NOT_YET_SHOWN, { type: 'warning', autoHideDuration: 10_000 });
        redirect(leaveTo);
        return;
      }
      const fieldErrors = error instanceof HttpError ? (error.body as { errors?: object } | null)?.errors : undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message || undefined } });
    },
  };
}
