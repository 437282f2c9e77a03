import type { FieldKind } from '@coop/contracts';

/**
 * The value a declared field is stored, filtered and sorted by, the same on every engine (the SQLite column,
 * MongoDB's `_k` field). A string becomes `fold + U+0001 + lower`:
 * - `fold` sorts German text as a clerk reads a list (DIN 5007, variant 1): letters without case and without
 *   their marks (ä as a, é as e), ß as ss, so "Bäckerei" comes before "Braun" and "Özdemir" among the O;
 * - `lower` (the whole text lower-cased) breaks the ties of `fold` and makes equality mean "equal but for
 *   case" in every alphabet: "MÜNCHEN" finds "München", while "Muller" does not find "Müller" (the rule
 *   usernames are claimed by, so a sign-in finds exactly one user);
 * - U+0001 sorts before every printable character, so a shorter text sorts before the longer ones it begins (not NUL:
 *   SQLite's NOCASE stops comparing at a NUL byte).
 * Booleans are 1 and 0; numbers stay numbers; null and missing are null.
 */
export function compareKey(kind: FieldKind, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (kind !== 'string' && typeof value === 'number') return value;
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (kind !== 'string') return text;
  // ASCII text (most names, numbers and codes) has no marks, no ß and no other normal form: its fold is its lower case
  // (issue 41: the four normalisations and two replacements were most of a rebuild's compare keys).
  if (isAscii(text)) {
    const ascii = text.toLowerCase();
    return `${ascii}\u0001${ascii}`;
  }
  const lower = text.normalize('NFC').toLowerCase();
  return `${foldGerman(lower)}\u0001${lower}`;
}

/** Whether a text is of ASCII characters only (the empty text too). */
export function isAscii(text: string): boolean {
  return ASCII.test(text);
}

/** ASCII characters only (faster than `\p{ASCII}` with the `u` flag). */
// eslint-disable-next-line no-control-regex -- the range is ASCII, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-cased text without diacritical marks, ß as ss (DIN 5007 variant 1, the dictionary order). */
function foldGerman(lower: string): string {
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
}
