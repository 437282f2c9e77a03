import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  Subscription,
} from '@coop/contracts';
import { withoutPersonalData, type PersonalDataCipher } from './personal-data.js';
import type { ReadsWithoutPersonalData } from './reads-without-personal-data.js';
import { hasTailReads, type StreamTailReads } from './stream-tail.js';
import type { Upcasters } from './upcasters.js';

/**
 * Wraps any event-store adapter: seals personal data on the way in; on the way out opens it
 * (or marks it erased) and upcasts old schema versions. The adapters never see plain personal data.
 */
export class CodecEventStore implements EventStore, StreamTailReads, ReadsWithoutPersonalData {
  constructor(
    private readonly inner: EventStore,
    private readonly cipher: PersonalDataCipher,
    private readonly upcasters: Upcasters,
  ) {}

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    return this.inner.append(streamId, expected, await this.sealAll(events));
  }

  async appendMulti(appends: readonly StreamAppend[]): Promise<AppendResult> {
    // Sealed together: the keys of every subject of the append are fetched (new ones made) at once.
    const sealed = await this.sealAll(appends.flatMap((a) => a.events));
    let next = 0;
    return this.inner.appendMulti(appends.map((a) => ({ ...a, events: a.events.map(() => sealed[next++]!) })));
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId));
  }

  /** The stream's events after `revision` (read as a whole and cut when the adapter cannot read a tail). */
  async readStreamAfter(streamId: string, revision: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.readTail(streamId, revision));
  }

  /** The stream's events after `afterRevision` (-1: all) with their personal fields left out, unopened; upcast as ever. */
  async readStreamWithoutPersonalData(streamId: string, afterRevision: number): Promise<RecordedEvent[]> {
    return (await this.readTail(streamId, afterRevision)).map((e) => this.upcast(e, withoutPersonalData(e.data)));
  }

  async readAll(after: bigint, limit: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(after, limit));
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  subscribeAll(after: bigint, onEvents: (events: RecordedEvent[]) => Promise<void>): Subscription {
    return this.inner.subscribeAll(after, async (events) => onEvents(await this.openAll(events)));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async sealAll(events: readonly NewEvent[]): Promise<NewEvent[]> {
    const sealed = await this.cipher.sealAll(events);
    // An event without personal data is passed on as it is (an import's chunk: thousands of postings, no copy each).
    return events.map((e, i) => (sealed[i] === e.data ? e : { ...e, data: sealed[i]! }));
  }

  /** The inner store's events of a stream after `revision` (read as a whole and cut when the adapter cannot read a tail). */
  private async readTail(streamId: string, revision: number): Promise<RecordedEvent[]> {
    return hasTailReads(this.inner)
      ? this.inner.readStreamAfter(streamId, revision)
      : (await this.inner.readStream(streamId)).filter((e) => e.revision > revision);
  }

  private async openAll(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const opened = await this.cipher.openAll(events.map((e) => e.data));
    return events.map((e, i) => this.upcast(e, opened[i]!.data, opened[i]!.erased));
  }

  /** The event with `data` (opened or left without personal fields) upcast to the newest schema version. */
  private upcast(e: RecordedEvent, data: object, erased?: string[]): RecordedEvent {
    const up = this.upcasters.apply(e.type, e.metadata.schemaVersion, data);
    // Nothing opened or left out, nothing to upcast: the adapter's fresh event object is already the answer.
    if (up.data === e.data && up.version === e.metadata.schemaVersion && !erased) return e;
    return {
      ...e,
      data: up.data,
      metadata: { ...e.metadata, schemaVersion: up.version },
      ...(erased ? { erased } : {}),
    };
  }
}
