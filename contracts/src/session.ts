/**
 * How long a session lives (issue 38, docs/security.md "Sign-in and tokens"). A session ends after the cooperative's
 * idle time without user activity (`sessionIdleMinutes`, a cooperative setting) and at the latest after the absolute
 * lifetime from the sign-in (`SESSION_MAX_SECONDS`, 12 hours by default).
 */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
export const MIN_SESSION_IDLE_MINUTES = 1;
export const MAX_SESSION_IDLE_MINUTES = 720;

/**
 * The request header the console sends when the clerk has acted (typed, clicked) since its token was issued: only such
 * a request renews the session's idle time. Background requests (ping, polling of notifications and tasks) leave it out.
 */
export const USER_ACTIVITY_HEADER = 'X-User-Activity';
