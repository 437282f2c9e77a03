import { describe, expect, it } from '@jest/globals';
import { manySheetsWorkbook } from '../../../../test/api/support/hostile-files.js';
import { MAX_FILE_ROWS, MAX_ROWS, ReadLimitError } from './read-limits.js';
import { readXlsx } from './read-xlsx.js';
import { DamagedZipError } from './zip-parts.js';

/*
 * Decision 346 (a review's probe): a 7 KB workbook of twenty sheets, each a header and one cell in row 1,048,576, made
 * twenty million empty rows (a row keeps its number); eight such files in one dry run ran the API out of memory. And a
 * workbook of 9,000 sheets naming one part of a million rows (2.7 MB) was unzipped and parsed 9,000 times, held both
 * import places for the read's 300 s. A file's rows are counted as they are made, and a part is one sheet's.
 */

const kindOf = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => 'read',
    (e: unknown) => (e instanceof ReadLimitError ? [e.kind, e.limit] : e instanceof DamagedZipError ? 'damaged' : e),
  );

describe("import: a file's rows are counted as they are made (decision 346)", () => {
  it('reads one sheet reaching row 1,048,576, and refuses a second one once the file has made its rows', async () => {
    expect(await kindOf(readXlsx('a.xlsx', manySheetsWorkbook(1, MAX_ROWS)))).toBe('read');
    expect(await kindOf(readXlsx('b.xlsx', manySheetsWorkbook(2, MAX_ROWS)))).toEqual(['rows', MAX_FILE_ROWS]);
  });

  it('refuses twenty such sheets the same way, every time', async () => {
    const bytes = manySheetsWorkbook(20, MAX_ROWS);
    expect(bytes.length).toBeLessThan(10_000);
    const kinds = await Promise.all([1, 2, 3].map(() => kindOf(readXlsx('c.xlsx', bytes))));
    expect(kinds).toEqual([1, 2, 3].map(() => ['rows', MAX_FILE_ROWS]));
  });

  it('refuses a workbook whose sheets name one part, before it is read twice', async () => {
    expect(await kindOf(readXlsx('d.xlsx', manySheetsWorkbook(3, 2, true)))).toBe('damaged');
    const own = await readXlsx('e.xlsx', manySheetsWorkbook(2, 2));
    expect(own.map((s) => [s.sheet, s.rows])).toEqual([
      ['Blatt1', [[1]]],
      ['Blatt2', [[1]]],
    ]);
  });
});
