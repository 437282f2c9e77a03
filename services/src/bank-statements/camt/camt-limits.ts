/*
 * The limits of a bank statement file (issue 45, decision 215), checked before the work: the upload's size as it
 * arrives, then the file's declarations and counts before the XML is parsed.
 */

/** The largest statement file: 20 MiB (a month of a large cooperative's account is a few MiB). */
export const CAMT_MAX_BYTES = 20 * 1024 * 1024;
/** The most entries (bookings and the transactions of batch bookings) one file may hold. */
export const CAMT_MAX_ENTRIES = 20_000;
/** The longest text of one element (ISO 20022 texts are at most 140 characters; `AddtlNtryInf` 500). */
export const CAMT_MAX_TEXT = 1_000;
/**
 * The longest tag (from a `<` to the next `>`: a name and its attributes; comments and processing instructions the
 * same). The longest of a camt.053 file is the root's start tag with its namespaces, some 200 characters. A security
 * probe (F4) held the one statement read of the process 18-24 s and ~1 GB with one tag of 1.5 million attributes
 * (16 MB) or a name of 19 MB, which the parser takes apart slowly.
 */
export const CAMT_MAX_TAG = 2_000;
/**
 * Elements (start and empty-element tags) one file may hold: 100 an entry for CAMT_MAX_ENTRIES entries and 10,000 for
 * the header, balances and summaries. A camt.053 entry has some 15-40 (bench/camt-read.js 30; a batch's transaction
 * 25-30), at most some 130 with every optional element; and 2,010,000 elements in 20 MiB would be 10 bytes an element,
 * which no camt.053 text is (`<Cd>BOOK</Cd>` is 13; the fixtures 30): the size refuses a lawful file first. The probe's
 * 4.9 million `<X/>` and 2.5 million unclosed `<a>` held the read 18-24 s; 2 million take the parser some 2 s.
 */
export const CAMT_ELEMENTS_PER_ENTRY = 100;
export const CAMT_MAX_ELEMENTS = CAMT_MAX_ENTRIES * CAMT_ELEMENTS_PER_ENTRY + 10_000;
/** The deepest nesting of elements (a camt.053 entry is about 12 deep). */
export const CAMT_MAX_DEPTH = 40;
/** The remittance text kept of an entry (four `Ustrd` of 140 characters and their blanks). */
export const REMITTANCE_MAX = 563;
/** A name (ISO 20022 Max140Text), a reference (Max35Text), an IBAN (34). */
export const NAME_MAX = 140;
export const REFERENCE_MAX = 35;
export const IBAN_MAX = 34;
/** The largest amount of one entry: the product's largest posting (contracts/src/limits.ts AMOUNT_MAX_CENTS). */
export const ENTRY_AMOUNT_MAX_CENTS = 100_000_000_000;
