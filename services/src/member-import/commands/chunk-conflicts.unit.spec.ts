import { describe, expect, it } from '@jest/globals';
import type { DomainEvent } from '@coop/contracts';
import { chunkConflict, NumberWatch, onSequenceNow } from './chunk-conflicts.js';
import type { Decision } from './import-parts.js';

/* A clerk's writes while an import is being written (decision 301): what the write makes of them. */

const COOP = 'c-1';
const SEQ = `membernr-seq-${COOP}`;
const claimed = (memberNr: number): DomainEvent => ({
  type: 'MemberNumberClaimed',
  data: { cooperativeId: COOP, memberNr, memberId: `m${memberNr}` },
});

describe('a chunk meeting a clerk’s write (decision 301)', () => {
  it('watches the highest number the plan moves the sequence to', () => {
    const watch = new NumberWatch(COOP);
    expect(watch.reserved).toBeNull();
    for (const nr of [3, 9, 4]) watch.see({ streamId: SEQ, expected: 0, events: [claimed(nr)] });
    watch.see({ streamId: 'member-x', expected: -1, events: [{ type: 'MemberAdmitted', data: { memberNr: 99 } }] });
    expect(watch.reserved).toEqual({ highest: 9, memberId: 'm9' });
  });

  it('decides the sequence again as it stands: nothing where it passed the number, else at its revision', () => {
    const planned: Decision[] = [
      { streamId: 'member-a', expected: -1, events: [{ type: 'MemberAdmitted', data: {} }] },
      { streamId: SEQ, expected: 0, events: [claimed(5)] },
      { streamId: SEQ, expected: 1, events: [claimed(12)] },
    ];
    const at = { state: { highest: 10 }, revision: 7 };
    expect(onSequenceNow(planned, COOP, at)).toEqual([
      planned[0],
      { streamId: SEQ, expected: 7, events: [claimed(12)] },
    ]);
    expect(at).toEqual({ state: { highest: 12 }, revision: 8 });
  });

  it('tells a number given and a member changed from the sequence moving', () => {
    const c = (streamId: string) => ({ streamId, expected: 0, actual: 1 });
    expect(chunkConflict([c(SEQ)], COOP)).toEqual({ kind: 'sequence' });
    expect(chunkConflict([c(SEQ), c(`membernr-${COOP}-42`)], COOP)).toEqual({ kind: 'numberGiven', memberNr: 42 });
    expect(chunkConflict([c('member-abc')], COOP)).toEqual({ kind: 'memberChanged', memberId: 'abc' });
    expect(chunkConflict([c('settlement-abc')], COOP)).toEqual({ kind: 'memberChanged', memberId: 'abc' });
    expect(chunkConflict([c('dividends-c-1')], COOP)).toEqual({ kind: 'other' });
  });
});
