import { describe, expect, it } from '@jest/globals';
import { chunksOf, ImportIds } from './import-chunks.js';

describe('the chunks of an import (issue 40)', () => {
  it('cuts consecutive decisions once a chunk holds the chunk size, never splitting a decision', () => {
    expect(chunksOf([2, 2, 2, 2, 2], 4)).toEqual([
      { from: 0, to: 2, events: 4 },
      { from: 2, to: 4, events: 4 },
      { from: 4, to: 5, events: 2 },
    ]);
    expect(chunksOf([1, 9, 1], 4)).toEqual([
      { from: 0, to: 2, events: 10 },
      { from: 2, to: 3, events: 1 },
    ]);
    expect(chunksOf([], 4)).toEqual([]);
  });

  it('refuses a chunk size that is no whole number of at least one', () => {
    expect(() => chunksOf([1], 0)).toThrow(RangeError);
    expect(() => chunksOf([1], 1.5)).toThrow(RangeError);
  });

  it('is the same for the same sizes and chunk size (a resume cuts as the run it finishes)', () => {
    const sizes = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 7) % 5));
    expect(chunksOf(sizes, 37)).toEqual(chunksOf(sizes, 37));
  });
});

describe('the ids of an import (issue 40)', () => {
  const importId = '019ac5e2-3b4f-7a12-9c3d-5e6f7a8b9c0d';
  const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('draws the same UUIDs v7 in the same order from the same import id', () => {
    const a = new ImportIds(importId);
    const b = new ImportIds(importId);
    const drawn = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(drawn);
    for (const id of drawn) expect(id).toMatch(uuidV7);
    expect(new Set(drawn).size).toBe(3);
    expect(a.drawn).toBe(3);
  });

  it('tells its own first ids from others', () => {
    const ids = new ImportIds(importId);
    const first = ids.next();
    const second = ids.next();
    expect(ids.drawnBy(first, 2)).toBe(true);
    expect(ids.drawnBy(second, 1)).toBe(false);
    expect(ids.drawnBy(new ImportIds('019ac5e2-3b4f-7a12-9c3d-6e6f7a8b9c0d').next(), 2)).toBe(false);
    expect(ids.drawnBy(new ImportIds('019ac5e2-3b50-7a12-9c3d-5e6f7a8b9c0d').next(), 2)).toBe(false);
    expect(ids.drawnBy('member-1', 2)).toBe(false);
  });

  it('refuses an import id that is no UUID', () => {
    expect(() => new ImportIds('imp-1')).toThrow(RangeError);
  });
});
