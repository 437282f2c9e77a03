import { describe, expect, it } from '@jest/globals';
import type { CollectionSpec, RecordedEvent } from '@coop/contracts';
import type { DocKey, Projector } from '../runner/projector.js';
import { touchedBy } from '../runner/batch-fold.js';
import { groupOf, separable } from './parallel-replay.port.js';

const spec = (name: string): CollectionSpec => ({ name, fields: {}, search: [] });

/** A projector writing `writes` and reading `reads` of others; each event names a document of every one of them. */
function projector(
  writes: readonly string[],
  reads: readonly string[] = [],
  undeclared: readonly string[] = [],
): Projector {
  return {
    collections: writes.map(spec),
    ...(reads.length > 0 ? { reads } : {}),
    keys: (): DocKey[] => [...writes, ...reads, ...undeclared].map((collection) => ({ collection, id: 'd1' })),
    project: () => [],
  };
}

const members = projector(['members', 'balances']);
const taxPapers = projector(['exemptionorders'], ['members']);
const tasks = projector(['tasks']);
const dues = projector(['share_dues']);
const all = [members, taxPapers, tasks, dues];

describe('the groups of a replay on two cores (decision 284)', () => {
  it('keeps with a projector those reading its collections, and what it reads', () => {
    expect(groupOf(members, all)).toEqual([members, taxPapers]);
    expect(groupOf(taxPapers, all)).toEqual([members, taxPapers]);
    expect(groupOf(tasks, all)).toEqual([tasks]);
  });

  it('follows reads through the group, however far', () => {
    const lists = projector(['lists'], ['exemptionorders']);
    expect(groupOf(members, [...all, lists])).toEqual([members, taxPapers, lists]);
  });

  it('lets two groups replay apart only when neither reads what the other writes', () => {
    expect(separable([tasks, dues], [members, taxPapers])).toBe(true);
    expect(separable([taxPapers, tasks], [members, dues])).toBe(false);
    expect(separable([members], [taxPapers, tasks])).toBe(false);
    expect(separable([], all)).toBe(false);
    expect(separable(all, [])).toBe(false);
  });

  it('stops a group replay at a document of a collection outside the group', () => {
    const event = { type: 'X', position: 7n } as unknown as RecordedEvent;
    const sneaky = projector(['tasks'], [], ['members']);
    expect(() => touchedBy([sneaky], [event], new Set(['tasks']))).toThrow(
      'A projector of tasks reads members at position 7, which its group of a parallel replay does not write',
    );
    expect(touchedBy([sneaky], [event])).toEqual([
      [
        [
          { collection: 'tasks', id: 'd1' },
          { collection: 'members', id: 'd1' },
        ],
      ],
    ]);
    expect(touchedBy([taxPapers], [event], new Set(['exemptionorders', 'members']))).toHaveLength(1);
  });
});
