import { describe, expect, it } from '@jest/globals';
import { revised, without } from './projector.js';

describe('revised', () => {
  const doc = { id: 'm1', cooperativeId: 'c1', position: '7', name: 'Müller', shareAmount: 2, postings: [{ b: 'p1' }] };

  it('gives what a spread gives, in the same key order, without touching the document', () => {
    const changes = { shareAmount: 3, position: '8', memberUntil: '9999-12-31' };
    const copy = revised(doc, changes);
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...doc, ...changes }));
    expect(doc.shareAmount).toBe(2);
    expect(copy).not.toBe(doc);
    expect(copy.postings).toBe(doc.postings);
  });

  it('copies own fields only', () => {
    const inherited = Object.assign(Object.create({ hidden: 1 }) as object, doc) as typeof doc;
    expect(Object.keys(revised(inherited, Object.create({ alsoHidden: 2 }) as Record<string, unknown>))).toEqual(
      Object.keys(doc),
    );
  });
});

describe('without', () => {
  it('gives the rest of a destructuring, in its order', () => {
    const { b: _b, d: _d, ...rest } = { a: 1, b: 2, c: 3, d: 4 };
    expect(JSON.stringify(without({ a: 1, b: 2, c: 3, d: 4 }, 'b', 'd'))).toBe(JSON.stringify(rest));
  });
});
