import type { Permission } from '@coop/contracts/console';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { can, loginPath, useSession } from '../session/session';
import { PageLoading } from './PageLoading';

// The refusal page (MUI's card) loads when a clerk opens a screen the roles do not grant (issue 43).
const AccessDenied = lazy(() => import('./AccessDenied').then((m) => ({ default: m.AccessDenied })));

/**
 * A protected route: signed out goes to the login page with the target in `redirect`; a missing permission shows
 * the access-denied page (enforced here, not only by hiding the menu entry; the API refuses anyway).
 */
export function Guard({ permission, children }: { permission?: Permission | undefined; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (permission && !can(session, permission))
    return (
      <Suspense fallback={<PageLoading />}>
        <AccessDenied permission={permission} />
      </Suspense>
    );
  return <>{children}</>;
}
