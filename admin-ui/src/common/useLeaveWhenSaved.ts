import { HttpError, useNotify, useRedirect, useRefresh, type RaRecord, type RedirectionSideEffect } from 'react-admin';
import { useSupersedingNotify } from '../layout/supersedingNotice';
import { successNotice, type WriteAction } from '../i18n/successMessages';
import { isSavedNotYetShown, SAVED_NOT_YET_SHOWN } from '../session/savedAnswer';

/** When the screen left for asks for its data again after a write the server stored but did not show yet. */
const REFRESH_AFTER_MS = 2000;

/** What the form wrote, and where it goes afterwards (the same `redirect` as its `CreateBase` / `EditBase`). */
export interface SavedWrite {
  readonly resource: string;
  readonly action: WriteAction;
  readonly redirect: RedirectionSideEffect;
}

/**
 * Mutation options for a create or edit form: a write the server stored but does not show yet leaves the form for
 * `leaveTo` (the screen it came from) with a warning that it was saved and must not be entered again, so the clerk
 * cannot save it a second time from the open form; that screen asks for its data again two seconds later. Every
 * other failure is notified as react-admin does by default (validation errors are shown at their fields, not notified).
 * With `saved`, a success notifies what happened from the API's answer ("Mitglied 302 angelegt", `successNotice`)
 * instead of react-admin's "Element angelegt", and goes where the form's `redirect` says, as react-admin does; the notice
 * of a refusal before it gives way (`useSupersedingNotify`).
 */
export function useLeaveWhenSaved(leaveTo: string, saved?: SavedWrite) {
  const notify = useNotify();
  const notifySuccess = useSupersedingNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  return {
    ...(saved
      ? {
          onSuccess: (answer: RaRecord) => {
            const { key, args } = successNotice(saved.resource, saved.action, answer);
            notifySuccess(key, { type: 'info', messageArgs: args });
            redirect(saved.redirect, saved.resource, answer.id, answer);
          },
        }
      : {}),
    onError: (error: unknown) => {
      if (isSavedNotYetShown(error)) {
        notify(SAVED_NOT_YET_SHOWN, { type: 'warning', autoHideDuration: 10_000 });
        redirect(leaveTo);
        // The screen it leaves for shows the data from before the write; ask again once the lists have likely caught up.
        setTimeout(refresh, REFRESH_AFTER_MS);
        return;
      }
      // A refused input (400) is shown at its fields; every other refusal (403, 404, 409) also carries `errors`, as a list
      // of templates, and its message is already their text in the clerk's language (`api()`).
      const fieldErrors =
        error instanceof HttpError && error.status === 400
          ? (error.body as { errors?: object } | null)?.errors
          : undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
      const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message || undefined } });
    },
  };
}
