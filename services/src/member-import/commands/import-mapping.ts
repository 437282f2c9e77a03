import { bodyShapeFault } from '../../platform/http/json-body.js';
import { fieldError, ValidationError } from '@coop/contracts';
import { IMPORT_KINDS, type ImportKind, type ImportMapping, type SheetMapping } from '../import-types.js';
import { guessedMapping, inspectFiles, type FileInspection } from './import-parts.js';

export { guessedMapping };

/*
 * The clerk's column mapping (issue 29): sent as JSON text beside the files, or, when not sent, the guess of the
 * inspection (the cooperative's saved mapping first where its headers match, then the catalogue's headers).
 */

const NUMBER_FORMATS = ['de', 'en'] as const;
const DATE_FORMATS = ['de', 'en', 'iso'] as const;

const refused = (): ValidationError => new ValidationError([fieldError('mapping', 'invalidChoice')]);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The mapping sent as JSON text, checked in shape (400 `invalidChoice` on `mapping` otherwise); null when not sent. */
export function parseMapping(text: string | undefined): ImportMapping | null {
  if (text === undefined || text.trim() === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refused();
  }
  if (!isRecord(raw) || bodyShapeFault(raw) !== null || !Array.isArray(raw.sheets)) throw refused();
  const sheets: SheetMapping[] = raw.sheets.map((s: unknown): SheetMapping => {
    if (
      !isRecord(s) ||
      typeof s.sheet !== 'string' ||
      !IMPORT_KINDS.includes(s.kind as ImportKind) ||
      !isRecord(s.columns)
    )
      throw refused();
    const columns: Record<string, string | null> = {};
    for (const [header, key] of Object.entries(s.columns)) {
      if (key !== null && typeof key !== 'string') throw refused();
      columns[header] = key;
    }
    return { sheet: s.sheet, kind: s.kind as ImportKind, columns };
  });
  const numbers =
    raw.numbers === undefined || raw.numbers === null ? undefined : NUMBER_FORMATS.find((n) => n === raw.numbers);
  const dates = raw.dates === undefined || raw.dates === null ? undefined : DATE_FORMATS.find((d) => d === raw.dates);
  if ((raw.numbers != null && numbers === undefined) || (raw.dates != null && dates === undefined)) throw refused();
  return { sheets, ...(numbers ? { numbers } : {}), ...(dates ? { dates } : {}) };
}

/** Data rows of the inspected files (what IMPORT_SYNC_ROWS is compared with). */
export const rowCount = (inspections: readonly FileInspection[]): number =>
  inspections.reduce((n, f) => n + f.sheets.reduce((m, s) => m + s.rows, 0), 0);

/** The mapping sent, or else the inspection's guess (the cooperative's saved mapping first). */
export async function mappingOrGuess(
  files: Parameters<typeof inspectFiles>[0],
  mapping: ImportMapping | null,
  saved: ImportMapping | null,
): Promise<ImportMapping> {
  return mapping ?? guessedMapping(await inspectFiles(files, saved));
}
