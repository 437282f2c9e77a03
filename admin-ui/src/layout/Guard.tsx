import type { Role } from '@coop/contracts/console';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasRole, loginPath, useSession } from '../session/session';
import { AccessDenied } from './AccessDenied';

/**
 * A protected route: signed out goes to the login page with the target in `redirect`; a missing role shows
 * the access-denied page (the role is enforced here, not only by hiding the menu entry).
 */
export function Guard({ role, children }: { role?: Role | undefined; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (role && !hasRole(session, role)) return <AccessDenied role={role} />;
  return <>{children}</>;
}
