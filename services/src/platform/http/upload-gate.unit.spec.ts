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
    const gate = new UploadGate({ atOnce: 2, waiting: 4, perOwner: 1, busy });
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
    const gate = new UploadGate({ atOnce: 1, waiting: 4, perOwner: 1, busy });
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
