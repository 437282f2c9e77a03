import { HttpError } from 'react-admin';
import type { ApiFieldError } from '../data/validationErrors';

/**
 * Plausibility warnings of a write (issue 22 "Safety nets"): the API answers `409 {warnings: [{field, template,
 * parameters}]}` and records nothing until the same request comes with `confirmWarnings: true`. The data provider
 * asks the clerk through `askToConfirm`; the dialog (WarningsDialog, in the layout) answers.
 */

/** The warnings of a failed request, or null when it failed for another reason. */
export function apiWarnings(error: unknown): ApiFieldError[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body: unknown = error.body;
  const warnings = typeof body === 'object' && body !== null ? (body as { warnings?: unknown }).warnings : undefined;
  if (!Array.isArray(warnings) || warnings.length === 0) return null;
  return warnings.filter(
    (w): w is ApiFieldError => typeof w === 'object' && w !== null && typeof (w as ApiFieldError).template === 'string',
  );
}

/** What the dialog is asked: the resource (for the fields' labels) and its warnings. */
export interface WarningsQuestion {
  readonly resource: string;
  readonly warnings: readonly ApiFieldError[];
}

type Asker = (question: WarningsQuestion) => Promise<boolean>;
let asker: Asker | null = null;

/** The dialog registers itself while mounted; unregisters with the function returned. */
export function registerWarningsAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** Asks the clerk to confirm the warnings; false (not confirmed) when no dialog is mounted. */
export function askToConfirm(question: WarningsQuestion): Promise<boolean> {
  return asker ? asker(question) : Promise.resolve(false);
}
