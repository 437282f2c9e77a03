import { describe, expect, it } from '@jest/globals';
import type { ReadDocument, WriteOp } from '@coop/contracts';
import {
  batchAspects,
  changedAspects,
  countDeltas,
  idsByCollection,
  partsOf,
  type CountedState,
} from './mongo-batches.js';

const put = (collection: string, id: string, cooperativeId: string): WriteOp => ({
  kind: 'put',
  collection,
  doc: { id, cooperativeId, position: '1' } as ReadDocument,
});
const del = (collection: string, id: string): WriteOp => ({ kind: 'delete', collection, id });

describe('partsOf: a batch in bounded parts', () => {
  it('cuts in order into parts of at most the size, the last one shorter', () => {
    const ops = Array.from({ length: 12 }, (_, i) => put('m', `d${i}`, 'c'));
    const parts = partsOf(ops, 5);
    expect(parts.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(parts.flat()).toEqual(ops);
  });

  it('keeps a batch that fits, and an empty one (a checkpoint alone), in one part', () => {
    const ops = [put('m', 'a', 'c'), del('m', 'b')];
    expect(partsOf(ops, 2)).toEqual([ops]);
    expect(partsOf([], 5)).toEqual([[]]);
  });

  it('refuses a size below one', () => {
    expect(() => partsOf([], 0)).toThrow(/at least one/);
  });
});

describe('idsByCollection', () => {
  it('names each document once per collection', () => {
    const ids = idsByCollection([put('m', 'a', 'c'), put('n', 'a', 'c'), del('m', 'a'), put('m', 'b', 'c')]);
    expect(Object.fromEntries(ids)).toEqual({ m: ['a', 'b'], n: ['a'] });
  });
});

describe('countDeltas: kept document counts per cooperative', () => {
  const existing = new Map([
    [
      'm',
      new Map([
        ['a', 'c1'],
        ['b', 'c1'],
      ]),
    ],
  ]);

  it('counts new documents, moves and removals, not replacements or deletes of missing ones', () => {
    const deltas = countDeltas(
      [put('m', 'a', 'c1'), put('m', 'new', 'c1'), put('m', 'b', 'c2'), del('m', 'missing'), put('n', 'x', 'c1')],
      existing,
    );
    // c1: one new, one moved away (cancel out, left out).
    expect(Object.fromEntries(deltas)).toEqual({ 'm/c2': 1, 'n/c1': 1 });
  });

  it('follows the operations in order: put then delete of a new document counts nothing', () => {
    expect(countDeltas([put('m', 'z', 'c1'), put('m', 'z', 'c1'), del('m', 'z'), del('m', 'z')], existing).size).toBe(
      0,
    );
    expect(Object.fromEntries(countDeltas([del('m', 'a'), put('m', 'a', 'c3')], existing))).toEqual({
      'm/c1': -1,
      'm/c3': 1,
    });
  });

  it('leaves out changes that cancel out (a document moved away and back)', () => {
    expect(countDeltas([put('m', 'a', 'c2'), put('m', 'a', 'c1')], existing).size).toBe(0);
  });
});

describe('changedAspects / batchAspects: what kept filtered counts depend on', () => {
  const state = (
    cooperativeId: string,
    search: string,
    keys: Record<string, unknown>,
    arrays: Record<string, unknown> = {},
  ): CountedState => ({
    cooperativeId,
    search,
    keys,
    arrays,
  });
  const anna = state('c1', 'anna', { status: 'active', shares: 3 }, { tags: ['board'] });

  it('names rows for a document added, removed or moved, nothing for one that stays absent', () => {
    expect(changedAspects(null, anna)).toEqual(['rows']);
    expect(changedAspects(anna, null)).toEqual(['rows']);
    expect(changedAspects(anna, { ...anna, cooperativeId: 'c2' })).toEqual(['rows']);
    expect(changedAspects(null, null)).toEqual([]);
  });

  it('names the search text and each field whose key or values changed, nothing for an equal document', () => {
    expect(changedAspects(anna, state('c1', 'anna', { status: 'active', shares: 3 }, { tags: ['board'] }))).toEqual([]);
    expect(
      changedAspects(anna, state('c1', 'anna b', { status: 'left', shares: 3 }, { tags: ['board', 'founder'] })),
    ).toEqual(['search', 'status', 'tags']);
    // A key that appears or goes away counts as changed.
    expect(
      changedAspects(anna, state('c1', 'anna', { status: 'active', shares: 3, city: 'bonn' }, { tags: ['board'] })),
    ).toEqual(['city']);
  });

  it('follows a batch in order, per collection', () => {
    const before = new Map([['m', new Map([['a', anna]])]]);
    const stateOf = (op: Extract<WriteOp, { kind: 'put' }>): CountedState =>
      state(op.doc.cooperativeId, String(op.doc.name ?? ''), { status: op.doc.status }, { tags: op.doc.tags });
    const doc = (id: string, fields: Record<string, unknown>): WriteOp => ({
      kind: 'put',
      collection: 'm',
      doc: { id, cooperativeId: 'c1', position: '1', ...fields } as ReadDocument,
    });
    const aspects = batchAspects(
      [
        doc('a', { name: 'anna', status: 'left', tags: ['board'] }),
        doc('b', { name: 'bert' }),
        { kind: 'delete', collection: 'm', id: 'b' },
        { kind: 'delete', collection: 'n', id: 'missing' },
      ],
      before,
      stateOf,
    );
    expect(Object.fromEntries([...aspects].map(([c, set]) => [c, [...set].sort()]))).toEqual({
      m: ['rows', 'shares', 'status'],
    }); // anna's shares key is gone
  });
});
