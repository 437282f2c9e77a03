import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  type Decider,
  type DomainEvent,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@coop/contracts';
import { hasTailReads } from '../event-store/stream-tail.js';
import { ReadModelProgress } from '../read-model-progress.js';
import { EVENT_STORE } from '../tokens.js';
import { metadataFor, type CommandContext } from './command-context.js';
import { ConflictError } from './errors.js';

const MAX_ATTEMPTS = 5;

export interface Loaded<S> {
  readonly state: S;
  readonly expected: ExpectedRevision;
}

/**
 * The write path: load a stream, fold it into state, decide, append with the expected revision.
 * A concurrency conflict reloads and decides again, up to MAX_ATTEMPTS, then answers 409.
 * After the append it waits until the read models include the write (read-your-writes).
 */
@Injectable()
export class StreamWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly progress: ReadModelProgress,
  ) {}

  async load<C, E extends DomainEvent, S>(streamId: string, decider: Decider<C, E, S>): Promise<Loaded<S>> {
    const recorded = (await this.events.readStream(streamId)) as unknown as RecordedEvent<E>[];
    const state = recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
    const last = recorded[recorded.length - 1];
    return { state, expected: last ? last.revision : 'no_stream' };
  }

  /** The stream's events after `revision` (none: a fold up to `revision` is still the stream's current state). */
  async readAfter(streamId: string, revision: number): Promise<RecordedEvent[]> {
    if (hasTailReads(this.events)) return this.events.readStreamAfter(streamId, revision);
    return (await this.events.readStream(streamId)).filter((e) => e.revision > revision);
  }

  /** Runs `decide` on one stream and appends its events; returns the new state and events. */
  async handle<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    ctx: CommandContext,
    cooperativeId: string,
  ): Promise<{ state: S; events: E[] }> {
    return this.retrying(async () => {
      const { state, expected } = await this.load(streamId, decider);
      const events = decider.decide(command, state);
      if (events.length > 0) {
        await this.appendAll([{ streamId, expected, events: this.stamp(events, ctx, cooperativeId) }]);
      }
      return { state: events.reduce((s, e) => decider.evolve(s, e), state), events };
    });
  }

  /** Retries `attempt` on a concurrency conflict, reloading each time. */
  async retrying<T>(attempt: () => Promise<T>): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (i >= MAX_ATTEMPTS) throw new ConflictError();
      }
    }
  }

  /** Appends atomically to one or more streams and waits for the read models to catch up. */
  async appendAll(appends: readonly StreamAppend[]): Promise<void> {
    const result = appends.length === 1
      ? await this.events.append(appends[0]!.streamId, appends[0]!.expected, appends[0]!.events)
      : await this.events.appendMulti(appends);
    await this.progress.waitFor(result.position);
  }

  stamp(events: readonly DomainEvent[], ctx: CommandContext, cooperativeId: string): NewEvent[] {
    const metadata = metadataFor(ctx, cooperativeId);
    return events.map((e) => ({ type: e.type, data: e.data, metadata }) as NewEvent);
  }
}
