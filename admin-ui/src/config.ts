/** The API root; the API serves the console on the same origin (Vite proxies /api in development). */
export const API_ROOT = '/api/v1';

/**
 * URL of the clerks' manual; the bottom bar shows the link only when it is configured. Vite sets `import.meta.env`;
 * outside Vite (the unit tests that load the resource list) there is none.
 */
export const MANUAL_URL: string | undefined = import.meta.env?.VITE_MANUAL_URL || undefined;

/** Ping for a fresh token when less than this many seconds of token life remain (SPEC 9). */
export const REFRESH_THRESHOLD_SECONDS = 60;

/**
 * After the clerk acted, renew a token at least this old (seconds) by a ping, so the idle time counts from the last
 * activity to the minute even while no request is sent (typing a long form; issue 38).
 */
export const RENEW_AFTER_ACTIVITY_SECONDS = 60;
