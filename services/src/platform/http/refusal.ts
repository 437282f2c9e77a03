import { fieldError, type AnswerTemplate, type FieldError, type ValidationTemplate } from '@coop/contracts';

/**
 * The body of every refusal other than a refused input (401, 403, 404, 409, 429, 500, 503): the English `message` as
 * before, and the same text as one general error with its template, which the console shows in the clerk's language.
 */
export interface RefusalBody {
  readonly message: string;
  readonly errors: readonly FieldError[];
}

export function refusal(message: string, template: ValidationTemplate, ...parameters: string[]): RefusalBody {
  return { message, errors: [fieldError(null, template, ...parameters)] };
}

/** The template of a refusal by the HTTP framework itself (an unknown route, a body too large), by its status. */
export function frameworkTemplate(status: number): AnswerTemplate {
  if (status === 401) return 'sessionExpired';
  if (status === 403) return 'notAllowed';
  if (status === 404) return 'routeNotFound';
  if (status === 409) return 'conflict';
  return status >= 500 ? 'internalError' : 'requestFailed';
}

/** The most characters of a client's own text an error answer repeats (a refused value, a path; decision 419). */
export const ECHO_MAX = 200;

/** `text` up to ECHO_MAX characters, cut with `…` beyond (by code points: no half of a surrogate pair). */
export function shortened(text: string): string {
  const points = Array.from(text);
  return points.length <= ECHO_MAX ? text : `${points.slice(0, ECHO_MAX).join('')}…`;
}

/**
 * An error answer's body with every text in it shortened (the `message`, each error's `field` and `parameters`, a
 * warning's): a refused value is repeated as its parameter, an unknown route's path in its message, and an answer
 * should not grow with what a client sends. The templates' own texts stay whole; only what fills them is cut.
 */
export function withEchoesShortened<T>(body: T): T {
  return shortenedTexts(body) as T;
}

function shortenedTexts(value: unknown): unknown {
  if (typeof value === 'string') return shortened(value);
  if (Array.isArray(value)) return value.map(shortenedTexts);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortenedTexts(v)]));
}
