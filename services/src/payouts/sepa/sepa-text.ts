import transliterate from '@sindresorhus/transliterate';

/**
 * Text as a SEPA file may carry it (EPC "SEPA Latin" basic set, DOMAIN.md 7): letters a–z and A–Z, digits, space and
 * `/ - ? : ( ) . , ' +`. German umlauts and ß are transliterated (ä → ae …), other accented letters lose their accent
 * (é → e), a few letters are spelt out (ø → o, æ → ae, ł → l), `&` becomes `+`; other scripts with a rule (Cyrillic,
 * Greek, Armenian, Georgian, Arabic, Hebrew, Vietnamese …) are transliterated by `@sindresorhus/transliterate`
 * (issue 38: Иванова → Ivanova, Παπαδόπουλος → Papadopoylos, letter by letter); anything else is dropped; runs of spaces become one.
 */
const LETTERS: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  '&': '+',
  // Letters without a combining accent to strip.
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const OUTSIDE_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

const ALREADY_SEPA = /^(?:[A-Za-z0-9/\-?:().,'+]+(?: [A-Za-z0-9/\-?:().,'+]+)*)?$/;

export function sepaLatin(text: string): string {
  // Most texts (the remittance, ids, plain names) are in the set already, single-spaced and trimmed.
  if (ALREADY_SEPA.test(text)) return text;
  return (
    text
      .replace(/[äöüÄÖÜßẞ&øØæÆœŒłŁđĐþÞı]/g, (c) => LETTERS[c] ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // Letters of other scripts only: signs (€, %) are dropped as before.
      // eslint-disable-next-line no-control-regex -- the range is ASCII, kept as it is
      .replace(/[^\P{L}\u0000-\u007f]+/gu, (letters) => transliterate(letters))
      .replace(/[\s\u00a0]+/g, ' ')
      .replace(OUTSIDE_SET, '')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** The text in the SEPA set, cut to the schema's length (Max70Text, Max35Text, Max140Text: all one byte a character). */
export function sepaText(text: string, max: number): string {
  return sepaLatin(text).slice(0, max).trimEnd();
}

/**
 * Whether a name can be carried in the file: in the SEPA set and cut to `max` it keeps at least one letter or digit. A
 * name of signs only (`<>`) or wholly in a script without a rule (Chinese, Japanese …) cannot: the check refuses it
 * rather than write an empty `<Nm>` (issue 38).
 */
export function isSepaRepresentable(name: string, max: number): boolean {
  return /[A-Za-z0-9]/.test(sepaText(name, max));
}

/** Schema lengths (pain.001.001.09): names Max70Text (EPC), identifiers Max35Text, remittance Max140Text. */
export const NAME_MAX = 70;
export const ID_MAX = 35;
export const REMITTANCE_MAX = 140;

/** Cents as the file's amount: two decimals, a point, no grouping (`1234` → `12.34`). */
export function xmlAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  const text = String(cents).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Cents in German notation for the remittance text (`525512` → `5.255,12`). */
export function germanAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const text = String(Math.abs(cents)).padStart(3, '0');
  const euros = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${text.slice(-2)}`;
}

/** Escapes the five XML characters (the SEPA set has only `'`; names from outside have been reduced to it already). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}
