import type { ImportRow, ImportValue } from '../import-types.js';
import { importRow, personValues, replayContext } from './generated-register.js';
import { replayImport } from './replay-import.js';

/**
 * A partial termination to take effect after a death is withdrawn on the day the death is recorded, as this product's
 * register writes them: the withdrawal dated on the termination's effective date and approved that day, the death
 * earlier in the file (by date). The withdrawal is decided first on its day: before it, the pending termination would
 * take effect after the end (`postingAfterEnd`, the demo filled on 13 December 2026 and 2 January 2027).
 */
const sheet = (kind: ImportRow['kind'], rows: readonly Record<string, ImportValue>[]): ImportRow[] =>
  rows.map((values, i) => importRow(kind, i + 2, values));

const context = () => replayContext({ terms: { shareCost: 25_000, minimumShares: 1, noticePeriodMonths: 24 } });

describe('replayImport: a withdrawal is decided first on its day (decision 382)', () => {
  const postings: Record<string, ImportValue>[] = [
    { memberNr: 1, ref: 'S1', type: 0, quantity: 3, date: '2020-01-15', approvalDate: '2020-01-15' },
    {
      memberNr: 1,
      ref: 'T1',
      type: 2,
      quantity: 1,
      noticeDate: '2021-06-22',
      date: '2023-12-31',
      approvalDate: '2021-07-04',
    },
    { memberNr: 1, ref: 'D1', type: 6, noticeDate: '2022-03-02', date: '2022-12-31', approvalDate: '2022-03-15' },
    { memberNr: 1, ref: 'W1', type: 5, annulRef: 'T1', date: '2023-12-31', approvalDate: '2022-03-02' },
  ];

  it('ends the member by death with the termination withdrawn, to the holding the file gives', () => {
    const members = sheet('members', [personValues(1, '2020-01-15', { shareAmount: 0, capital: 0 })]);
    const outcome = replayImport([...members, ...sheet('postings', postings)], context());
    expect(outcome.problems).toEqual([]);
    expect(outcome.summary).toMatchObject({ shares: 0, capitalCents: 0, postingsByType: { 0: 1, 2: 1, 5: 1, 6: 1 } });
  });

  it('still refuses a death while a later termination stays pending', () => {
    const members = sheet('members', [personValues(1, '2020-01-15', { shareAmount: 0, capital: 0 })]);
    const outcome = replayImport([...members, ...sheet('postings', postings.slice(0, 3))], context());
    expect(outcome.problems.map((p) => [p.row, p.template])).toContainEqual([4, 'postingAfterEnd']);
  });
});
