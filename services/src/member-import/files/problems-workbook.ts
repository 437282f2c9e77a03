import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { xmlText } from '../../kernel/xml-text.js';
import { exceljs } from '../../platform/xlsx/exceljs.js';
import type { ImportMapping, ImportProblem, RawCell } from '../import-types.js';
import { readFile, type UploadedFile } from './read-file.js';
import { isEmptyRow } from './sheet-headers.js';

/*
 * The problems of an import as a workbook (issue 29): every sheet of every file with its rows as read, and in front of
 * them a column with the texts of that row's problems (one per line) and the row's number in its file; the cells a
 * problem names are shaded red, columns the mapping does not import have grey headers; empty rows are left out. Problems of no row (a sheet
 * without a kind, a required field no column maps to) and of rows not in the files are listed on a sheet of their own.
 * Written by exceljs's streaming writer, a row at a time.
 */

export type ProblemsLanguage = 'de' | 'en';

const LABELS: Readonly<
  Record<
    ProblemsLanguage,
    Readonly<Record<'problem' | 'row' | 'others' | 'file' | 'sheet' | 'column' | 'value', string>>
  >
> = {
  de: {
    problem: 'Problem',
    row: 'Zeile',
    others: 'Probleme ohne Zeile',
    file: 'Datei',
    sheet: 'Blatt',
    column: 'Spalte',
    value: 'Wert',
  },
  en: {
    problem: 'Problems',
    row: 'Row',
    others: 'Problems of no row',
    file: 'File',
    sheet: 'Sheet',
    column: 'Column',
    value: 'Value',
  },
};

const RED: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const GREY: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF808080' } };
/** Rows written between two turns of the event loop. */
const SLICE = 500;

const key = (file: string | null, sheet: string | null, row: number | null): string =>
  `${file ?? ''}\u0000${sheet ?? ''}\u0000${row ?? ''}`;

/**
 * A worksheet name Excel accepts (31 characters, none of `[]:*?/\`, no apostrophe first or last, not the reserved
 * `History`), unique in the workbook.
 */
function sheetName(wanted: string, used: Set<string>): string {
  const base =
    xmlText(wanted)
      .replace(/[[\]:*?/\\]/g, '_')
      .slice(0, 31)
      .replace(/^'+|'+$/g, '') || 'Sheet';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)}~${n}`;
  used.add(name.toLowerCase());
  return name;
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function cellValue(cell: RawCell | undefined): string | number | boolean | Date | null {
  return cell === undefined ? null : typeof cell === 'string' ? xmlText(cell) : cell;
}
const textOrNull = (value: string | null): string | null => (value === null ? null : xmlText(value));

export async function problemsWorkbook(
  files: readonly UploadedFile[],
  mapping: ImportMapping,
  problems: readonly ImportProblem[],
  text: (p: ImportProblem) => string,
  lang: ProblemsLanguage = 'de',
): Promise<Buffer> {
  const labels = LABELS[lang];
  const byRow = new Map<string, ImportProblem[]>();
  for (const p of problems) {
    if (p.row === null) continue;
    const k = key(p.file, p.sheet, p.row);
    const list = byRow.get(k);
    if (list) list.push(p);
    else byRow.set(k, [p]);
  }
  const placed = new Set<string>();

  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Coop Ledger';
  // `History` is reserved by Excel: taken from the start, so a sheet of that name is written `History~2`.
  const used = new Set<string>(['history']);

  for (const upload of files) {
    const read = await readFile(upload);
    for (const raw of read.sheets) {
      const sheetMapping = mapping.sheets.find((m) => m.sheet === raw.sheet);
      const ws = workbook.addWorksheet(sheetName(raw.sheet, used), {
        views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }],
      });
      ws.columns = [
        { width: 50 },
        { width: 8 },
        ...raw.headers.map((h) => ({ width: Math.max(10, Math.min(40, h.length + 2)) })),
      ];
      const header = ws.addRow([labels.problem, labels.row, ...raw.headers.map(xmlText)]);
      header.font = { bold: true };
      raw.headers.forEach((h, i) => {
        if (sheetMapping && !sheetMapping.columns[h]) header.getCell(i + 3).font = GREY;
      });
      header.commit();
      const columnIndex = new Map(raw.headers.map((h, i) => [h, i + 3]));
      for (let i = 0; i < raw.rows.length; i++) {
        const cells = raw.rows[i] ?? [];
        const rowNumber = raw.firstRow + i;
        const k = key(read.file, raw.sheet, rowNumber);
        const own = byRow.get(k) ?? [];
        if (own.length > 0) placed.add(k);
        else if (isEmptyRow(cells)) {
          // An empty row is left out (its neighbours keep their numbers): a 1.6 KB workbook whose second row is numbered
          // 1,048,576 wrote a million empty rows, 27 s on the API's thread (a review, stop 63).
          if (i % SLICE === SLICE - 1) await yieldToLoop();
          continue;
        }
        const row = ws.addRow([
          xmlText(own.map(text).join('\n')) || null,
          rowNumber,
          ...raw.headers.map((_, c) => cellValue(cells[c])),
        ]);
        cells.forEach((c, ci) => {
          if (c instanceof Date) row.getCell(ci + 3).numFmt = 'dd.mm.yyyy';
        });
        if (own.length > 0) {
          row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
          row.getCell(1).font = { color: { argb: 'FF9C0006' } };
          for (const p of own) {
            const at = p.column === null ? undefined : columnIndex.get(p.column);
            if (at !== undefined) row.getCell(at).fill = RED;
          }
        }
        row.commit();
        if (i % SLICE === SLICE - 1) await yieldToLoop();
      }
      ws.commit();
    }
  }

  const others = problems.filter((p) => p.row === null || !placed.has(key(p.file, p.sheet, p.row)));
  const ws = workbook.addWorksheet(sheetName(labels.others, used), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  ws.columns = [{ width: 50 }, { width: 24 }, { width: 20 }, { width: 8 }, { width: 20 }, { width: 20 }];
  const header = ws.addRow([labels.problem, labels.file, labels.sheet, labels.row, labels.column, labels.value]);
  header.font = { bold: true };
  header.commit();
  for (const p of others)
    ws.addRow([
      xmlText(text(p)),
      textOrNull(p.file),
      textOrNull(p.sheet),
      p.row,
      textOrNull(p.column),
      textOrNull(p.value),
    ]).commit();
  ws.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
