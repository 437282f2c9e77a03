/**
 * The render gate (decision 337): files made at once in the process, with places per cooperative; beyond the waiting
 * places a request is refused 503 `renderBusy`, while a background task waits for its turn. A review's probe: 200
 * member-list PDFs of one cooperative at once held every cooperative's API for 16-18 s.
 */
import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { UploadGate } from '../http/upload-gate.js';
import {
  inRenderTurn,
  RENDER_GATE,
  RENDERS_AT_ONCE,
  RENDERS_PER_COOPERATIVE,
  RENDERS_WAITING,
  type RenderTurn,
} from './render-gate.js';

/** A file being made until `finish()` (or `fail()`); `started` tells whether its making began. */
function making(): { make: () => Promise<string>; started: () => boolean; finish: () => void; fail: () => void } {
  let begun = false;
  let finish: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve('file');
    fail = () => reject(new Error('the renderer failed'));
  });
  return {
    make: () => {
      begun = true;
      return done;
    },
    started: () => begun,
    finish: () => finish(),
    fail: () => fail(),
  };
}
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const gate = (): UploadGate =>
  new UploadGate({
    atOnce: RENDERS_AT_ONCE,
    waiting: RENDERS_WAITING,
    perOwner: RENDERS_PER_COOPERATIVE,
    busy: { message: 'busy', template: 'renderBusy' },
  });
const coop = (cooperativeId: string, background = false): RenderTurn => ({ cooperativeId, background });

/** The refusal's status and template, or 'made' when not refused. */
async function outcome(file: Promise<string>): Promise<string> {
  try {
    return await file;
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    const body = error.getResponse() as { errors: { template: string }[] };
    return `${error.getStatus()} ${body.errors[0]!.template}`;
  }
}

describe('the render gate', () => {
  it('makes 2 files at once (one per cooperative), lets 3 more of a cooperative wait, and refuses its fifth 503 renderBusy', async () => {
    expect([RENDERS_AT_ONCE, RENDERS_WAITING, RENDERS_PER_COOPERATIVE]).toEqual([2, 8, { running: 1, held: 4 }]);
    const g = gate();
    const a = Array.from({ length: 4 }, () => making());
    const files = a.map((m) => inRenderTurn(coop('a'), m.make, g));
    await tick();
    // One of cooperative a's files is made; its other three wait though a place is free.
    expect(a.map((m) => m.started())).toEqual([true, false, false, false]);
    expect(g.queued).toBe(3);
    expect(await outcome(inRenderTurn(coop('a'), async () => 'never', g))).toBe('503 renderBusy');

    // Another cooperative takes the free place at once.
    const b = making();
    const bFile = inRenderTurn(coop('b'), b.make, g);
    await tick();
    expect(b.started()).toBe(true);
    // Both places taken: a third cooperative waits.
    const c = making();
    const cFile = inRenderTurn(coop('c'), c.make, g);
    await tick();
    expect(c.started()).toBe(false);
    expect(g.queued).toBe(4);

    // a's first done: its next takes the place (c waits for b's, a cooperative's one at a time).
    a[0]!.finish();
    await tick();
    expect(a[1]!.started()).toBe(true);
    expect(c.started()).toBe(false);
    b.finish();
    await tick();
    expect(c.started()).toBe(true);
    for (const m of [...a, c]) {
      m.finish();
      await tick();
    }
    expect(await Promise.all([...files, bFile, cFile].map(outcome))).toEqual(Array(6).fill('file'));
    expect(g.queued).toBe(0);
  });

  it('refuses any cooperative once as many wait as may (8), and takes it again when a place frees', async () => {
    const g = gate();
    const running = [making(), making()];
    const first = [inRenderTurn(coop('a'), running[0]!.make, g), inRenderTurn(coop('b'), running[1]!.make, g)];
    const waiting = Array.from({ length: RENDERS_WAITING }, (_, i) => {
      const m = making();
      m.finish();
      return inRenderTurn(coop(`w${i}`), m.make, g);
    });
    await tick();
    expect(g.queued).toBe(RENDERS_WAITING);
    expect(await outcome(inRenderTurn(coop('late'), async () => 'never', g))).toBe('503 renderBusy');
    for (const m of running) m.finish();
    expect(await Promise.all([...first, ...waiting].map(outcome))).toEqual(Array(10).fill('file'));
    expect(await outcome(inRenderTurn(coop('late'), async () => 'file', g))).toBe('file');
  });

  it('frees the place of a file whose making failed, for the next waiting', async () => {
    const g = gate();
    const failing = making();
    const next = making();
    const failed = inRenderTurn(coop('a'), failing.make, g);
    const after = inRenderTurn(coop('a'), next.make, g);
    await tick();
    expect(next.started()).toBe(false);
    failing.fail();
    await expect(failed).rejects.toThrow('the renderer failed');
    await tick();
    expect(next.started()).toBe(true);
    next.finish();
    expect(await after).toBe('file');
  });

  it('lets a background task wait for its turn where a request is refused, and makes it in turn', async () => {
    const g = gate();
    const held = Array.from({ length: RENDERS_PER_COOPERATIVE.held }, () => making());
    const files = held.map((m) => inRenderTurn(coop('a'), m.make, g));
    await tick();
    expect(await outcome(inRenderTurn(coop('a'), async () => 'never', g))).toBe('503 renderBusy');
    const task = making();
    const taskFile = inRenderTurn(coop('a', true), task.make, g);
    await tick();
    expect(task.started()).toBe(false);
    for (const m of held) {
      m.finish();
      await tick();
    }
    expect(task.started()).toBe(true);
    task.finish();
    expect(await taskFile).toBe('file');
    expect(await Promise.all(files)).toEqual(Array(4).fill('file'));
  });

  it('is one gate for the process, keyed per cooperative', () => {
    expect(RENDER_GATE).toBeInstanceOf(UploadGate);
    expect(RENDER_GATE.queued).toBe(0);
  });
});
