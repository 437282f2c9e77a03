import type { MemberDto } from '@coop/contracts';
import { ERASED_MEMBER_NAME, ERASED_MEMBER_TYPE } from '../kernel/german-format.js';

/*
 * The member list's columns (issue 26; GenG § 30, DOMAIN.md 9.1: surname, first names, address, number of shares, exit
 * and the effective dates), shared by the CSV, XLSX and ODS writers. The header texts are German in every file: the
 * cooperative's working language and what the auditing association reads; the console shows its own translated labels.
 * Church data, bank data and tax ids are never part of the list. A member's text comes as the members' one reader
 * reads it (readMember, decision 247: trimmed, blank or absent null), so an empty cell is a null here.
 */

/** How a writer types a cell: text, a whole number, a business date `YYYY-MM-DD`, or cents shown as euros. */
export type CellKind = 'text' | 'integer' | 'date' | 'money';

/** A cell's value: text or a date string, a whole number (cents for money), or empty. */
export type CellValue = string | number | null;

export interface MemberColumn {
  readonly key: string;
  readonly header: string;
  readonly kind: CellKind;
  /** Width in characters (XLSX, ODS). */
  readonly width: number;
  readonly value: (m: MemberDto) => CellValue;
}

const EXIT_REASONS: Readonly<Record<string, string>> = {
  death: 'Tod',
  exclusion: 'Ausschluss',
  exit: 'Kündigung',
  dissolution: 'Auflösung',
};
const TITLES: Readonly<Record<string, string>> = { Dr: 'Dr.', Prof: 'Prof.' };

/** A domestic member's country is Germany (the register keeps a country only for members abroad, `isForeign`). */
export const countryOf = (m: MemberDto): string | null => (m.isForeign ? m.country : 'DE');

export const MEMBER_COLUMNS: readonly MemberColumn[] = [
  { key: 'memberNr', header: 'Mitgliedsnummer', kind: 'integer', width: 16, value: (m) => m.memberNr },
  { key: 'salutation', header: 'Anrede', kind: 'text', width: 8, value: (m) => m.salutation },
  { key: 'title', header: 'Titel', kind: 'text', width: 7, value: (m) => (m.title ? (TITLES[m.title] ?? null) : null) },
  {
    key: 'name',
    header: 'Name / Firma',
    kind: 'text',
    width: 28,
    value: (m) => (m.memberType === ERASED_MEMBER_TYPE ? ERASED_MEMBER_NAME : m.name),
  },
  { key: 'givenName', header: 'Vorname', kind: 'text', width: 20, value: (m) => m.givenName },
  { key: 'street', header: 'Straße', kind: 'text', width: 26, value: (m) => m.street },
  { key: 'streetHomeNumber', header: 'Hausnummer', kind: 'text', width: 11, value: (m) => m.streetHomeNumber },
  { key: 'zipCode', header: 'PLZ', kind: 'text', width: 8, value: (m) => m.zipCode },
  { key: 'city', header: 'Ort', kind: 'text', width: 20, value: (m) => m.city },
  { key: 'country', header: 'Land', kind: 'text', width: 6, value: countryOf },
  { key: 'birthDate', header: 'Geburtsdatum', kind: 'date', width: 13, value: (m) => m.birthDate },
  { key: 'entryDate', header: 'Eintrittsdatum', kind: 'date', width: 14, value: (m) => m.entryDate },
  { key: 'approvalDate', header: 'Zulassungsdatum', kind: 'date', width: 16, value: (m) => m.approvalDate },
  { key: 'exitDate', header: 'Austrittsdatum', kind: 'date', width: 15, value: (m) => m.exitDate },
  {
    key: 'exitReason',
    header: 'Austrittsgrund',
    kind: 'text',
    width: 14,
    value: (m) => (m.exitReason ? (EXIT_REASONS[m.exitReason] ?? m.exitReason) : null),
  },
  { key: 'shareAmount', header: 'Anzahl Anteile', kind: 'integer', width: 15, value: (m) => m.shareAmount },
  { key: 'capital', header: 'Nennbetrag der Anteile (EUR)', kind: 'money', width: 22, value: (m) => m.shareTotalEUR },
];

/** The cooperative's name as a file-name part: lower case, umlauts spelled out, other signs as single dashes. */
export function slug(name: string): string {
  const spelled = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const out = spelled.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return out === '' ? 'genossenschaft' : out.slice(0, 60).replace(/-+$/, '');
}

export type ExportFormat = 'csv' | 'xlsx' | 'ods';
export type CsvDialect = 'excel' | 'rfc4180';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'ods'];
export const CSV_DIALECTS: readonly CsvDialect[] = ['excel', 'rfc4180'];

export const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** `mitglieder-<coop slug>-<date>.<ext>`. */
export const exportFileName = (cooperativeName: string, date: string, format: ExportFormat): string =>
  `mitglieder-${slug(cooperativeName)}-${date}.${format}`;

/** Lets other work run between batches, so no request holds the event loop for long. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
