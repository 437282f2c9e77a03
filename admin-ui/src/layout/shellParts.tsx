import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useNotificationContext } from 'react-admin';
import { PageLoading } from './PageLoading';
import { useNoticeGeneration } from './supersedingNotice';

/**
 * The shell's parts that a signed-in clerk's first screen does not show, each loaded when first needed (issue 43): the
 * page for an unknown address, react-admin's error page and its notification (MUI's snackbar). The shell imports these
 * wrappers; their code and MUI's components in it stay out of the first load of a screen. (The sign-in page stays in
 * the shell, drawn in plain elements: loaded on demand it made the signed-out first visit wait for it, decision 228.)
 */

const LazyNotFound = lazy(() => import('./AccessDenied').then((m) => ({ default: m.NotFound })));
const LazyError = lazy(() => import('./raError'));
const LazyNotification = lazy(() => import('./raNotification'));

/** No page at this address. */
export function NotFound() {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyNotFound />
    </Suspense>
  );
}

/** react-admin's page for a screen that failed (its error boundary's). */
export function ErrorPage(props: ComponentProps<typeof LazyError>) {
  return (
    <Suspense fallback={null}>
      <LazyError {...props} />
    </Suspense>
  );
}

/**
 * react-admin's notification, drawn from the first notification on (it then takes the queued ones, as it does at
 * start) and kept, so that later ones show at once. A success drawn anew drops the notice shown (`supersedingNotice`).
 */
export function Notifications() {
  const { notifications } = useNotificationContext();
  const [used, setUsed] = useState(false);
  const generation = useNoticeGeneration();
  if (notifications.length > 0 && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyNotification key={generation} />
    </Suspense>
  );
}
