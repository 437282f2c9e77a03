import { useEffect, useRef } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { REFRESH_THRESHOLD_SECONDS, RENEW_AFTER_ACTIVITY_SECONDS } from '../config';
import { actedSince } from './activity';
import { api } from './api';
import { sessionEndedUnasked } from './drafts';
import { currentSession, getToken, loginPath, secondsLeft, setToken, useSession } from './session';

let pingedAtStart = false;

/** Whether a failed call was the server refusing the session (401), not a call that never got its answer. */
function refusedSession(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/**
 * Keeps the session alive while the clerk works (SPEC 4, issue 38): one ping when the console starts (once it is idle),
 * another whenever less than 60 seconds of token life remain, and one when the clerk acted and the token is a minute
 * old. Only a ping after the clerk's activity renews the token (`X-User-Activity`, api.ts); without activity the token
 * keeps its expiry, so the countdown shows the real idle time left. A ping the server refuses, or a token running out,
 * ends the session and sends the clerk to the login page with `redirect` back to the current page, saying why.
 */
export function SessionKeeper() {
  const session = useSession();
  const logout = useLogout();
  const notify = useNotify();
  const pingingFor = useRef<string | null>(null);
  const ended = useRef(false);

  useEffect(() => {
    if (!session) return;
    ended.current = false;
    const end = (idle: boolean) => {
      if (ended.current) return;
      ended.current = true;
      sessionEndedUnasked();
      void logout({}, loginPath());
      notify(idle ? 'coop.login.idle' : 'coop.login.expired', { type: 'warning' });
    };
    const ping = async () => {
      const token = getToken();
      if (!token || pingingFor.current === token) return;
      pingingFor.current = token;
      try {
        const res = await api<{ token?: string }>('/ping');
        if (res.body?.token) setToken(res.body.token);
      } catch (error) {
        // Only the server's refusal ends the session. A ping cut off (a reload or a link leaving the page stops it, a
        // lost connection, a busy server) keeps it: signing out then ended every token of the user, the reloaded
        // page's too. The token's own expiry still ends the session here (below).
        if (refusedSession(error)) end(false);
        else pingingFor.current = null;
      }
    };
    let idle: number | undefined;
    if (!pingedAtStart) {
      // When the opened screen has rendered and the browser is idle (at most 2 s later): the answer replaces the
      // token, which redraws everything showing the session, and need not compete with the first screen.
      idle = window.requestIdleCallback(
        () => {
          pingedAtStart = true;
          void ping();
        },
        { timeout: 2000 },
      );
    }
    const timer = setInterval(() => {
      const left = secondsLeft();
      const issued = currentSession()?.iat;
      const acted = actedSince(issued);
      if (left <= 0) end(!acted);
      else if (left < REFRESH_THRESHOLD_SECONDS) void ping();
      else if (acted && issued !== undefined && Date.now() / 1000 - issued >= RENEW_AFTER_ACTIVITY_SECONDS) void ping();
    }, 1000);
    return () => {
      clearInterval(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [session, logout, notify]);

  return null;
}
