import { describe, expect, it } from '@jest/globals';
import { FoldCache } from './fold-cache.js';

const deciderA = {};
const deciderB = {};

describe('FoldCache', () => {
  it('gives back a fold only to the decider that made it', () => {
    const cache = new FoldCache(10);
    cache.set('s-1', deciderA, 4, { n: 4 });
    expect(cache.get('s-1', deciderA)).toEqual({ revision: 4, state: { n: 4 } });
    expect(cache.get('s-1', deciderB)).toBeUndefined();
    expect(cache.get('s-2', deciderA)).toBeUndefined();
  });

  it('drops the least recently used fold when full', () => {
    const cache = new FoldCache(2);
    cache.set('s-1', deciderA, 0, 'one');
    cache.set('s-2', deciderA, 0, 'two');
    cache.get('s-1', deciderA);
    cache.set('s-3', deciderA, 0, 'three');
    expect(cache.size).toBe(2);
    expect(cache.get('s-2', deciderA)).toBeUndefined();
    expect(cache.get('s-1', deciderA)?.state).toBe('one');
    expect(cache.get('s-3', deciderA)?.state).toBe('three');
  });

  it('replaces a stream fold and forgets a deleted one', () => {
    const cache = new FoldCache(2);
    cache.set('s-1', deciderA, 0, 'old');
    cache.set('s-1', deciderA, 1, 'new');
    expect(cache.size).toBe(1);
    expect(cache.get('s-1', deciderA)).toEqual({ revision: 1, state: 'new' });
    cache.delete('s-1');
    expect(cache.get('s-1', deciderA)).toBeUndefined();
  });
});
