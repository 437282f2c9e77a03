import { apiFieldErrors, validationMessage } from '../data/validationErrors';

/**
 * The server's refusal of a form by field, in the clerk's language (`coop.validation` templates): each of `fields` gets
 * the texts of its templates; a template on any other field, or a refusal that is no input refusal (a role missing, a
 * conflict), goes to `other` as one text.
 */
export function refusalByField<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F | 'other', string>> {
  const out: Partial<Record<F | 'other', string>> = {};
  if (!error) return out;
  const errors = apiFieldErrors(error);
  if (!errors)
    return { other: error instanceof Error ? error.message : String(error) } as Partial<Record<F | 'other', string>>;
  const known: readonly string[] = fields;
  for (const e of errors) {
    const key: F | 'other' = e.field !== null && known.includes(e.field) ? (e.field as F) : 'other';
    const text = validationMessage(e);
    out[key] = out[key] ? `${out[key]} ${text}` : text;
  }
  return out;
}
