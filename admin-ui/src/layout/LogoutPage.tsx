import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { loginPath, safeRedirect } from '../session/session';
import { PageLoading } from './PageLoading';

/** `/logout`: clears the session and goes to the login page with a redirect query. */
export function LogoutPage() {
  const logout = useLogout();
  const [params] = useSearchParams();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void logout({}, loginPath(safeRedirect(params.get('redirect'))), false);
  }, [logout, params]);
  return <PageLoading />;
}
