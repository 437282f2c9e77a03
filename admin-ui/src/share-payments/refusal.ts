import { apiFieldErrors, validationMessage } from '../data/validationErrors';

/** The server's refusal by field (those of `fields`) and the rest as one text. */
export function refusalOf(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; other?: string } {
  const found = apiFieldErrors(error);
  if (!found) return { byField: {}, other: error instanceof Error ? error.message : String(error) };
  const byField: Record<string, string> = {};
  let other: string | undefined;
  for (const f of found) {
    const text = validationMessage(f);
    if (f.field !== null && fields.includes(f.field)) byField[f.field] = text;
    else other = other ? `${other} ${text}` : text;
  }
  return { byField, other };
}
