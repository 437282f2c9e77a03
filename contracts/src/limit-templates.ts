/*
 * Templates of the limits every request stays within (issue 38; contracts/src/limits.ts, docs/security.md "Limits").
 * The console translates each key (en, de: contracts/src/messages/limits.{en,de}.ts); `{0}` is the first parameter.
 */
export type LimitTemplate =
  /** "At most {0} characters" / "Höchstens {0} Zeichen" (a text longer than its field's limit). */
  | 'tooLong'
  /** "A date from {0} to {1}" / "Ein Datum vom {0} bis {1}" (a real date outside the range a request may carry). */
  | 'dateOutOfRange'
  /** "Must not contain control characters" / "Darf keine Steuerzeichen enthalten" (a search, a single-line text). */
  | 'controlCharacters'
  /** "At most {0} terms" / "Höchstens {0} Angaben" (a list's `filter` or `order_by` naming more fields than it may). */
  | 'tooManyTerms'
  /** "The file could not be made within its limit of {0} seconds and {1} MB; …" (503, a task's reason; decision 131). */
  | 'renderBudgetExceeded'
  /** "Other files are being made just now. …" (503: as many files are made and wait as the server takes; decision 337). */
  | 'renderBusy'
  /** "Other files are being received just now. …" (503: as many CSV bodies are read and wait as the server takes; decision 347). */
  | 'csvBodyBusy'
  /** A SEPA payee's name the file cannot carry (no Latin letter or digit left after transliteration); {0}: member numbers. */
  | 'sepaNameNotRepresentable';

/** Every limit template at run time (the i18n parity test). */
export const LIMIT_TEMPLATES: readonly LimitTemplate[] = Object.keys({
  tooLong: 1,
  dateOutOfRange: 1,
  controlCharacters: 1,
  tooManyTerms: 1,
  renderBudgetExceeded: 1,
  renderBusy: 1,
  csvBodyBusy: 1,
  sepaNameNotRepresentable: 1,
} satisfies Record<LimitTemplate, 1>) as LimitTemplate[];
