import { randomBlocks } from './random-blocks.js';

describe('randomBlocks', () => {
  it('hands out values of the size asked for, never one twice, across several draws', () => {
    const next = randomBlocks(12, 4);
    const values = Array.from({ length: 10 }, () => Buffer.from(next()));
    expect(values.every((v) => v.length === 12)).toBe(true);
    expect(new Set(values.map((v) => v.toString('hex'))).size).toBe(10);
  });

  it('draws a new block only when the last is used up (views of one block until then)', () => {
    const next = randomBlocks(8, 3);
    const [a, b, c, d] = [next(), next(), next(), next()];
    expect(a.buffer).toBe(b.buffer);
    expect(b.buffer).toBe(c.buffer);
    expect(d.buffer).not.toBe(c.buffer);
  });
});
