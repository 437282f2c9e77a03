import { useEffect, useRef } from 'react';
import { useLogout } from 'react-admin';
import { REFRESH_THRESHOLD_SECONDS } from '../config';
import { api } from './api';
import { getToken, loginPath, secondsLeft, setToken, useSession } from './session';

let pingedAtStart = false;

/**
 * Keeps the session alive (SPEC 4): one ping when the console starts (once it is idle), another whenever less than
 * 60 seconds of token life remain. A failed ping, or a token running out, ends the session and sends the
 * clerk to the login page with `redirect` back to the current page.
 */
export function SessionKeeper() {
  const session = useSession();
  const logout = useLogout();
  const pingingFor = useRef<string | null>(null);
  const ended = useRef(false);

  useEffect(() => {
    if (!session) return;
    ended.current = false;
    const end = () => {
      if (ended.current) return;
      ended.current = true;
      void logout({}, loginPath());
    };
    const ping = async () => {
      const token = getToken();
      if (!token || pingingFor.current === token) return;
      pingingFor.current = token;
      try {
        const res = await api<{ token?: string }>('/ping');
        if (res.body?.token) setToken(res.body.token);
      } catch {
        end();
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
      if (left <= 0) end();
      else if (left < REFRESH_THRESHOLD_SECONDS) void ping();
    }, 1000);
    return () => {
      clearInterval(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [session, logout]);

  return null;
}
