/**
 * The limits every request stays within (issue 38; docs/security.md "Limits", decisions 131-132): checked at the edge
 * by the request classes before any work, and by the console's inputs (`maxLength`). Plain constants, no framework:
 * the console imports them through `console.ts`.
 */

/** Text lengths in characters (UTF-16 code units, as the console's `maxLength` counts them). */
export const TEXT_MAX = {
  /**
   * A person's or firm's name, a bank's name, an account holder: the SEPA name (Cdtr/Nm of pain.001, DOMAIN.md 7) takes
   * at most 70 characters.
   */
  name: 70,
  /** A street (ISO 20022 StrtNm: 70). */
  street: 70,
  /** A house number (ISO 20022 BldgNb: 16). */
  houseNumber: 16,
  /** A postcode (ISO 20022 PstCd: 16). */
  zipCode: 16,
  /** A town (70, for foreign towns; ISO 20022 TwnNm 35 would refuse real ones). */
  city: 70,
  /** A cooperative's full name as registered (two lines of a letter). */
  fullName: 140,
  /** An email address (RFC 5321: 254). */
  email: 254,
  /** A web address. */
  url: 2000,
  /** A telephone number. */
  telephone: 40,
  /** Who represents a minor (names and role, one line of a letter). */
  representation: 140,
  /** A tax office's or authority's name. */
  authority: 140,
  /** A certificate's or order's number. */
  reference: 40,
  /** An IBAN written with blanks (34 characters and 8 blanks). */
  iban: 42,
  /** A record's id named in a request (a member, a posting: uuids). */
  id: 64,
  /** A short code (a church key, a church tax attribute, a rate, a year, a choice). */
  code: 20,
  /** A reason or note written by a clerk. */
  reason: 500,
  /** A user's name for signing in. */
  username: 100,
  /** A password (argon2 hashes any length; this bounds the work before it). */
  password: 256,
  /** The text of a list's `search` (query parameter). */
  search: 200,
  /** A record's `masterTag` sent back with its change (16 hex digits as answered; version-tag.ts). */
  tag: 64,
} as const;

/** The earliest and latest business date a request may carry (postings, admissions, orders, closures). */
export const BUSINESS_DATE_MIN = '1900-01-01';
export const BUSINESS_DATE_MAX = '2199-12-31';
/** The earliest birth date (a legal entity's founding may lie in the 19th century); the latest is today. */
export const BIRTH_DATE_MIN = '1800-01-01';

/**
 * Amounts (decision 132). Every sum the product forms stays a safe integer (Number.MAX_SAFE_INTEGER, about 9.007e15):
 * a holding of at most 1e11 cents (1 billion euro) times 366 days (the dividend's pro-rata weight) is 3.7e13, and
 * 90,000 members each holding the maximum still sum below 9e15.
 */
export const SHARE_PRICE_MAX_CENTS = 100_000_000;
/** Shares in one posting or admission. */
export const SHARES_MAX = 1_000_000;
/** A member number (nine digits). */
export const MEMBER_NR_MAX = 999_999_999;
/** One posting's amount and a member's holding, in cents. */
export const AMOUNT_MAX_CENTS = 100_000_000_000;
/**
 * Terms of a list's `filter` and of its `order_by` (`GET /members?filter=a:1,b:2&order_by=name,-entryDate`). The console
 * sends a few; 1,000 filter terms or 2,000 sort terms made SQLite refuse the statement (an expression tree too deep, too
 * many ORDER BY terms), which answered 500.
 */
export const LIST_FILTER_TERMS_MAX = 50;
export const LIST_SORT_TERMS_MAX = 10;

/** Characters that show nothing: controls, blanks, zero-width and joiners, bidi marks and overrides, the BOM. */
// eslint-disable-next-line no-misleading-character-class -- each invisible sign on its own, combining ones (U+034F) too
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u3164\uFFA0\u034F\u180E\u2800]/gu;

/** Text that shows at least one character (not only blanks, controls, zero-width signs or bidi marks). */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '') !== '';
}

/**
 * A name others read as the one it looks like: no format character (an invisible zero-width space or joiner, a
 * direction override) and nothing Unicode writes otherwise in compatibility form (full-width letters, ligatures,
 * superscripts), and no letters of two of the look-alike scripts (Latin, Greek, Cyrillic), so `admin\u200b`, `ａｄｍｉｎ` or
 * `\u0430dmin` cannot pass for `admin` where a user's name is shown.
 */
export function isPlainName(value: string): boolean {
  return (
    !/\p{Cf}/u.test(value) &&
    value.normalize('NFKC') === value.normalize('NFC') &&
    !mixesLookAlikeScripts(value) &&
    !passesForLatin(value)
  );
}

/** The scripts whose letters look alike (Latin `a`, Cyrillic `а`, Greek `Α`). */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

/**
 * Letters of more than one of Latin, Greek and Cyrillic in one name: `\u0430dmin` (a Cyrillic `а`) shows as `admin`
 * while its key differs. A name written in one of them (`Иванов`, `Νίκος`) is plain.
 */
function mixesLookAlikeScripts(value: string): boolean {
  return LOOK_ALIKE_SCRIPTS.filter((script) => script.test(value)).length > 1;
}

/**
 * The Greek and Cyrillic letters that Unicode's confusables (UTS #39, confusables.txt) map to a Latin letter or digit
 * and that show as it: `р` as `p`, `Ѕ` as `S`, `Τ` as `T`. Lower-case `в`, `к`, `м`, `н`, `т` are left out: they show as
 * small capitals, not as Latin letters.
 */
const PASSES_FOR_LATIN = /^[АВЕКМНОРСТХЅІЈҮԚԜӀаеорсухѕіјһԁԛԝүӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧαιονρϲϳγ]$/u;

/**
 * A name written wholly in Greek or Cyrillic whose every letter shows as a Latin one (`рор` as `pop`, `ΤΟΜ` as `TOM`)
 * passes for a Latin name it is not: a whole-script look-alike (UTS #39). A name with one letter of its own (`Иванов`,
 * `Νίκος`) is plain.
 */
function passesForLatin(value: string): boolean {
  if (/\p{Script=Latin}/u.test(value)) return false;
  const letters = [...value.normalize('NFC')].filter((c) => /\p{L}/u.test(c));
  return letters.length > 0 && letters.every((letter) => PASSES_FOR_LATIN.test(letter));
}

/**
 * A control character (C0, DEL, C1), or a bidi embedding, override or isolate (U+202A-U+202E, U+2066-U+2069, decision
 * 349: `Müller\u202erellüM` shows as another name), a noncharacter (U+FFFE, U+FFFF, …) or a lone surrogate (neither is
 * text: no XML part of an XLSX holds one, UTF-8 cannot carry the second; decision 404): never part of a single-line
 * text or a search. The marks LRM and RLM stay (copied names carry them; they reorder nothing).
 */
export function hasControlCharacter(value: string): boolean {
  return /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\u202a-\u202e\u2066-\u2069]/u.test(value);
}

/** A business date within BUSINESS_DATE_MIN..BUSINESS_DATE_MAX (the text compared as `YYYY-MM-DD`). */
export function isBusinessDateInRange(value: string): boolean {
  return value >= BUSINESS_DATE_MIN && value <= BUSINESS_DATE_MAX;
}
