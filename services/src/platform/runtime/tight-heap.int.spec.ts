import { spawnSync } from 'node:child_process';
import { tightHeapWorks, withTightHeap } from './tight-heap.js';

/*
 * withTightHeap (decision 280). Its effect is measured in processes of their own (the compiled module, services/dist,
 * made by `npx tsc -b services`): the same work, keeping 0.5 MB more live at every step and dropping 2 MB of old
 * garbage at every other, peaks with a clearly smaller heap inside withTightHeap than without it.
 */

const TIGHT = new URL('../../../dist/platform/runtime/tight-heap.js', import.meta.url).href;

/** The largest heap V8 held during the work, in MiB, in a process of its own; `tight`: inside withTightHeap. */
function peakHeapMiB(tight: boolean): number {
  const script = `
    import { getHeapStatistics } from 'node:v8';
    import { withTightHeap } from ${JSON.stringify(TIGHT)};
    const work = async () => {
      const live = [];
      let peak = 0;
      for (let i = 0; i < 400; i++) {
        live.push(Array.from({ length: 32768 }, (_, j) => ({ j })).slice(0, 8192));
        let garbage = [];
        for (let k = 0; k < 4; k++) garbage.push(Array.from({ length: 32768 }, (_, j) => ({ j })));
        if (i % 2) garbage = null;
        peak = Math.max(peak, getHeapStatistics().total_heap_size);
      }
      return peak;
    };
    const peak = ${tight ? 'await withTightHeap(work)' : 'await work()'};
    process.stdout.write(String(Math.round(peak / 2 ** 20)));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout);
}

describe('withTightHeap', () => {
  it('keeps the heap smaller while its work runs', () => {
    const loose = peakHeapMiB(false);
    const tight = peakHeapMiB(true);
    expect(tight).toBeGreaterThan(100);
    expect(tight).toBeLessThan(loose * 0.8);
  }, 60_000);

  it('counts overlapping works and puts V8 back when the last one ends, also when one fails', async () => {
    let release!: () => void;
    const first = withTightHeap(() => new Promise<void>((resolve) => (release = resolve)));
    expect(tightHeapWorks()).toBe(1);
    await expect(withTightHeap(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(tightHeapWorks()).toBe(1);
    release();
    await first;
    expect(tightHeapWorks()).toBe(0);
  });
});
