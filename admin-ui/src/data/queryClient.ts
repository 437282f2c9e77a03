import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

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
