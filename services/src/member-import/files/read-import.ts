import type { DetectedFormat, ImportMapping, ImportProblem, ImportRow } from '../import-types.js';
import { detectFormat, refuseForeignDelimiter, type SheetColumns } from './detect-format.js';
import { readFile, UnreadableFileError, type FileRead, type UploadedFile } from './read-file.js';
import { isEmptyRow } from './sheet-headers.js';
import { isAllowedValuesSheet } from './template-examples.js';
import { typeSheetInto } from './type-cells.js';

/*
 * An upload and the clerk's mapping → typed rows and the problems of their cells (import, issue 29). Each file's
 * formats are detected over its mapped columns, unless the mapping overrides numbers or dates. A sheet holding rows
 * that the mapping gives no kind is `importUnknownKind` (a problem of the sheet, no row); a sheet with nothing in it
 * is passed over. A sheet with a header and no data rows is `importSheetWithoutRows` when it cannot be empty on purpose
 * (issue 39, decision 129): a CSV file (uploaded for its rows) or a workbook's members sheet (an import without members
 * adds nothing; every other row names an imported member); a workbook's sheet of postings, orders or certificates may
 * be empty (a register without any). Rows come in the files' order, each file's sheets in the workbook's order.
 */

/** Files read at the same time: the two cores (each read has its own thread and memory budget). */
export const READS_AT_ONCE = 2;

/**
 * The files' reads side by side (issue 39, decision 203): each reads in a thread of its own, two at a time, so the two
 * cores parse the members file and the postings file together, and the first file's rows are typed while the next is
 * still parsed. A read's place is given back when its file is taken (`taken`), not when it ends, so at most two files'
 * rows are held at once however fast the reads run ahead of the typing (decision 346). The reads are taken in the
 * files' order, so rows, problems and the refusal reported (the first file's in the upload's order that is refused)
 * are the same as read one after the other; a later read's refusal is held (not an unhandled rejection) until its
 * turn, and once a file is refused the reads still running are ended and those not begun are not begun.
 */
function readSideBySide(
  files: readonly UploadedFile[],
  signal: AbortSignal,
  read: ReadOne,
): { reads: Promise<FileRead>[]; taken: () => void } {
  let held = 0;
  const waiting: (() => void)[] = [];
  const taken = (): void => {
    held -= 1;
    waiting.shift()?.();
  };
  // an abandoned upload lets every read still waiting see it and end
  signal.addEventListener('abort', () => waiting.splice(0).forEach((go) => go()), { once: true });
  const reads = files.map(async (upload) => {
    if (held >= READS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    held += 1;
    if (signal.aborted) throw new UnreadableFileError(upload.name, 'csv', 'the read was abandoned');
    return read(upload, signal);
  });
  for (const r of reads) r.catch(() => undefined);
  return { reads, taken };
}

export interface ImportRead {
  readonly formats: Record<string, DetectedFormat>;
  readonly rows: ImportRow[];
  readonly problems: ImportProblem[];
}

/** How one file is read (read-file.ts; a test gives its own). */
export type ReadOne = (file: UploadedFile, signal: AbortSignal) => Promise<FileRead>;

export async function readImport(
  files: readonly UploadedFile[],
  mapping: ImportMapping,
  read: ReadOne = readFile,
): Promise<ImportRead> {
  const formats: Record<string, DetectedFormat> = {};
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const abandon = new AbortController();
  const { reads, taken } = readSideBySide(files, abandon.signal, read);
  try {
    for (const reading of reads) {
      await takeFile(await reading, mapping, { formats, rows, problems });
      taken();
    }
  } finally {
    // a file refused: the reads still running are not wanted
    abandon.abort();
  }
  return { formats, rows, problems };
}

/** One file read → its formats, typed rows and problems (appended to `out`). */
async function takeFile(read: FileRead, mapping: ImportMapping, out: ImportRead): Promise<void> {
  const { formats, rows, problems } = out;
  refuseForeignDelimiter(read.file, read.base, read.sheets);
  const mapped: SheetColumns[] = [];
  for (const sheet of read.sheets) {
    const sheetMapping = mapping.sheets.find((m) => m.sheet === sheet.sheet);
    if (sheetMapping) {
      mapped.push({ sheet, kind: sheetMapping.kind, columns: sheetMapping.columns });
      const mustHoldRows = read.base.fileType === 'csv' || sheetMapping.kind === 'members';
      if (mustHoldRows && sheet.headers.length > 0 && sheet.rows.every(isEmptyRow)) {
        problems.push({
          file: read.file,
          sheet: sheet.sheet,
          row: null,
          column: null,
          field: null,
          value: null,
          template: 'importSheetWithoutRows',
          parameters: { 0: sheet.sheet },
        });
      }
    } else if (!isAllowedValuesSheet(sheet.sheet) && sheet.rows.some((r) => !isEmptyRow(r))) {
      problems.push({
        file: read.file,
        sheet: sheet.sheet,
        row: null,
        column: null,
        field: null,
        value: null,
        template: 'importUnknownKind',
        parameters: { 0: sheet.sheet },
      });
    }
  }
  const detected = detectFormat(read.base, mapped);
  const format: DetectedFormat = {
    ...detected,
    numbers: mapping.numbers ?? detected.numbers,
    dates: mapping.dates ?? detected.dates,
  };
  formats[read.file] = format;
  for (const m of mapped)
    await typeSheetInto(m.sheet, { sheet: m.sheet.sheet, kind: m.kind, columns: m.columns }, format, {
      rows,
      problems,
    });
}
