import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  isIsoDate,
  type BankStatementTemplate,
  type StatementEntryKind,
  type StatementFileEntry,
} from '@coop/contracts';
import { centsOf } from './camt-amount.js';
import {
  CAMT_MAX_BYTES,
  CAMT_MAX_DEPTH,
  CAMT_MAX_ELEMENTS,
  CAMT_MAX_ENTRIES,
  CAMT_MAX_TAG,
  CAMT_MAX_TEXT,
  IBAN_MAX,
  NAME_MAX,
  REFERENCE_MAX,
  REMITTANCE_MAX,
} from './camt-limits.js';
import { all, at, attribute, cut, text, type Node } from './camt-tree.js';

/** One entry as the file has it (the matching adds the member later). */
export type CamtEntry = StatementFileEntry;

export interface CamtStatement {
  /** The message's namespace version: `camt.053.001.02` or `camt.053.001.08`. */
  readonly version: string;
  readonly account: string;
  readonly bankStatementId: string;
  readonly fromDate: string | null;
  readonly toDate: string | null;
  readonly entries: readonly CamtEntry[];
}

/** A file the reader refuses: the template and its parameters (the API answers 400, or 413 for the size). */
export class CamtRefusal extends Error {
  constructor(
    readonly template: BankStatementTemplate,
    readonly parameters: readonly string[] = [],
  ) {
    super(`bank statement refused: ${template} ${parameters.join(' ')}`);
  }
}

const VERSIONS = new Set(['camt.053.001.02', 'camt.053.001.08']);
/** The root element's start tag, read where the prolog ends: its prefix and attributes. */
const ROOT = /<(?:([\w.-]+):)?Document\b([^<>]{0,2000})>/y;
const ISO_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:([\w.]+)$/;
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);
const DECLARATION = /<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i;
const ENTRY_TAG = /<(?:[\w.-]+:)?(?:Ntry|TxDtls)[\s>/]/g;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  maxNestedTags: CAMT_MAX_DEPTH,
  isArray: (name) => REPEATED.has(name),
});

/**
 * Reads a CAMT.053 bank statement (camt.053.001.02 or .001.08, as German banks deliver it under the DK's "Datenformate"
 * appendix; docs/bank-statements.md). The limits come first, before the XML is parsed: the size, no DOCTYPE or entity
 * declarations (entity expansion, external entities), the number of entries, then in one pass the length of texts and
 * tags and the number of elements (markupOverLimit); then the one
 * statement's account and id and each entry: amount in cents from the decimal text (never through a float), booking
 * date (or value date), credit or debit, and per transaction the other party's name and IBAN, the remittance text,
 * the bank's and the end-to-end reference. A batch booking whose transactions carry amounts summing to the booking is
 * read as its transactions (`3.1`, `3.2`); otherwise as one entry. A pure function of the bytes.
 */
export function readCamt(bytes: Uint8Array): CamtStatement {
  if (bytes.byteLength > CAMT_MAX_BYTES)
    throw new CamtRefusal('bankStatementTooLarge', [String(CAMT_MAX_BYTES / 1024 / 1024)]);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CamtRefusal('bankStatementNotCamt');
  }
  if (DECLARATION.test(xml)) throw new CamtRefusal('bankStatementDeclarations');
  if (moreTagsThan(xml, 2 * CAMT_MAX_ENTRIES))
    throw new CamtRefusal('bankStatementTooManyEntries', [String(CAMT_MAX_ENTRIES)]);
  const over = markupOverLimit(xml, { text: CAMT_MAX_TEXT, tag: CAMT_MAX_TAG, elements: CAMT_MAX_ELEMENTS });
  if (over === 'text') throw new CamtRefusal('bankStatementTextTooLong', [String(CAMT_MAX_TEXT)]);
  if (over === 'tag') throw new CamtRefusal('bankStatementTagTooLong', [String(CAMT_MAX_TAG)]);
  if (over === 'elements') throw new CamtRefusal('bankStatementTooManyElements', [String(CAMT_MAX_ELEMENTS)]);
  if (XMLValidator.validate(xml) !== true) throw new CamtRefusal('bankStatementNotCamt');
  let tree: Node;
  try {
    tree = parser.parse(xml) as Node;
  } catch (error) {
    if (error instanceof Error && /nest/i.test(error.message))
      throw new CamtRefusal('bankStatementTextTooLong', [String(CAMT_MAX_TEXT)]);
    throw new CamtRefusal('bankStatementNotCamt');
  }
  const document = at(tree, 'Document');
  const namespace = rootNamespace(xml);
  const version = namespace === null ? null : (ISO_NAMESPACE.exec(namespace)?.[1] ?? null);
  const statements = all(document, 'BkToCstmrStmt/Stmt');
  if (document === undefined || at(document, 'BkToCstmrStmt') === undefined)
    throw new CamtRefusal('bankStatementNotCamt');
  if (version === null || !VERSIONS.has(version))
    throw new CamtRefusal('bankStatementVersion', [(namespace ?? '').slice(0, 80)]);
  if (statements.length !== 1) throw new CamtRefusal('bankStatementOneStatement', [String(statements.length)]);
  const stmt = statements[0];
  const account = text(stmt, 'Acct/Id/IBAN')?.replace(/\s+/g, '').toUpperCase() ?? null;
  const bankStatementId = text(stmt, 'Id');
  if (
    account === null ||
    account.length > IBAN_MAX ||
    bankStatementId === null ||
    bankStatementId.length > REFERENCE_MAX
  )
    throw new CamtRefusal('bankStatementNoAccount');
  const entries: CamtEntry[] = [];
  all(stmt, 'Ntry').forEach((ntry, index) => {
    for (const entry of entriesOf(ntry, String(index + 1))) entries.push(entry);
  });
  if (entries.length > CAMT_MAX_ENTRIES)
    throw new CamtRefusal('bankStatementTooManyEntries', [String(CAMT_MAX_ENTRIES)]);
  return {
    version,
    account,
    bankStatementId,
    fromDate: dayOf(text(stmt, 'FrToDt/FrDtTm')),
    toDate: dayOf(text(stmt, 'FrToDt/ToDtTm')),
    entries,
  };
}

/**
 * The namespace of the root element (the parser drops `xmlns` attributes): its start tag is found where the prolog ends
 * (the XML declaration, processing instructions, comments and blanks; no DOCTYPE reaches here), and the namespace is the
 * one its own prefix is bound to there (`xmlns` without one). A review (stop 63) had a `<Document xmlns="…camt…">` in a
 * comment before the root, or a camt namespace bound to another prefix, taken for the file's; and the search for the
 * first `<Document` in the whole file took time growing with the file's size times 2,000.
 */
function rootNamespace(xml: string): string | null {
  let at = 0;
  for (;;) {
    while (at < xml.length && /\s/.test(xml[at]!)) at += 1;
    const end = xml.startsWith('<?', at)
      ? xml.indexOf('?>', at + 2) + 2
      : xml.startsWith('<!--', at)
        ? xml.indexOf('-->', at + 4) + 3
        : -1;
    if (end === -1) break;
    if (end < at) return null; // not closed (the validator lets none through)
    at = end;
  }
  ROOT.lastIndex = at;
  const root = ROOT.exec(xml);
  if (root === null) return null;
  const [, prefix, attributes = ''] = root;
  const binding = prefix === undefined ? 'xmlns' : `xmlns:${prefix.replace(/[.-]/g, '\\$&')}`;
  return new RegExp(`(?:^|\\s)${binding}\\s*=\\s*(["'])([^"']*)\\1`).exec(attributes)?.[2] ?? null;
}

/** The limits of markupOverLimit, in characters and elements. */
export interface MarkupLimits {
  /** A text between two tags: from a `>` to the next `<`. */
  readonly text: number;
  /** A tag: from a `<` to the next `>` (or the file's end), both counted. */
  readonly tag: number;
  /** Start and empty-element tags: a `<` followed by neither `/`, `!` nor `?`. */
  readonly elements: number;
}

/**
 * The first limit the file passes, in the file's order (null for none), in one pass over the file before it is parsed:
 * each `<` and `>` is looked for once, no list made. Tags are found as a `>` ends them (one inside a quoted attribute
 * value or a comment ends them early: they only look shorter), which well-formedness checks later. (The regular
 * expression `>[^<]{max+1,}<` the text's check replaces took time growing with the square of a run of `>`: 42 s for
 * 128 KiB of them, on the API's thread.)
 */
export function markupOverLimit(xml: string, limits: MarkupLimits): 'text' | 'tag' | 'elements' | null {
  let gt = -1;
  let elements = 0;
  for (let from = 0; ;) {
    const lt = xml.indexOf('<', from);
    if (lt < 0) return null;
    // The first `>` at or after `from`: kept while it lies beyond this `<`, so no part of the file is scanned twice.
    if (gt < from) gt = xml.indexOf('>', from);
    if (gt >= 0 && gt < lt) {
      if (lt - gt - 1 > limits.text) return 'text';
      gt = xml.indexOf('>', lt);
    }
    // This `<`'s tag ends at `gt`, or runs to the file's end.
    if ((gt < 0 ? xml.length : gt + 1) - lt > limits.tag) return 'tag';
    const next = xml.charCodeAt(lt + 1);
    if (next !== 47 && next !== 33 && next !== 63 && ++elements > limits.elements) return 'elements';
    if (gt < 0) return null;
    from = lt + 1;
  }
}

/** Whether a text between two tags (from a `>` to the next `<`) is longer than `max` characters (markupOverLimit). */
export function textLongerThan(xml: string, max: number): boolean {
  return markupOverLimit(xml, { text: max, tag: Infinity, elements: Infinity }) === 'text';
}

/** Whether `xml` holds more than `limit` entry tags: counted up to the limit, no list of every match made. */
function moreTagsThan(xml: string, limit: number): boolean {
  const tags = new RegExp(ENTRY_TAG.source, 'g');
  let count = 0;
  while (tags.exec(xml) !== null) if (++count > limit) return true;
  return false;
}

/** The day of an ISO date or date-time (`2025-03-31`, `2025-03-31T23:59:59+01:00`), or null. */
function dayOf(value: string | null): string | null {
  const day = value?.slice(0, 10) ?? null;
  return day !== null && isIsoDate(day) ? day : null;
}

/** An amount element's cents and currency; refused when the text is no amount. */
function amountOf(node: Node, entryId: string): { cents: number; currency: string } | null {
  if (node === undefined) return null;
  const raw = text(node) ?? '';
  const cents = centsOf(raw);
  if (cents === null) throw new CamtRefusal('bankStatementAmountInvalid', [entryId, raw.slice(0, 40)]);
  return { cents, currency: (attribute(node, 'Ccy') ?? '').toUpperCase() };
}

/** A transaction's own amount: `TxDtls/Amt` (.08) or `TxDtls/AmtDtls/TxAmt/Amt` (.02). */
function transactionAmount(tx: Node, entryId: string): { cents: number; currency: string } | null {
  return amountOf(at(tx, 'Amt') ?? at(tx, 'AmtDtls/TxAmt/Amt') ?? at(tx, 'AmtDtls/InstdAmt/Amt'), entryId);
}

function entriesOf(ntry: Node, entryId: string): CamtEntry[] {
  const amount = amountOf(at(ntry, 'Amt'), entryId);
  if (amount === null) throw new CamtRefusal('bankStatementAmountInvalid', [entryId, '']);
  const bookingDate = dayOf(
    text(ntry, 'BookgDt/Dt') ?? text(ntry, 'BookgDt/DtTm') ?? text(ntry, 'ValDt/Dt') ?? text(ntry, 'ValDt/DtTm'),
  );
  if (bookingDate === null) throw new CamtRefusal('bankStatementDateInvalid', [entryId]);
  const credit = text(ntry, 'CdtDbtInd') === 'CRDT';
  const status = text(ntry, 'Sts/Cd') ?? text(ntry, 'Sts');
  const reversal = text(ntry, 'RvslInd') === 'true';
  const booked = status === 'BOOK' && !reversal;
  const kindOf = (currency: string): StatementEntryKind =>
    !booked || currency !== 'EUR' ? 'other' : credit ? 'credit' : 'debit';
  const ntryRef = text(ntry, 'AcctSvcrRef');
  const txs = all(ntry, 'NtryDtls/TxDtls');
  const base = { bookingDate, credit, ntryRef };
  if (txs.length > 1) {
    const parts = txs.map((tx, i) => transactionAmount(tx, `${entryId}.${i + 1}`));
    const sum = parts.reduce((s, p) => s + (p?.cents ?? Number.NaN), 0);
    if (sum === amount.cents && parts.every((p) => p !== null && p.currency === amount.currency)) {
      return txs.map((tx, i) =>
        entry(`${entryId}.${i + 1}`, kindOf(amount.currency), parts[i]!.cents, amount.currency, base, [tx]),
      );
    }
  }
  return [entry(entryId, kindOf(amount.currency), amount.cents, amount.currency, base, txs)];
}

/** An entry from the transactions `txs` it stands for (several only when a batch's amounts do not add up). */
function entry(
  entryId: string,
  kind: StatementEntryKind,
  cents: number,
  currency: string,
  base: { bookingDate: string; credit: boolean; ntryRef: string | null },
  txs: readonly Node[],
): CamtEntry {
  const party = base.credit ? 'Dbtr' : 'Cdtr';
  const first = txs[0];
  const remittance = txs
    .flatMap((tx) => all(tx, 'RmtInf/Ustrd').map((u) => text(u) ?? ''))
    .filter((t) => t !== '')
    .join(' ');
  const endToEnd = text(first, 'Refs/EndToEndId');
  const iban = text(first, `RltdPties/${party}Acct/Id/IBAN`)?.replace(/\s+/g, '').toUpperCase() ?? null;
  return {
    entryId,
    kind,
    amount: cents,
    currency: currency.slice(0, 3),
    bookingDate: base.bookingDate,
    remittance: cut(remittance, REMITTANCE_MAX) ?? '',
    partyName: cut(text(first, `RltdPties/${party}/Pty/Nm`) ?? text(first, `RltdPties/${party}/Nm`), NAME_MAX),
    partyIban: iban !== null && iban.length <= IBAN_MAX ? iban : null,
    bankReference: cut(text(first, 'Refs/AcctSvcrRef') ?? base.ntryRef, REFERENCE_MAX),
    endToEndId: endToEnd === null || endToEnd === 'NOTPROVIDED' ? null : cut(endToEnd, REFERENCE_MAX),
  };
}
