import { businessTimestamp } from '@coop/contracts';
import { csvField as guardedField, csvRaw } from '../../kernel/csv-text.js';
import type { AddressData, FsakRecord, PersonData } from './fsak-records.js';

/*
 * The report as CSV files for the import into the BZSt online portal (BOP, "Mitteilung über tatsächlich freigestellte
 * Kapitalerträge"), the layout documented in docs/fsak.md: UTF-8, fields separated by `;`, lines ended by CR LF, a field
 * holding `;`, `"` or a line break enclosed in `"` (a `"` doubled). Each file starts with one header line (record type
 * 1: the reporting party, the report's type and year, the file's number) followed by at most 1,000 record lines (record
 * type 2), the BOP's limit per upload; more records make more files. Text fields (names, addresses, the cooperative's)
 * pass the product's guard against formula injection (kernel/csv-text.ts, decision 134): a text starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return gets a leading `'`; the numbers the report writes itself never do.
 */

/** The most records one file (one BOP upload) may hold. */
export const MAX_RECORDS_PER_FILE = 1000;

/** initial (Erstmeldung), correction (Korrektur: replaces what was reported for the year), cancellation (Storno). */
export type ReportType = 'initial' | 'correction' | 'cancellation';
const REPORT_TYPE_CODES: Readonly<Record<ReportType, string>> = { initial: '1', correction: '2', cancellation: '3' };

/** The reporting party and the report (the header line). */
export interface ReportHeader {
  /** The cooperative's full name. */
  readonly name: string;
  /** Street and house number. */
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  /** The approval number of process fs (FSAK Zulassungsnummer). */
  readonly elmaFs: string;
  /** The cooperative's tax number (it has no W-IdNr in the product). */
  readonly taxNumber: string;
  readonly reportType: ReportType;
  /** The year the exempted income flowed (the payment year). */
  readonly year: number;
  /** When the report was made, UTC ISO 8601 (written `TT.MM.JJJJ hh:mm:ss`). */
  readonly createdAt: string;
}

export interface ReportFile {
  readonly name: string;
  readonly content: string;
  readonly records: number;
}

/** A field as CSV: text guarded against formula injection, a number as written; enclosed in quotes when it holds the separator, a quote or a line break. */
export function csvField(value: string | number | null): string {
  return guardedField(typeof value === 'number' ? csvRaw(value) : value);
}

const line = (fields: readonly (string | number | null)[]): string => `${fields.map(csvField).join(';')}\r\n`;

/** `YYYY-MM-DD` as `TT.MM.JJJJ`; an unknown date as `00.00.0000` (BZSt's form of an unknown birth date). */
export function germanDate(date: string | null): string {
  const m = date === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '00.00.0000';
}

/**
 * A UTC ISO timestamp as `TT.MM.JJJJ hh:mm:ss` on the German clock (Europe/Berlin): a report made at 00:30 on New
 * Year's Day stated 31.12. 23:30 of the year before in UTC.
 */
export function germanTimestamp(iso: string): string {
  return businessTimestamp(iso);
}

function headerLine(header: ReportHeader, file: number, files: number, records: number): string {
  return line([
    '1',
    header.name,
    header.address,
    header.zip,
    header.city,
    header.elmaFs,
    header.taxNumber,
    REPORT_TYPE_CODES[header.reportType],
    header.year,
    file,
    files,
    records,
    germanTimestamp(header.createdAt),
  ]);
}

const person = (p: PersonData | null): (string | null)[] =>
  p === null ? [null, null, null, null] : [p.name, p.givenName, germanDate(p.birthDate), p.taxId];

const address = (a: AddressData): (string | null)[] => [
  a.street,
  a.houseNumber,
  a.zipCode,
  a.city,
  a.foreign ? a.country : 'DE',
];

function recordLine(record: FsakRecord, nr: number, year: number, cancelled: boolean): string {
  const [name, givenName, birthDate, taxId] = person(record.person);
  return line([
    '2',
    nr,
    year,
    record.euros,
    record.kind === 'fsa' ? 'FSA' : 'NV',
    cancelled ? '1' : '0',
    name ?? null,
    givenName ?? null,
    birthDate ?? null,
    ...address(record.address),
    taxId ?? null,
    ...person(record.spouse),
  ]);
}

/** The report's files: `fsak-<year>-<n>.csv`, each a header and at most `maxRecords` records, numbered through. */
export function reportFiles(
  header: ReportHeader,
  records: readonly FsakRecord[],
  maxRecords: number = MAX_RECORDS_PER_FILE,
): ReportFile[] {
  const files = Math.max(1, Math.ceil(records.length / maxRecords));
  const kind = header.reportType === 'initial' ? '' : `-${header.reportType}`;
  return Array.from({ length: files }, (_, i) => {
    const slice = records.slice(i * maxRecords, (i + 1) * maxRecords);
    const body = slice
      .map((r, j) => recordLine(r, i * maxRecords + j + 1, header.year, header.reportType === 'cancellation'))
      .join('');
    return {
      name: `fsak-${header.year}${kind}-${i + 1}.csv`,
      content: headerLine(header, i + 1, files, slice.length) + body,
      records: slice.length,
    };
  });
}
