import { describe, expect, it } from '@jest/globals';
import type { ReadDocument, WriteOp } from '@coop/contracts';
import { countDeltas, idsByCollection, partsOf } from './mongo-batches.js';

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
  const existing = new Map([['m', new Map([['a', 'c1'], ['b', 'c1']])]]);

  it('counts new documents, moves and removals, not replacements or deletes of missing ones', () => {
    const deltas = countDeltas(
      [put('m', 'a', 'c1'), put('m', 'new', 'c1'), put('m', 'b', 'c2'), del('m', 'missing'), put('n', 'x', 'c1')],
      existing,
    );
    // c1: one new, one moved away (cancel out, left out).
    expect(Object.fromEntries(deltas)).toEqual({ 'm/c2': 1, 'n/c1': 1 });
  });

  it('follows the operations in order: put then delete of a new document counts nothing', () => {
    expect(countDeltas([put('m', 'z', 'c1'), put('m', 'z', 'c1'), del('m', 'z'), del('m', 'z')], existing).size).toBe(0);
    expect(Object.fromEntries(countDeltas([del('m', 'a'), put('m', 'a', 'c3')], existing))).toEqual({ 'm/c1': -1, 'm/c3': 1 });
  });

  it('leaves out changes that cancel out (a document moved away and back)', () => {
    expect(countDeltas([put('m', 'a', 'c2'), put('m', 'a', 'c1')], existing).size).toBe(0);
  });
});
