import type { EventStore, NewEvent } from '@coop/contracts';
import { hasTailReads } from './stream-tail.js';

/*
 * A large write to one stream as steps (issue 40): events [from, to) appended at the stream revision `from - 1`
 * (`no_stream` for 0), so that a step retried after a crash, a timeout or a refusal finds its events there and writes
 * nothing twice, and a run that stopped is continued from the stream's length. The closure uses it
 * (dividend/commands/closure-process.ts); it is generic for any write that is planned as a known sequence of events.
 */

/**
 * The revisions probed, highest first, to learn how many events a stream planned to hold `planned` events has without
 * reading it whole: `planned - 1 - k·step` for k = 0, 1, … while above -1, then -1.
 */
export function probeRevisions(planned: number, step: number): number[] {
  if (!Number.isInteger(step) || step < 1) throw new RangeError('A step holds at least one event');
  const revisions: number[] = [];
  for (let r = planned - 1; r > -1; r -= step) revisions.push(r);
  revisions.push(-1);
  return revisions;
}

/**
 * How many events the stream holds (at most `step` events read when it holds no more than planned): the events after
 * each probed revision, from the top down; the first answer that is not empty tells the length. A store without tail
 * reads is read whole.
 */
export async function streamLength(
  store: EventStore,
  streamId: string,
  planned: number,
  step: number,
): Promise<number> {
  if (!hasTailReads(store)) return (await store.readStream(streamId)).length;
  for (const revision of probeRevisions(planned, step)) {
    const after = await store.readStreamAfter(streamId, revision);
    if (after.length > 0) return revision + 1 + after.length;
  }
  return 0;
}

/** The expected revision of a step that appends from event `from` of the stream. */
export const expectedAt = (from: number): number | 'no_stream' => (from === 0 ? 'no_stream' : from - 1);

/**
 * Appends events [written, planned) in steps of at most `step` events, each at the revision it continues; `eventsOf`
 * makes a step's events (only that step's are held at a time). Answers the stream's length at the end.
 */
export async function appendInSteps(
  store: EventStore,
  streamId: string,
  planned: number,
  step: number,
  eventsOf: (from: number, to: number) => NewEvent[],
  afterStep?: (written: number) => void,
): Promise<number> {
  let written = await streamLength(store, streamId, planned, step);
  while (written < planned) {
    const to = Math.min(planned, written + step);
    await store.append(streamId, expectedAt(written), eventsOf(written, to));
    written = to;
    afterStep?.(written);
  }
  return written;
}
