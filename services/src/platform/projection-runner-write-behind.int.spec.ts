/**
 * The live projections with a writer behind (decision 281): large batches are folded while the writer writes the
 * batches before, and handed over when it is free. Against the real SQLite event log and read store, with a second
 * connection to the read store as the writer (testing/second-connection-writer.ts): the read models must equal those of
 * a runner writing itself, nothing may be read from a write not yet committed, and a write that fails is applied again.
 */
import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@coop/contracts';
import { CHECKPOINT, ProjectionRunner, type RunnerOptions } from '@coop/projections';
import { areas } from '../areas.js';
import { runnerFixture } from './testing/projection-runner-fixture.js';
import { SecondConnectionWriter } from './testing/second-connection-writer.js';

const fx = runnerFixture(areas);

/** The read models a runner writing itself leaves after the whole log. */
async function reference(): Promise<Record<string, unknown>> {
  const store = await fx.newReadStore('reference');
  await new ProjectionRunner(fx.events, store, areas.projectors).apply(await fx.all());
  return fx.dump(store);
}

/** The log in batches of `size` events. */
function inBatches(events: readonly RecordedEvent[], size: number): RecordedEvent[][] {
  const batches: RecordedEvent[][] = [];
  for (let i = 0; i < events.length; i += size) batches.push(events.slice(i, i + size));
  return batches;
}

function behindRunner(writer: SecondConnectionWriter, lines: string[] = [], options: RunnerOptions = {}) {
  return new ProjectionRunner(fx.events, fx.store, areas.projectors, (line) => lines.push(line), {
    writeBehind: writer,
    writeBehindMinEvents: 2,
    ...options,
  });
}

describe('ProjectionRunner with a writer behind', () => {
  it('folds the next batches while the writer writes, and leaves the read models a runner writing itself leaves', async () => {
    const head = await fx.seed();
    const expected = await reference();
    const writer = new SecondConnectionWriter({ delayMs: 20 });
    const runner = behindRunner(writer);
    const batches = inBatches(await fx.all(), 3);
    let aheadOfCommits = 0;
    for (const batch of batches) {
      await runner.apply(batch);
      if (runner.processedUpTo < batch.at(-1)!.position) aheadOfCommits += 1;
    }
    await runner.waitFor(head, 5000);
    await runner.stop();
    expect(aheadOfCommits).toBeGreaterThan(0);
    // Batches folded while the writer was busy went as one piece.
    expect(writer.batches.length).toBeLessThan(batches.length);
    expect(writer.closed).toBe(writer.opened);
    expect(await fx.dump()).toEqual(expected);
  });

  it('answers no waiter before its write has committed, and reads nothing from it before', async () => {
    await fx.seed();
    const writer = new SecondConnectionWriter({ delayMs: 0 });
    let release: () => void = () => undefined;
    writer.hold = new Promise((resolve) => (release = resolve));
    const runner = behindRunner(writer);
    const events = await fx.all();
    // The cooperatives registered; the next batch holds the update of coop-1 (its city).
    const first = events.slice(0, 2);
    await runner.apply(first);
    const position = first.at(-1)!.position;
    await expect(runner.waitFor(position, 100)).rejects.toThrow(/did not reach/);
    expect(runner.processedUpTo).toBe(-1n);
    expect(await fx.store.get('cooperatives', 'coop-1')).toBeUndefined();
    // The next batch reads the documents the first one wrote from the runner's memory (its update of coop-1 holds).
    await runner.apply(events.slice(2));
    release();
    await runner.waitFor(events.at(-1)!.position, 5000);
    await runner.stop();
    expect(await fx.store.get('cooperatives', 'coop-1')).toEqual(expect.objectContaining({ city: 'Potsdam' }));
    expect(await fx.dump()).toEqual(await reference());
  });

  it('applies a batch whose write failed again from the last checkpoint, and loses nothing', async () => {
    const head = await fx.seed();
    const expected = await reference();
    const writer = new SecondConnectionWriter({ delayMs: 10, failBatch: 2 });
    const lines: string[] = [];
    const runner = behindRunner(writer, lines);
    for (const batch of inBatches(await fx.all(), 2)) {
      // As the log's subscription does: a batch the runner did not take comes again.
      await runner.apply(batch).catch(() => runner.apply(batch));
    }
    await runner.stop();
    expect(lines.some((line) => line.includes('written again here') && line.includes('disk full'))).toBe(true);
    expect(await fx.store.checkpoint(CHECKPOINT)).toBe(head);
    expect(await fx.dump()).toEqual(expected);
  });

  it('applies again a last piece that failed while no batch came, when the next batch comes', async () => {
    const head = await fx.seed();
    const expected = await reference();
    const writer = new SecondConnectionWriter({ delayMs: 0, failBatch: 1 });
    const lines: string[] = [];
    const runner = behindRunner(writer, lines);
    const events = await fx.all();
    await runner.apply(events.slice(0, 4));
    // The writer ends after a pause without batches; its only piece failed meanwhile.
    for (const until = Date.now() + 3000; writer.closed === 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writer.closed).toBe(1);
    await runner.apply(events.slice(4)).catch(() => runner.apply(events.slice(4)));
    await runner.waitFor(head, 5000);
    await runner.stop();
    expect(lines.some((line) => line.includes('disk full'))).toBe(true);
    expect(await fx.dump()).toEqual(expected);
  });

  it('writes a small batch itself, after the last piece of the backlog before it has committed', async () => {
    const head = await fx.seed();
    const writer = new SecondConnectionWriter({ delayMs: 20 });
    const runner = behindRunner(writer, [], { writeBehindMinEvents: 4 });
    const events = await fx.all();
    await runner.apply(events.slice(0, -1));
    expect(writer.opened).toBe(1);
    await runner.apply(events.slice(-1));
    // The small batch is stored when apply answers, as every batch of a runner that writes itself.
    expect(runner.processedUpTo).toBe(head);
    expect(await fx.store.checkpoint(CHECKPOINT)).toBe(head);
    expect(writer.closed).toBe(1);
    expect(await fx.dump()).toEqual(await reference());
  });

  it('ends the writer after a pause without batches, and when it stops', async () => {
    await fx.seed();
    const writer = new SecondConnectionWriter({ delayMs: 0 });
    const runner = behindRunner(writer);
    const events = await fx.all();
    await runner.apply(events.slice(0, 4));
    await runner.waitFor(events[3]!.position, 5000);
    for (const until = Date.now() + 3000; writer.closed === 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writer.closed).toBe(1);
    await runner.apply(events.slice(4));
    expect(writer.opened).toBe(2);
    await runner.stop();
    expect(writer.closed).toBe(2);
    expect(runner.processedUpTo).toBe(events.at(-1)!.position);
  });
});
