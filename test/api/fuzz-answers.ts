import { request as httpRequest } from 'node:http';
import type { FuzzRequest } from './fuzz-requests.js';

/**
 * The answers to the generated requests of fuzz-requests.ts (issue 28): each request sent as it is, and the rules every
 * answer keeps (never 5xx, never dropped, a refusal in the API's error format that stores nothing). Used by
 * test/api/fuzz.e2e.spec.ts and, through it, bench/fuzz.js.
 */

export interface FuzzAnswer {
  readonly status: number | 'dropped';
  readonly body: string;
}

/** What a run found: the figures, and each answer that broke a rule with the request that caused it. */
export interface FuzzFigures {
  requests: number;
  serverErrors: number;
  dropped: number;
  badFormat: number;
  stored: number;
  readonly byStatus: Record<string, number>;
  readonly failures: { readonly rule: string; readonly request: FuzzRequest; readonly answer: FuzzAnswer }[];
}
/** Sends one request as it is; a reset, hang-up or no answer within 30 s is a dropped connection. */
export function send(baseUrl: string, r: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body !== undefined) headers['Content-Length'] = Buffer.byteLength(r.body);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: r.method, path: r.path, headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => resolve({ status: 'dropped', body: String(e) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (e) => resolve({ status: 'dropped', body: String(e) }));
    req.end(r.body);
  });
}

/** A template's parameters: texts by their position (`{"0": "415"}`). */
function isParameters(p: unknown): boolean {
  return (
    p !== null && typeof p === 'object' && !Array.isArray(p) && Object.values(p).every((v) => typeof v === 'string')
  );
}

/** Whether a refusal has the API's error format: `errors: [{field, template, parameters}]`. */
export function hasErrorFormat(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  const errors = (body as { errors?: unknown } | null)?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e: unknown) => {
      const x = e as { field?: unknown; template?: unknown; parameters?: unknown } | null;
      return (
        x !== null &&
        typeof x === 'object' &&
        (x.field === null || typeof x.field === 'string') &&
        typeof x.template === 'string' &&
        isParameters(x.parameters)
      );
    })
  );
}

/** One line for a failure: the rule, the answer and the request, its body cut short (a body may be 100 KiB). */
export function failureLine(f: FuzzFigures['failures'][number]): string {
  const { method, path, headers, body } = f.request;
  return `${f.rule}: ${f.answer.status} ${f.answer.body.slice(0, 200)} <= ${method} ${path.slice(0, 300)} ${headers['Content-Type'] ?? '(no type)'} ${body === undefined ? '(no body)' : `${body.slice(0, 200)} (${body.length} chars)`}`;
}

export function emptyFigures(): FuzzFigures {
  return { requests: 0, serverErrors: 0, dropped: 0, badFormat: 0, stored: 0, byStatus: {}, failures: [] };
}

/**
 * Sends the requests one after the other and checks each answer: never 5xx, never dropped, a 4xx in the error format,
 * and a refused request stores nothing (the event log's head position is the same before and after it).
 */
export async function runFuzz(
  baseUrl: string,
  head: () => Promise<bigint>,
  requests: readonly FuzzRequest[],
  figures = emptyFigures(),
  quiet: () => Promise<void> = async () => undefined,
): Promise<FuzzFigures> {
  for (const r of requests) {
    const before = await head();
    const answer = await send(baseUrl, r);
    const after = await head();
    // An accepted request may start work that goes on after its answer (a closure runs as a task, issue 40): it ends
    // before the next request, so that what it appends is not taken for the next refusal's.
    if (typeof answer.status === 'number' && answer.status < 300) await quiet();
    figures.requests++;
    const key = String(answer.status);
    figures.byStatus[key] = (figures.byStatus[key] ?? 0) + 1;
    const fail = (rule: string): void => {
      figures.failures.push({ rule, request: r, answer: { status: answer.status, body: answer.body.slice(0, 500) } });
    };
    if (answer.status === 'dropped') {
      figures.dropped++;
      fail('dropped');
    } else if (answer.status >= 500) {
      figures.serverErrors++;
      fail('5xx');
    } else if (answer.status >= 400 && !hasErrorFormat(answer.body)) {
      figures.badFormat++;
      fail('error format');
    }
    if ((answer.status === 'dropped' || answer.status >= 400) && after !== before) {
      figures.stored++;
      fail(`stored ${after - before} event(s)`);
    }
  }
  return figures;
}
