import { describe, expect, it } from '@jest/globals';
import { StreamLocks } from './stream-locks.js';

/** A promise with its resolve, to hold a lock until the test lets go. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Lets every pending promise callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('StreamLocks', () => {
  it('lets shared holders of a stream run together', async () => {
    const locks = new StreamLocks();
    const g = gate();
    const log: string[] = [];
    const a = locks.around(['register'], [], async () => {
      log.push('a');
      await g.promise;
    });
    const b = locks.around(['register'], [], async () => {
      log.push('b');
      await g.promise;
    });
    await settle();
    expect(log).toEqual(['a', 'b']);
    g.open();
    await Promise.all([a, b]);
    expect(locks.size).toBe(0);
  });

  it('makes an append to a checked stream wait for the check in flight, and a check after it wait for the append', async () => {
    const locks = new StreamLocks();
    const posting = gate();
    const closure = gate();
    const log: string[] = [];
    const first = locks.around(['register'], ['member-1'], async () => {
      log.push('posting 1 checks');
      await posting.promise;
      log.push('posting 1 appended');
    });
    const close = locks.around([], ['register'], async () => {
      log.push('closure appends');
      await closure.promise;
      log.push('closure appended');
    });
    const second = locks.around(['register'], ['member-2'], async () => {
      log.push('posting 2 checks');
    });
    await settle();
    expect(log).toEqual(['posting 1 checks']);
    posting.open();
    await first;
    await settle();
    expect(log).toEqual(['posting 1 checks', 'posting 1 appended', 'closure appends']);
    closure.open();
    await Promise.all([close, second]);
    expect(log).toEqual([
      'posting 1 checks',
      'posting 1 appended',
      'closure appends',
      'closure appended',
      'posting 2 checks',
    ]);
    expect(locks.size).toBe(0);
  });

  it('never lets two writes wait for each other (streams are taken in one order), and frees a stream when the work fails', async () => {
    const locks = new StreamLocks();
    const results = await Promise.allSettled([
      locks.around([], ['b', 'a'], async () => 'ab'),
      locks.around([], ['a', 'b'], async () => 'ba'),
      locks.around(['a'], ['b'], async () => {
        throw new Error('refused');
      }),
      locks.around(['b'], ['a'], async () => 'mixed'),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'ab',
      'ba',
      'refused',
      'mixed',
    ]);
    expect(locks.size).toBe(0);
  });

  it('holds a stream named both shared and exclusive exclusively', async () => {
    const locks = new StreamLocks();
    const g = gate();
    const log: string[] = [];
    const a = locks.around(['s'], ['s'], async () => {
      log.push('a');
      await g.promise;
    });
    const b = locks.around(['s'], [], async () => {
      log.push('b');
    });
    await settle();
    expect(log).toEqual(['a']);
    g.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a', 'b']);
  });
});
