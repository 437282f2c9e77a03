import { describe, expect, it } from '@jest/globals';
import { without } from './projector.js';

describe('without', () => {
  it('gives the rest of a destructuring, in its order', () => {
    const { b: _b, d: _d, ...rest } = { a: 1, b: 2, c: 3, d: 4 };
    expect(JSON.stringify(without({ a: 1, b: 2, c: 3, d: 4 }, 'b', 'd'))).toBe(JSON.stringify(rest));
  });
});
