import type { AuthProvider } from 'react-admin';
import { api } from './api';
import { sessionEndedUnasked, signedIn, signedOut } from './drafts';
import { clearToken, currentSession, getToken, loginPath, setToken } from './session';

interface Credentials {
  readonly username: string;
  readonly password: string;
}

/**
 * Session per SPEC 4: the token lives in localStorage; a 401 (or an expired token) clears it and sends
 * the clerk to the login page with `redirect` back to the current page.
 */
export const authProvider: AuthProvider = {
  async login(params: Credentials) {
    clearToken();
    try {
      const res = await api<{ token?: string }>('/login', {
        method: 'POST',
        body: JSON.stringify({ username: params.username, password: params.password }),
      });
      if (!res.body?.token) throw new Error('coop.login.failed');
      setToken(res.body.token);
      signedIn(currentSession()?.sub ?? '');
    } catch (error) {
      clearToken();
      throw error instanceof Error ? error : new Error('coop.login.failed');
    }
  },

  /**
   * Signs out on the server first (`POST /logout`, issue 38: every token of the user ends), then clears the token. A
   * token already ended or expired is just cleared.
   */
  async logout() {
    // Chosen by the clerk (not the idle time's end, SessionKeeper): nothing typed is kept for the next sign-in.
    signedOut();
    if (currentSession()) await api('/logout', { method: 'POST' }).catch(() => undefined);
    clearToken();
  },

  async checkAuth() {
    if (currentSession()) return;
    const hadToken = getToken() !== null;
    if (hadToken) sessionEndedUnasked();
    clearToken();
    throw { redirectTo: loginPath(), message: hadToken ? 'coop.login.expired' : false };
  },

  async checkError(error: { status?: number; body?: unknown } | undefined) {
    if (error?.status === 401) {
      sessionEndedUnasked();
      clearToken();
      // A write refused: it fails with its own message (nothing saved, dataProvider.ts) and the cleared token sends the
      // clerk to the sign-in page (App.tsx). Rejecting here would make react-admin sign out and answer the write as done.
      if ((error.body as { notSaved?: unknown } | null | undefined)?.notSaved === true) return;
      throw { redirectTo: loginPath(), message: 'coop.login.expired' };
    }
    // 403 and others: not a session problem; the caller shows the server's message.
  },

  async getIdentity() {
    const s = currentSession();
    if (!s) throw new Error('not signed in');
    return { id: s.sub || s.username, fullName: s.username };
  },

  async getPermissions() {
    return currentSession()?.roles ?? [];
  },
};
