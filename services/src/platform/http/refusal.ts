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
