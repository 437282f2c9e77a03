import type { ImportRow, ImportValue } from '../import-types.js';
import { importRow, personValues, replayContext } from './generated-register.js';
import { replayImport } from './replay-import.js';

/** Rows of one sheet numbered from 2 (the header is row 1). */
const sheet = (kind: ImportRow['kind'], rows: readonly Record<string, ImportValue>[]): ImportRow[] =>
  rows.map((values, i) => importRow(kind, i + 2, values));

// Decision 385: a certificate of years before the console's choices (2024 to 2029 on 26 Nov 2026) was refused
// (yearOutOfRange): a register keeps the certificates of the years it paid under.
describe("the import of a register's certificate of earlier years", () => {
  const members = sheet('members', [personValues(1, '2015-03-01')]);
  const postings = sheet('postings', [
    { memberNr: 1, ref: 'S1', type: 0, quantity: 2, date: '2015-03-01', approvalDate: '2015-03-01' },
  ]);
  const certificate = (startDate: string, endDate: string) =>
    sheet('nonAssessments', [
      {
        memberNr: 1,
        type: 100,
        orderNumber: 'NV-1',
        date: '2018-11-01',
        taxAuthorities: 'Finanzamt München',
        startDate,
        endDate,
        original: true,
      },
    ]);

  it('reads it', () => {
    const read = replayImport([...members, ...postings, ...certificate('2019-01-01', '2021-12-31')], replayContext());
    expect(read.problems).toEqual([]);
    expect(read.summary.nonAssessments).toBe(1);
  });

  it('refuses one after the choices, as the console does', () => {
    const read = replayImport([...members, ...postings, ...certificate('2029-01-01', '2030-12-31')], replayContext());
    expect(read.problems.map((p) => p.template)).toContain('yearOutOfRange');
  });
});
