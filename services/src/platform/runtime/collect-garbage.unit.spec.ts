import { collectGarbage } from './collect-garbage.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('collectGarbage', () => {
  it('collects what nothing references any more, in a process started without --expose-gc', async () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let held: number[][] | null = Array.from({ length: 1000 }, () => new Array<number>(1000).fill(1));
    const ref = new WeakRef(held);
    held = null;
    // A WeakRef's target stays alive until the job that made or read it ends.
    await nextTurn();
    collectGarbage();
    await nextTurn();
    expect(ref.deref()).toBeUndefined();
    expect(held).toBeNull();
  });

  it('can be called again', () => {
    expect(() => {
      collectGarbage();
      collectGarbage();
    }).not.toThrow();
  });
});
