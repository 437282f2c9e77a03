import type { AllStreamResolvedEvent, AllStreamSubscription, Filter, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { RecordedEvent, Subscription } from '@coop/contracts';
import { fromPosition, type KurrentRecords } from './kurrent-records.js';

/** What the KurrentDB adapter's `$all` subscription reads through (kurrent-event-store.ts holds each of them). */
export interface AllStreamSource {
  readonly client: KurrentDBClient;
  /** The server-side filter of this installation's streams: a fresh object per subscription (the client keeps state in it). */
  readonly filter: () => Filter;
  readonly records: KurrentRecords;
  /** Most events handed to the subscriber in one batch. */
  readonly maxBatch: number;
  /** Pause before a failed subscription (handler error or connection loss) is restarted. */
  readonly retryDelayMs: number;
}

/**
 * Catches up from `after` and then follows the log live, through a `$all` catch-up subscription
 * (this installation's streams only: see `filter`). Batches are what has arrived and is waiting, at most `maxBatch` events,
 * handed over one at a time and in order.
 *
 * Never skips: when `onEvents` throws (or the connection drops), the subscription is cancelled,
 * and after `retryDelayMs` a new one starts right after the last position `onEvents` accepted, so
 * the failed batch is delivered again. `onClose` is told when the subscription is closed (the store forgets it).
 */
export function followAll(
  source: AllStreamSource,
  after: bigint,
  onEvents: (events: RecordedEvent[]) => Promise<void>,
  onClose: (subscription: Subscription) => void,
): Subscription {
  let closed = false;
  let delivered = after;
  let current: AllStreamSubscription | undefined;
  let wake: (() => void) | undefined;
  const wakeUp = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  const runOnce = async (): Promise<void> => {
    const sub = source.client.subscribeToAll(
      { fromPosition: fromPosition(delivered), filter: source.filter() },
      // Let up to one batch wait in the stream's buffer, so catching up goes in large batches.
      { highWaterMark: source.maxBatch },
    );
    current = sub;
    let failure: unknown;
    let ended = false;
    sub.on('readable', wakeUp);
    sub.on('end', () => {
      ended = true;
      wakeUp();
    });
    sub.on('error', (error: Error) => {
      failure = error;
      wakeUp();
    });
    try {
      while (!closed && failure === undefined && !ended) {
        const batch: RecordedEvent[] = [];
        let item: AllStreamResolvedEvent | null;
        while (batch.length < source.maxBatch && (item = sub.read() as AllStreamResolvedEvent | null) !== null) {
          const event = source.records.toRecorded(item);
          if (event && event.position > delivered) batch.push(event);
        }
        if (batch.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        await onEvents(batch);
        delivered = batch[batch.length - 1]!.position;
      }
      if (failure !== undefined) throw failure;
      if (ended && !closed) throw new Error('KurrentDB subscription ended');
    } finally {
      current = undefined;
      sub.removeAllListeners('readable');
      await sub.unsubscribe().catch(() => undefined);
    }
  };

  const loop = (async () => {
    while (!closed) {
      try {
        await runOnce();
      } catch (error) {
        if (closed) break;
        console.error(
          `Event subscription failed; restarting after position ${delivered} in ${source.retryDelayMs} ms`,
          error,
        );
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, source.retryDelayMs).unref();
        });
        wake = undefined;
      }
    }
  })();

  const subscription: Subscription = {
    close: async () => {
      closed = true;
      onClose(subscription);
      wakeUp();
      await current?.unsubscribe().catch(() => undefined);
      await loop.catch(() => undefined);
    },
  };
  return subscription;
}
