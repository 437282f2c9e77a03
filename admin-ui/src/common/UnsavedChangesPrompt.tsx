import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { useBlocker } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before the clerk leaves a form with unsaved changes (issue 22 "Safety nets"): a link, Back, the browser's back
 * button, or closing the tab. Rendered by EditHeader, so every form has it; the forms keep react-admin's own
 * `warnWhenUnsavedChanges` off (it asks with the browser's plain `window.confirm`, and the console's router had no
 * data router for it before). Leaving while the form is being saved (the redirect after a save, or the leave after
 * a write stored but not yet shown) is never asked about. Needs a data router (main.tsx).
 */
export function UnsavedChangesPrompt() {
  const translate = useTranslate();
  const { dirtyFields, isSubmitting, isSubmitSuccessful } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitting && !isSubmitSuccessful;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // A navigation blocked just before the form became safe to leave (saved, reset) goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked' && dirty}
      title={translate('coop.unsaved.title')}
      content={translate('coop.unsaved.content')}
      confirmLabel={translate('coop.unsaved.leave')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
      testId="unsaved-dialog"
    />
  );
}
