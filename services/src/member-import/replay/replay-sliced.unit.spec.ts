import { generatedRegister, replayContext } from './generated-register.js';
import { replayImport, replayImportSliced } from './replay-import.js';

/**
 * The import's replay runs in a task on the API's thread: in slices, so that the thread's other work (every other
 * request of every cooperative) runs between them (a replay of 100,000 members held the thread for 12-18 s). Shown by
 * order, not by time: with slices of 0 ms the replay gives the event loop back every 64 steps, and what was scheduled
 * meanwhile runs before it ends; the outcome is the one replayed at once, every time, also two at a time.
 */
describe('the import replay in slices', () => {
  const rows = generatedRegister(300);

  it('lets the event loop run between its slices', async () => {
    let turns = 0;
    let replaying = true;
    const tick = (): void => {
      if (!replaying) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await replayImportSliced(rows, replayContext(), 0);
    replaying = false;
    expect(turns).toBeGreaterThan(10);
  });

  it('decides what the replay at once decides, every time and two at a time', async () => {
    const once = replayImport(rows, replayContext());
    expect(once.decisions.length).toBeGreaterThan(3_000);
    const [a, b] = await Promise.all([
      replayImportSliced(rows, replayContext(), 0),
      replayImportSliced(rows, replayContext(), 0),
    ]);
    expect(a).toEqual(once);
    expect(b).toEqual(once);
    expect(await replayImportSliced(rows, replayContext())).toEqual(once);
  });
});
