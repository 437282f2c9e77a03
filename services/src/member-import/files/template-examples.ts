import type { ImportField, ImportKind, ImportValue } from '../import-types.js';
import { IMPORT_FIELDS } from '../replay/import-fields.js';

/*
 * What the templates show beside their headers (issue 39): one example row per kind, choices in the console's German
 * words, and the allowed values of every choice column (a sheet of the workbook). The example is a member admitted with
 * two shares, an initial exemption order and a certificate: it reads back without problems and is replaced by the
 * cooperative's own rows.
 */

/** The example row of each kind: field key → value as the import reads it (dates `YYYY-MM-DD`, money in cents, choices as codes). */
export const TEMPLATE_EXAMPLES: Readonly<Record<ImportKind, Readonly<Record<string, ImportValue>>>> = {
  members: {
    memberNr: 1,
    memberType: 1,
    position: 0,
    salutation: 'Frau',
    postalSalutation: 'female',
    name: 'Musterfrau',
    givenName: 'Erika',
    birthDate: '1970-05-17',
    legalForm: 0,
    civilStatus: 0,
    street: 'Hauptstraße',
    streetHomeNumber: '1',
    zipCode: '80331',
    city: 'München',
    state: 'by',
    isForeign: false,
    bankname: 'Musterbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    entryDate: '2024-01-15',
    approvalDate: '2024-01-20',
    shareAmount: 2,
  },
  postings: { memberNr: 1, ref: 'B1', type: 0, quantity: 2, date: '2024-01-15', approvalDate: '2024-01-20' },
  exemptionOrders: { memberNr: 1, type: 0, joint: false, amount: 100_000, date: '2024-02-01', startDate: '2024-01-01' },
  nonAssessments: {
    memberNr: 1,
    type: 100,
    orderNumber: '123/456/78901',
    date: '2024-02-01',
    taxAuthorities: 'Finanzamt München',
    startDate: '2024-01-01',
    endDate: '2026-12-31',
    original: true,
  },
};

const germanDate = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const germanMoney = (cents: number): string => {
  const euros = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest}`;
};

/** A choice's code in the console's German word (the code itself when it has none). */
export function germanWord(field: ImportField, code: ImportValue): string {
  const allowed = field.choice?.allowed.find((a) => a.code === code);
  return allowed ? allowed.de : String(code ?? '');
}

/** An example value as a CSV cell in German formats. */
export function exampleText(field: ImportField, value: ImportValue | undefined): string {
  if (value === undefined || value === null) return '';
  switch (field.kind) {
    case 'date':
      return germanDate(String(value));
    case 'money':
      return germanMoney(Number(value));
    case 'boolean':
      return value === true ? 'ja' : 'nein';
    case 'choice':
      return germanWord(field, value);
    default:
      return String(value);
  }
}

/** An example value as a workbook cell: dates as dates, numbers and euros as numbers, the rest as text. */
export function exampleCell(field: ImportField, value: ImportValue | undefined): string | number | Date | null {
  if (value === undefined || value === null) return null;
  if (field.kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (field.kind === 'money') return Number(value) / 100;
  if (field.kind === 'integer') return Number(value);
  return exampleText(field, value);
}

/** The example row of a kind, a cell per field in the catalogue's order. */
export const exampleRow = <T>(kind: ImportKind, cell: (field: ImportField, value: ImportValue | undefined) => T): T[] =>
  IMPORT_FIELDS[kind].map((f) => cell(f, TEMPLATE_EXAMPLES[kind][f.key]));

/** The workbook's sheet of allowed values, by its German name (never read as a kind: `isAllowedValuesSheet`). */
export const ALLOWED_VALUES_SHEET = 'Erlaubte Werte';
/** Sheets that list allowed values and hold no records of the import (German and English name). */
export const isAllowedValuesSheet = (sheet: string): boolean =>
  ['erlaubte werte', 'allowed values'].includes(sheet.trim().toLowerCase());
