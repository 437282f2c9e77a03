import { describe, expect, it } from '@jest/globals';
import { ERASURE_CHUNK_BYTES, erasureChunks } from './domain/erasure-chunks.js';

/** The clean-up's parts (decision 318): at most so many members and so many bytes each, in order, none empty. */
describe('erasureChunks', () => {
  const member = (nr: number, rows = 0) => ({
    memberNr: nr,
    dividendRows: Array.from({ length: rows }, (_v, i) => `d-${i}:m-${nr}`),
  });

  it('cuts by count, keeping the order', () => {
    const parts = [
      ...erasureChunks(
        [1, 2, 3, 4, 5].map((nr) => member(nr)),
        2,
      ),
    ];
    expect(parts.map((p) => p.map((m) => m.memberNr))).toEqual([[1, 2], [3, 4], [5]]);
    expect([...erasureChunks([], 2)]).toEqual([]);
  });

  it('cuts by bytes: no part over the bound, but a member larger than it stands alone', () => {
    const big = member(1, 20_000); // about 300 KB of dividend rows
    expect(JSON.stringify(big).length).toBeGreaterThan(ERASURE_CHUNK_BYTES);
    const many = Array.from({ length: 3_000 }, (_v, i) => member(i + 2, 3));
    const parts = [...erasureChunks([big, ...many], 2_000)];
    expect(parts[0]).toEqual([big]);
    for (const part of parts.slice(1)) {
      expect(part.length).toBeLessThanOrEqual(2_000);
      expect(part.reduce((s, m) => s + JSON.stringify(m).length, 0)).toBeLessThanOrEqual(ERASURE_CHUNK_BYTES);
    }
    expect(parts.flat().map((m) => m.memberNr)).toEqual([1, ...many.map((m) => m.memberNr)]);
    // The big member alone, then 3,000 small ones in parts of at most 2,000.
    expect(parts.length).toBeGreaterThan(2);
  });

  it('refuses a part of no member', () => {
    expect(() => [...erasureChunks([member(1)], 0)]).toThrow(RangeError);
  });
});
