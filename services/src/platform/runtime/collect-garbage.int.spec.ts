import { spawnSync } from 'node:child_process';
import { collectGarbage } from './collect-garbage.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/*
 * collectGarbage (decision 277). The product's processes start without `--expose-gc`; in a Jest worker another test
 * file may have called collectGarbage already, and the contexts made after it have `gc` (the flag is the process's),
 * so the path without it is shown in a process of its own (the compiled module, services/dist, `npx tsc -b services`).
 */

const MODULE = new URL('../../../dist/platform/runtime/collect-garbage.js', import.meta.url).href;

describe('collectGarbage', () => {
  it('collects what nothing references any more', async () => {
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

  it('does so in a process started without --expose-gc', () => {
    const script = `
      import { collectGarbage } from ${JSON.stringify(MODULE)};
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const exposed = typeof globalThis.gc;
      let held = Array.from({ length: 1000 }, () => new Array(1000).fill(1));
      const ref = new WeakRef(held);
      held = null;
      await turn();
      collectGarbage();
      await turn();
      process.stdout.write(JSON.stringify({ exposed, collected: ref.deref() === undefined }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    expect(JSON.parse(run.stdout)).toEqual({ exposed: 'undefined', collected: true });
  });

  it('can be called again', () => {
    expect(() => {
      collectGarbage();
      collectGarbage();
    }).not.toThrow();
  });
});
