import { apiFieldErrors, validationMessage } from '../data/validationErrors';
import { parseEuroToCents } from '../format';

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

/**
 * The amount fields (of `texts`, by field) whose text reads as no euro amount (`250`, `1.234,56` do), each with
 * `message`: the form keeps them and sends nothing, since the API answered such a text with its upper limit ("Darf
 * höchstens 1.000.000.000,00 € betragen" for `300,0050` or `abc`). An empty field is the API's to refuse.
 */
export function unreadableAmounts(texts: Readonly<Record<string, string>>, message: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts)
      .filter(([, text]) => text.trim() !== '' && parseEuroToCents(text) === null)
      .map(([field]) => [field, message]),
  );
}
