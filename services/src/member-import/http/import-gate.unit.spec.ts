import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { ImportGate, IMPORTS_AT_ONCE, IMPORTS_WAITING } from './import-gate.js';

/** A piece of work that runs until `finish()`: whether it started, and its end. */
function held(): { work: () => Promise<string>; started: () => boolean; finish: (v: string) => void } {
  let begun = false;
  let finish: (v: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    work: () => {
      begun = true;
      return done;
    },
    started: () => begun,
    finish: (v) => finish(v),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('ImportGate (a review, stop 63: ten large uploads at once ended the process)', () => {
  it(`runs ${IMPORTS_AT_ONCE} at once, lets ${IMPORTS_WAITING} wait in order, refuses the next with 503 importBusy`, async () => {
    const gate = new ImportGate();
    const works = Array.from({ length: IMPORTS_AT_ONCE + IMPORTS_WAITING }, () => held());
    const answers = works.map((w) => gate.run(w.work));
    await tick();
    expect(works.map((w) => w.started())).toEqual(works.map((_, i) => i < IMPORTS_AT_ONCE));
    let drained = false;
    const refused = await gate
      .run(
        async () => 'never',
        async () => {
          drained = true;
        },
      )
      .catch((error: unknown) => error);
    // The refused upload's body was read to its end first (an answer before it would reset the client's upload).
    expect(drained).toBe(true);
    expect(gate.queued).toBe(IMPORTS_WAITING);
    expect(refused).toBeInstanceOf(HttpException);
    expect((refused as HttpException).getStatus()).toBe(503);
    expect((refused as HttpException).getResponse()).toMatchObject({ errors: [{ template: 'importBusy' }] });

    // One ends: the first waiting begins, no other.
    works[0]!.finish('a');
    await tick();
    expect(works.map((w) => w.started())).toEqual(works.map((_, i) => i <= IMPORTS_AT_ONCE));
    for (const [i, w] of works.entries()) w.finish(String(i));
    expect(await Promise.all(answers)).toEqual(['a', ...works.slice(1).map((_, i) => String(i + 1))]);
  });

  it('frees its place when the work fails, and takes new work once all ended', async () => {
    const gate = new ImportGate();
    await expect(gate.run(() => Promise.reject(new Error('refused file')))).rejects.toThrow('refused file');
    const all = await Promise.all(
      Array.from({ length: IMPORTS_AT_ONCE + IMPORTS_WAITING }, (_, i) => gate.run(async () => i)),
    );
    expect(all).toHaveLength(IMPORTS_AT_ONCE + IMPORTS_WAITING);
    expect(await gate.run(async () => 'again')).toBe('again');
  });

  it('lets an upload whose client went away leave the queue: it never runs, and the next waiting takes its turn', async () => {
    const gate = new ImportGate();
    const running = Array.from({ length: IMPORTS_AT_ONCE }, () => held());
    const runs = running.map((w) => gate.run(w.work));
    const gone = new AbortController();
    const abandoned = held();
    const left = gate.run(abandoned.work, undefined, gone.signal).catch((error: unknown) => error);
    const next = held();
    const after = gate.run(next.work);
    await tick();
    expect(gate.queued).toBe(2);

    gone.abort();
    expect(await left).toBeInstanceOf(Error);
    expect(gate.queued).toBe(1);
    // Its place among the waiting is free again: as many may wait as before.
    const more = Array.from({ length: IMPORTS_WAITING - 1 }, () => held());
    const mores = more.map((w) => gate.run(w.work));
    await tick();
    expect(gate.queued).toBe(IMPORTS_WAITING);

    running[0]!.finish('a');
    await tick();
    expect(abandoned.started()).toBe(false);
    expect(next.started()).toBe(true);
    for (const w of [...running, next, ...more]) w.finish('done');
    await Promise.all([...runs, after, ...mores]);
    expect(abandoned.started()).toBe(false);
    // A signal already aborted never waits.
    const late = new AbortController();
    late.abort();
    const busy = Array.from({ length: IMPORTS_AT_ONCE }, () => held());
    const busyRuns = busy.map((w) => gate.run(w.work));
    await expect(gate.run(async () => 'never', undefined, late.signal)).rejects.toThrow('abandoned');
    for (const w of busy) w.finish('done');
    await Promise.all(busyRuns);
  });
});
