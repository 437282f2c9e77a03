import { HttpError } from 'react-admin';
import { API_ROOT } from '../config';
import { refusalBody, refusalMessage } from '../data/validationErrors';
import { i18nProvider } from '../i18n/i18nProvider';
import { savedNotYetShown, writeNotYetShown } from './savedAnswer';
import { activityHeader } from './activity';
import { currentSession, getToken, setToken } from './session';

export interface ApiResponse<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** GETs started before React rendered (see `prefetch`), by path, with the time they started. */
const prefetched = new Map<string, { readonly at: number; readonly response: Promise<Response> }>();
/** A prefetched answer older than this is not used (the page asked for it much later, or never). */
const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * Starts `GET path` now, signed in only; the first `api(path)` afterwards takes its answer instead of asking
 * again. `main.tsx` uses it for the opened screen's first request, so the answer travels while the console
 * is still rendering its shell instead of after the screen has rendered.
 */
export function prefetch(path: string): void {
  const token = getToken();
  if (!token || prefetched.has(path)) return;
  const response = fetch(`${API_ROOT}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  response.catch(() => undefined); // a failure is reported by the call that takes it (or the call asks again)
  prefetched.set(path, { at: Date.now(), response });
}

function takePrefetched(path: string, init: RequestInit): Promise<Response> | undefined {
  const entry = prefetched.get(path);
  if (!entry) return undefined;
  prefetched.delete(path);
  const plainGet =
    (init.method ?? 'GET') === 'GET' && init.body === undefined && !new Headers(init.headers).has('Authorization');
  return plainGet && Date.now() - entry.at < PREFETCH_MAX_AGE_MS ? entry.response : undefined;
}

/**
 * Every call to the API goes through here: it sends the bearer token (with `X-User-Activity` when the clerk acted since
 * the token was issued) and takes a fresh token from the
 * `Authorization` response header of any answer. Non-2xx answers throw react-admin's HttpError with the
 * parsed body, so the data and auth providers see the status, and with the answer's templates in the clerk's
 * language as its message (`refusalMessage`); so does a write the server stored but does not show yet (202,
 * `savedNotYetShown`).
 */
export async function api<T = unknown>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  // A FormData body (an upload) carries its own multipart type with the boundary: the browser sets it.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${token}`);
    // Only a request following the clerk's own activity renews the session's idle time (issue 38).
    for (const [name, value] of Object.entries(activityHeader(currentSession()?.iat))) headers.set(name, value);
  }
  let response: Response;
  try {
    response = await (takePrefetched(path, init) ?? fetch(`${API_ROOT}${path}`, { ...init, headers }));
  } catch {
    throw new HttpError(i18nProvider.translate('coop.errors.network'), 0, null);
  }
  const fresh = /^Bearer\s+(\S+)$/i.exec(response.headers.get('Authorization') ?? '');
  if (fresh?.[1]) setToken(fresh[1]);
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const saved = savedNotYetShown(response.status, body);
  if (saved) throw saved;
  const late = writeNotYetShown(response.status, response.headers.get('Retry-After'), body, (key) =>
    i18nProvider.translate(key),
  );
  if (late) throw late;
  if (!response.ok)
    throw new HttpError(refusalMessage(response.status, body), response.status, refusalBody(response.status, body));
  return { status: response.status, headers: response.headers, body: body as T };
}
