import { HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { formatDate } from '../format';
import type { FieldError, ValidationTemplate } from '@coop/contracts/console';
import { writableFields } from './writableFields';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One entry of the API's `400 {errors:[…]}` answer (docs/api.md; the contracts' `FieldError`, parameters optional). */
export type ApiFieldError = Omit<FieldError, 'parameters'> & { readonly parameters?: FieldError['parameters'] };

/** The general errors that name a colliding record by id (parameter 0). */
const CONFLICTS: ReadonlySet<ValidationTemplate> = new Set<ValidationTemplate>([
  'conflictExemptionOrder',
  'conflictNonAssessment',
]);

function isApiFieldError(value: unknown): value is ApiFieldError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { field?: unknown; template?: unknown };
  return (v.field === null || typeof v.field === 'string') && typeof v.template === 'string';
}

/** The templated errors of an answer's body (`{errors: [{field, template, parameters}]}`), or null for any other body. */
function templatedErrors(body: unknown): ApiFieldError[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length === 0 || !errors.every(isApiFieldError)) return null;
  return errors;
}

/** The API's validation errors of a failed request, or null when the failure is not a validation failure. */
export function apiFieldErrors(error: unknown): ApiFieldError[] | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  return templatedErrors(error.body);
}

/**
 * The clerk's text for a refused request: its templates in the clerk's language (sign-in failures, a session that
 * ended, a missing role, a record not found, a conflict, a server failure, a refused input), never the API's English
 * `message`; the status alone where the answer carries no template (a proxy's page, a body not from the API).
 */
export function refusalMessage(status: number, body: unknown): string {
  const errors = templatedErrors(body);
  if (errors) return errors.map(validationMessage).join(' · ');
  return i18nProvider.translate('coop.errors.http', { status });
}

/**
 * The body a refusal's HttpError carries. react-admin takes `body.errors` of a failed save as the form's field errors
 * (and then notifies nothing): only a refused input (400) has field errors; the templates of any other refusal (403,
 * 404, 409) are left out, their text being the error's message (`refusalMessage`).
 */
export function refusalBody(status: number, body: unknown): unknown {
  if (status === 400 || typeof body !== 'object' || body === null || !('errors' in body)) return body;
  const { errors: _templates, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** The clerk's text for a template (`coop.validation.<template>`) with its numbered parameters (dates as dd.MM.yyyy). */
export function validationMessage(error: ApiFieldError): string {
  const key = `coop.validation.${error.template}`;
  const args = Object.fromEntries(
    Object.entries(error.parameters ?? {}).map(([k, v]) => [k, ISO_DATE.test(String(v)) ? formatDate(String(v)) : v]),
  );
  const text = i18nProvider.translate(key, args);
  return text === key ? i18nProvider.translate('coop.validation.unknown', { template: error.template }) : text;
}

/**
 * Turns the API's validation answer into react-admin's server-side validation: `{errors: {field: text}}`
 * puts each message under its field; errors without a field, or on a field the resource's forms do not
 * have, become `root.serverError`, which react-admin shows as the error notification. A refusal on fields alone
 * names its messages in the notification too (issue 43): a form need not show every field of its resource (the
 * annulment shows dates only; its minimum-holding refusal names `annulPeer`), and react-admin's bare "The form is not
 * valid" told the clerk nothing.
 */
export function toFormValidationError(resource: string, errors: readonly ApiFieldError[]): HttpError {
  const fields = writableFields(resource) ?? [];
  const byField: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    const text = validationMessage(error);
    if (error.field !== null && fields.includes(error.field)) {
      byField[error.field] = byField[error.field] ? `${byField[error.field]}; ${text}` : text;
    } else {
      general.push(error.field && !fields.includes(error.field) ? `${error.field}: ${text}` : text);
    }
  }
  const formErrors: Record<string, unknown> = { ...byField };
  const atFields = Object.values(byField);
  const summary =
    general.length > 0
      ? general.join(' · ')
      : atFields.length > 0
        ? atFields.join(' · ')
        : i18nProvider.translate('coop.errors.invalidForm');
  // An overlap names the other record by id: kept as `root.conflict` for the form to mark it, not shown as text.
  const conflict = errors.find((e) => e.field === null && CONFLICTS.has(e.template))?.parameters?.['0'];
  formErrors.root = { serverError: summary, ...(conflict ? { conflict } : {}) };
  return new HttpError(summary, 400, { errors: formErrors });
}
