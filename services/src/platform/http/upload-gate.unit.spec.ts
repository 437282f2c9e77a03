import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { UploadGate } from './upload-gate.js';

/** A piece of work that runs until `finish()`. */
function held(): { work: () => Promise<string>; started: () => boolean; finish: () => void } {
  let begun = false;
  let finish: () => void = () => undefined;
  const done = new Promise<string>((resolve) => (finish = () => resolve('done')));
  return {
    work: () => {
      begun = true;
      return done;
    },
    started: () => begun,
    finish: () => finish(),
  };
}
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const busy = { message: 'busy', template: 'importBusy' as const };

/**
 * One cooperative's uploads never take every place (decision 332; a review's probe: six uploads of one cooperative
 * sending a byte every 10 s kept every other cooperative's imports refused).
 */
describe('UploadGate with a limit per owner', () => {
  it("refuses an owner's upload beyond its places while another owner's runs, and frees them at the end", async () => {
    const gate = new UploadGate({ atOnce: 2, waiting: 4, perOwner: { running: 1, held: 1 }, busy });
    const slow = held();
    const first = gate.run(slow.work, undefined, undefined, 'coop-a');
    let drained = false;
    const again = await gate
      .run(
        async () => 'never',
        async () => {
          drained = true;
        },
        undefined,
        'coop-a',
      )
      .catch((error: unknown) => error);
    expect(drained).toBe(true);
    expect((again as HttpException).getStatus()).toBe(503);
    expect(await gate.run(async () => 'b', undefined, undefined, 'coop-b')).toBe('b');
    slow.finish();
    expect(await first).toBe('done');
    expect(await gate.run(async () => 'a again', undefined, undefined, 'coop-a')).toBe('a again');
  });

  it("counts an owner's waiting upload among its places, and gives it back when its client leaves", async () => {
    const gate = new UploadGate({ atOnce: 1, waiting: 4, perOwner: { running: 1, held: 1 }, busy });
    const running = held();
    const runs = gate.run(running.work, undefined, undefined, 'coop-a');
    const gone = new AbortController();
    const waits = gate.run(async () => 'b', undefined, gone.signal, 'coop-b').catch((error: unknown) => error);
    await tick();
    expect(gate.queued).toBe(1);
    const refused = await gate.run(async () => 'never', undefined, undefined, 'coop-b').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpException);
    gone.abort();
    expect(await waits).toBeInstanceOf(Error);
    const later = gate.run(async () => 'b later', undefined, undefined, 'coop-b');
    running.finish();
    await runs;
    expect(await later).toBe('b later');
  });

  it("lets an owner's further uploads wait while another owner's takes the free place, then serves them in order", async () => {
    const gate = new UploadGate({ atOnce: 2, waiting: 6, perOwner: { running: 1, held: 6 }, busy });
    const a1 = held();
    const a2 = held();
    const a3 = held();
    const runs = [a1, a2, a3].map((w) => gate.run(w.work, undefined, undefined, 'coop-a'));
    await tick();
    // One place worked on for coop-a, the other free for anyone else; coop-a's others wait.
    expect([a1.started(), a2.started(), a3.started(), gate.queued]).toEqual([true, false, false, 2]);
    const b = held();
    const bRun = gate.run(b.work, undefined, undefined, 'coop-b');
    await tick();
    expect(b.started()).toBe(true);
    a1.finish();
    await tick();
    expect([a2.started(), a3.started()]).toEqual([true, false]);
    a2.finish();
    b.finish();
    await tick();
    expect(a3.started()).toBe(true);
    a3.finish();
    expect(await Promise.all([...runs, bRun])).toEqual(['done', 'done', 'done', 'done']);
    expect(gate.queued).toBe(0);
  });

  it('without an owner, or without a limit per owner, takes places as before', async () => {
    const gate = new UploadGate({ atOnce: 1, waiting: 1, busy });
    const one = held();
    const a = gate.run(one.work, undefined, undefined, 'coop-a');
    const b = gate.run(async () => 'second', undefined, undefined, 'coop-a');
    await tick();
    expect([one.started(), gate.queued]).toEqual([true, 1]);
    one.finish();
    expect(await Promise.all([a, b])).toEqual(['done', 'second']);
  });
});
