import type { DetectedFormat, ImportKind, ImportMapping } from '../import-types.js';
import { detectFormat, refuseForeignDelimiter, type SheetColumns } from './detect-format.js';
import { guessColumns, guessKind } from './guess-mapping.js';
import { readFile, type UploadedFile } from './read-file.js';
import { isEmptyRow } from './sheet-headers.js';
import { cellText } from './type-cells.js';

/*
 * The first look at an upload (import, issue 29): per file its detected format, per sheet the guessed kind (by the
 * sheet's or file's name, else by its headers), the guessed mapping (the cooperative's saved mapping first where it
 * knows the sheet's headers), the number of data rows and the first three as text.
 */

export interface SheetInspection {
  sheet: string;
  kind: ImportKind | null;
  headers: string[];
  rows: number;
  mapping: Record<string, string | null>;
  /** The first 3 data rows as text. */
  preview: string[][];
}

export interface FileInspection {
  file: string;
  format: DetectedFormat;
  sheets: SheetInspection[];
}

const PREVIEW_ROWS = 3;

export async function inspectFiles(
  files: readonly UploadedFile[],
  saved: ImportMapping | null,
): Promise<FileInspection[]> {
  const inspections: FileInspection[] = [];
  for (const upload of files) {
    const read = await readFile(upload);
    refuseForeignDelimiter(read.file, read.base, read.sheets);
    const sheets: SheetInspection[] = [];
    const mapped: SheetColumns[] = [];
    for (const sheet of read.sheets) {
      const headers = [...sheet.headers];
      const kind = guessKind(sheet.sheet, headers, saved);
      const mapping = kind
        ? guessColumns(kind, sheet.sheet, headers, saved)
        : Object.fromEntries(headers.map((h) => [h, null]));
      if (kind) mapped.push({ sheet, kind, columns: mapping });
      const data = sheet.rows.filter((r) => !isEmptyRow(r));
      const preview = data.slice(0, PREVIEW_ROWS).map((r) => headers.map((_, i) => cellText(r[i])));
      sheets.push({ sheet: sheet.sheet, kind, headers, rows: data.length, mapping, preview });
    }
    inspections.push({ file: read.file, format: detectFormat(read.base, mapped), sheets });
  }
  return inspections;
}

/**
 * The guessed mapping of inspected files as an ImportMapping (what the CLI imports with, and the console starts from):
 * every sheet with a kind; sheets without one are left out (and are `importUnknownKind` when read).
 */
export function guessedMapping(inspections: readonly FileInspection[]): ImportMapping {
  return {
    sheets: inspections.flatMap((f) =>
      f.sheets.flatMap((s) => (s.kind === null ? [] : [{ sheet: s.sheet, kind: s.kind, columns: s.mapping }])),
    ),
  };
}
