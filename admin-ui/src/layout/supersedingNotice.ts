import { useCallback, useSyncExternalStore } from 'react';
import { useNotificationContext, useNotify } from 'react-admin';

/**
 * A save's success replaces the notices of the refusals before it: react-admin shows one notice at a time, so the
 * success waited behind a refusal's notice ("Invalid IBAN") for its four seconds, and for as long as the pointer rested
 * on it (MUI's snackbar holds its time then). The clerk who corrected the field read the old refusal instead of
 * "saved". The shown notice is dropped by drawing react-admin's notification anew (`useNoticeGeneration` is its key);
 * refusals still queued are dropped too.
 */
let generation = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The key of react-admin's notification: a new one drops the notice it shows. */
export function useNoticeGeneration(): number {
  return useSyncExternalStore(subscribe, () => generation);
}

/** `notify` for a success: the notice shown and the queued refusals give way to it. */
export function useSupersedingNotify(): ReturnType<typeof useNotify> {
  const notify = useNotify();
  const { setNotifications } = useNotificationContext();
  return useCallback<ReturnType<typeof useNotify>>(
    (message, options) => {
      setNotifications((queued) => queued.filter((notice) => notice.type !== 'error'));
      generation += 1;
      for (const listener of listeners) listener();
      notify(message, options);
    },
    [notify, setNotifications],
  );
}
