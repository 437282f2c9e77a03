/*
 * Templates of the bank statements (CAMT.053, issue 45; docs/bank-statements.md), part of `ValidationTemplate`. The
 * console translates each (en, de: contracts/src/messages/validation.*.ts); `{0}` is the first numbered parameter.
 */
export const BANK_STATEMENT_TEMPLATES = [
  /** No file in the upload (multipart field `file`), or an empty one. */
  'bankStatementNoFile',
  /** The file is larger than {0} MiB (413). */
  'bankStatementTooLarge',
  /** Not a CAMT.053 statement: not UTF-8, not well-formed XML, or another message. */
  'bankStatementNotCamt',
  /** A CAMT.053 version the product does not read ({0}: its namespace); it reads camt.053.001.02 and .08. */
  'bankStatementVersion',
  /** The file declares a DOCTYPE or entities: refused unread (entity expansion, external entities). */
  'bankStatementDeclarations',
  /** The file could not be read within {0} seconds and {1} MB (its read thread's budget; a review, stop 63: 500 before). */
  'bankStatementReadTooLong',
  /** More than {0} entries in one file. */
  'bankStatementTooManyEntries',
  /** A text of the file is longer than {0} characters, or the elements nest deeper than the format does. */
  'bankStatementTextTooLong',
  /** A tag of the file (its name and attributes) is longer than {0} characters: refused unparsed. */
  'bankStatementTagTooLong',
  /** The file holds more than {0} elements, more than a statement of its entries can: refused unparsed. */
  'bankStatementTooManyElements',
  /** The file holds {0} statements; the product reads one statement (one account) per file. */
  'bankStatementOneStatement',
  /** The statement names no account (IBAN) or no statement id. */
  'bankStatementNoAccount',
  /** Entry {0}: the amount {1} is no amount in euros and cents (digits, a point, at most two decimals). */
  'bankStatementAmountInvalid',
  /** Entry {0}: no valid booking date. */
  'bankStatementDateInvalid',
  /** This statement was read already (on {0}): a payment is never booked twice (409). */
  'bankStatementAlreadyRead',
  /** No bank statement with this id in the cooperative (404). */
  'bankStatementNotFound',
  /** The statement has no entry {0}. */
  'bankStatementEntryUnknown',
  /** Entry {0} is confirmed or set aside already (409). */
  'bankStatementEntryDone',
  /** Entry {0} is no credit in euros booked on the account: nothing to book. */
  'bankStatementEntryNotCredit',
  /** Entry {0}: no member with this id in the cooperative, or no outstanding subscription {1} of the member. */
  'bankStatementMemberUnknown',
  /** Entry {0}: the amount is more than the member's outstanding payments on shares ({1}). */
  'bankStatementAboveOutstanding',
  /** Entry {0} is the credit of a debit this product collected on {1}, booked with its collection (decision 352). */
  'bankStatementOwnDirectDebit',
] as const;
export type BankStatementTemplate = (typeof BANK_STATEMENT_TEMPLATES)[number];
