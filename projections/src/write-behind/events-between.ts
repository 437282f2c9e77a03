import type { EventStore, RecordedEvent } from '@coop/contracts';

/**
 * The events of the log after position `after` and before `before` (none when `before` is undefined), read `batch` at
 * a time: what a runner must apply again when a write behind failed after the log had handed it later events.
 */
export async function eventsBetween(
  events: EventStore,
  after: bigint,
  before: bigint | undefined,
  batch: number,
): Promise<RecordedEvent[]> {
  const between: RecordedEvent[] = [];
  if (before === undefined) return between;
  for (let from = after; ;) {
    const read = await events.readAll(from, batch);
    const earlier = read.filter((e) => e.position < before);
    between.push(...earlier);
    if (read.length === 0 || earlier.length < read.length) return between;
    from = read.at(-1)!.position;
  }
}
