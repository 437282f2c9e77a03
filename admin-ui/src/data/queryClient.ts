import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { decodeToken, getToken, subscribe } from '../session/session';

/** How often a failed read is asked again when asking again can help (the network, a server failure): react-query's default. */
const MAX_RETRIES = 3;

/**
 * Whether a failed read is asked again. A refusal (4xx: not found, no role, a session that ended, a refused query)
 * is answered the same way every time: asking again only keeps the clerk in front of a spinner for seconds (react-query
 * retries three times with 1, 2 and 4 s between) before the not-found page or the message shows.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The console's query client (react-admin's `AdminContext` takes it). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });

/** Who a token signs in: the user, the cooperative and the roles (a refreshed token of the same session keeps them). */
export function sessionIdentity(token: string | null): string | null {
  const claims = token ? decodeToken(token) : null;
  return claims ? JSON.stringify([claims.sub || claims.username, claims.cooperative, [...claims.roles].sort()]) : null;
}

/**
 * The cached answers belong to the user who loaded them. react-admin empties the cache when the console signs out
 * itself, but not when the session ends another way: signed out in another tab of the browser (the token is shared),
 * the tab goes to the sign-in page with the cache as it was, and the next user signing in there (a clerk of another
 * cooperative, a lower role) was shown the previous user's lists until they had loaded again. So the cache is emptied
 * whenever a token of another user, cooperative or set of roles than the one the cache was filled for takes over.
 */
export function clearOnSessionChange(client: QueryClient): () => void {
  let owner = sessionIdentity(getToken());
  return subscribe(() => {
    const next = sessionIdentity(getToken());
    if (next === null || next === owner) return;
    owner = next;
    client.clear();
  });
}

if (typeof window !== 'undefined') clearOnSessionChange(queryClient);
