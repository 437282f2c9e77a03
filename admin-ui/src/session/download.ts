import { HttpError } from 'react-admin';
import { API_ROOT } from '../config';
import { refusalBody, refusalMessage } from '../data/validationErrors';
import { i18nProvider } from '../i18n/i18nProvider';
import { downloadName } from './downloadName';
import { getToken, setToken } from './session';

/** What a download came to: the file was saved under `name`, or the server took the work to the background (202). */
export type DownloadOutcome = { readonly saved: string } | { readonly accepted: unknown };

/**
 * Downloads `GET path` (a file a link cannot fetch: it needs the bearer token): saved from a Blob under the answer's
 * `Content-Disposition` name (else `fallback`). A 202 answer is no file but the queued background task: its JSON body is
 * returned for the caller to point at `/tasks`. A refusal throws its message in the clerk's language (as `api()` does).
 */
export async function downloadFile(path: string, fallback: string, post?: unknown): Promise<DownloadOutcome> {
  const token = getToken();
  let res: Response;
  try {
    // `post`: the JSON body of a POST answering a file (a corrected tax certificate), or a FormData; without it a GET.
    const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    // A FormData `post` (the import's problems workbook: the uploaded files) is sent as it is, multipart.
    const init: RequestInit =
      post === undefined
        ? { headers: auth }
        : post instanceof FormData
          ? { method: 'POST', headers: auth, body: post }
          : { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(post) };
    res = await fetch(`${API_ROOT}${path}`, init);
  } catch {
    throw new HttpError(i18nProvider.translate('coop.errors.network'), 0, null);
  }
  const fresh = /^Bearer\s+(\S+)$/i.exec(res.headers.get('Authorization') ?? '');
  if (fresh?.[1]) setToken(fresh[1]);
  if (!res.ok || res.status === 202) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    if (res.ok) return { accepted: body };
    throw new HttpError(refusalMessage(res.status, body), res.status, refusalBody(res.status, body));
  }
  const blob = await res.blob();
  const name = downloadName(res.headers.get('Content-Disposition'), fallback);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return { saved: name };
}
