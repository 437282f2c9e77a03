import { describe, expect, it } from '@jest/globals';
import { returnRecordable, skippedByReason } from './model.js';

describe('when a returned debit can be recorded', () => {
  it('not while its collection date lies ahead: the API refuses a return before it and one after today', () => {
    expect(returnRecordable('2026-12-01', '2026-11-29')).toBe(false);
  });

  it('from its collection date on, dated today', () => {
    expect(returnRecordable('2026-11-27', '2026-11-29')).toBe(true);
    expect(returnRecordable('2026-11-29', '2026-11-29')).toBe(true);
  });
});

describe('the dues a collection leaves out, by reason', () => {
  it('groups them in the order the reasons first come: how many dues, each member once by number', () => {
    expect(
      skippedByReason([
        { reason: 'notYetDue', memberNr: 37 },
        { reason: 'noMandate', memberNr: 45 },
        { reason: 'unknownDue', memberNr: null },
        { reason: 'notYetDue', memberNr: 19 },
        { reason: 'unknownDue', memberNr: null },
        { reason: 'notYetDue', memberNr: 110 },
        // Two subscriptions of one member, both not yet due: two dues, one member.
        { reason: 'notYetDue', memberNr: 19 },
      ]),
    ).toEqual([
      { reason: 'notYetDue', dues: 4, members: [19, 37, 110] },
      { reason: 'noMandate', dues: 1, members: [45] },
      { reason: 'unknownDue', dues: 2, members: [] },
    ]);
    expect(skippedByReason([])).toEqual([]);
  });
});
