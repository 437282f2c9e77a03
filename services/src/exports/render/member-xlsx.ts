import { PassThrough } from 'node:stream';
import { exceljs } from '../../platform/xlsx/exceljs.js';
import type { MemberDto } from '@coop/contracts';
import { MEMBER_COLUMNS, yieldToLoop, type CellKind, type CellValue } from '../member-columns.js';

/*
 * The member list as XLSX with exceljs's streaming `WorkbookWriter`: each row is committed as it is written, so the
 * sheet is never held whole. Typed cells: dates as dates (`dd.mm.yyyy`), the capital as a number in euros with a euro
 * format, member numbers and shares as whole numbers; a frozen header row, column widths and an autofilter.
 */

const FORMATS: Readonly<Record<CellKind, string | undefined>> = {
  text: '@',
  integer: '0',
  date: 'dd.mm.yyyy',
  money: '#,##0.00 [$€-407];-#,##0.00 [$€-407]',
};

/** Rows written between two turns of the event loop (about 20 ms of work). */
const SLICE = 250;

/** A business date as the Date at its UTC midnight (exceljs writes a Date as its serial day in UTC). */
const utcDate = (date: string): Date => new Date(`${date}T00:00:00Z`);

function cell(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'date') return utcDate(String(value));
  if (kind === 'money') return Number(value) / 100;
  return value;
}

/** The whole workbook from batches of members; yields to the event loop after every batch. */
export async function memberXlsx(
  batches: AsyncIterable<readonly MemberDto[]>,
  progress?: (done: number) => void,
): Promise<Buffer> {
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
  const sheet = workbook.addWorksheet('Mitglieder', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = MEMBER_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style: { numFmt: FORMATS[c.kind] },
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: MEMBER_COLUMNS.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let done = 0;
  for await (const batch of batches) {
    for (let i = 0; i < batch.length; i += SLICE) {
      for (const m of batch.slice(i, i + SLICE))
        sheet.addRow(MEMBER_COLUMNS.map((c) => cell(c.kind, c.value(m)))).commit();
      done += Math.min(SLICE, batch.length - i);
      progress?.(done);
      await yieldToLoop();
    }
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
