import { USER_ACTIVITY_HEADER } from '@coop/contracts/console';

/**
 * The clerk's own activity (issue 38): only it keeps a session alive. The last key press, click or touch in the console
 * is kept here; a request sent after such activity since the token was issued carries `X-User-Activity`, and the server
 * renews the token's idle time only for those. Background requests (the start ping, polling) leave the header out unless
 * the clerk acted, so an unattended console is signed out after the cooperative's idle time.
 */
let lastActivityMs = 0;
let listening = false;

/** Starts noting the clerk's activity (once; the console's entry calls it). */
export function watchUserActivity(target: Pick<Window, 'addEventListener'> = window): void {
  if (listening) return;
  listening = true;
  const note = (): void => {
    lastActivityMs = Date.now();
  };
  for (const type of ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const)
    target.addEventListener(type, note, { capture: true, passive: true });
}

/** Notes activity now (a sign-in, tests). */
export function noteUserActivity(at = Date.now()): void {
  lastActivityMs = at;
}

/** Whether the clerk acted after `sinceSeconds` (a token's `iat`, seconds since the epoch). */
export function actedSince(sinceSeconds: number | undefined): boolean {
  return sinceSeconds === undefined ? lastActivityMs > 0 : lastActivityMs >= sinceSeconds * 1000;
}

/** The header marking a request as following the clerk's activity, when it does. */
export function activityHeader(sinceSeconds: number | undefined): Record<string, string> {
  return actedSince(sinceSeconds) ? { [USER_ACTIVITY_HEADER]: '1' } : {};
}
