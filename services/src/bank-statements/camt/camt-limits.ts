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
