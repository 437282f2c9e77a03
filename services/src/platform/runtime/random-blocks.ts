import { randomBytes } from 'node:crypto';

/**
 * Random values of `size` bytes drawn from the generator `perDraw` at a time (an import's chunk seals 100,000
 * admissions and makes thousands of keys: one call to the generator each cost more than the sealing). Each value is
 * handed out once; it is a view into the block drawn, so a caller that keeps it copies it.
 */
export function randomBlocks(size: number, perDraw: number): () => Buffer {
  let block = Buffer.alloc(0);
  let used = perDraw;
  return () => {
    if (used === perDraw) {
      block = randomBytes(size * perDraw);
      used = 0;
    }
    const from = size * used++;
    return block.subarray(from, from + size);
  };
}
