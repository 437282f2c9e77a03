/** Reading a JSON body without trusting its shape: wrong types become values the domain rules reject. */
export type Body = Readonly<Record<string, unknown>>;

export function asBody(raw: unknown): Body {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {};
}

/** A text field; anything but a string reads as empty. */
export function text(body: Body, field: string): string {
  const v = body[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A list of strings; a single string reads as a one-element list. */
export function strings(body: Body, field: string): string[] {
  const v = body[field];
  if (typeof v === 'string') return [v];
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : String(x))) : [];
}

/** A whole number; anything else reads as NaN so the domain answers invalidNumber. */
export function integer(body: Body, field: string): number {
  const v = body[field];
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return NaN;
}
