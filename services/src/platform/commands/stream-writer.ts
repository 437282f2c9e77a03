import { Inject, Injectable } from '@nestjs/common';
import {
  ConcurrencyError,
  type AppendResult,
  type Decider,
  type DomainEvent,
  type EventStore,
  type ExpectedRevision,
  type KeyStore,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
} from '@coop/contracts';
import { readsWithoutPersonalData } from '../event-store/reads-without-personal-data.js';
import { hasTailReads } from '../event-store/stream-tail.js';
import { ClientWrites } from '../client-writes.js';
import { ReadModelProgress } from '../read-model-progress.js';
import { EVENT_STORE, KEY_STORE } from '../tokens.js';
import { metadataFor, type CommandContext } from './command-context.js';
import { ConflictError, SavedNotYetShownError } from './errors.js';
import { FoldCache } from './fold-cache.js';
import { keyReused, sameRecord } from './idempotency.js';

const MAX_ATTEMPTS = 5;
/** Streams whose fold is kept between commands (a member's fold is a few kilobytes). */
const KEPT_FOLDS = 20_000;

export interface Loaded<S> {
  readonly state: S;
  readonly expected: ExpectedRevision;
}

/**
 * The write path: load a stream, fold it into state, decide, append with the expected revision.
 * A concurrency conflict reloads and decides again, up to MAX_ATTEMPTS, then answers 409.
 * After the append it waits until the read models include the write (read-your-writes); a posting instead answers from
 * its events and its client's next request waits (appendAnsweringFromEvents, decision 40).
 */
@Injectable()
export class StreamWriter {
  private readonly folds = new FoldCache(KEPT_FOLDS);

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
    private readonly progress: ReadModelProgress,
    private readonly clientWrites: ClientWrites,
  ) {}

  async load<C, E extends DomainEvent, S>(streamId: string, decider: Decider<C, E, S>): Promise<Loaded<S>> {
    const recorded = (await this.events.readStream(streamId)) as unknown as RecordedEvent<E>[];
    return fold(decider, decider.initialState(), recorded, 'no_stream');
  }

  /**
   * As load(), from the fold kept of the stream by an earlier command plus the events after it (FoldCache).
   * `subject` is the data subject whose personal data the fold holds (or several: a member's master data and its
   * church data): while their keys exist the kept fold is used; once one is erased the stream is read and folded
   * again, so the erased fields read as erased and no personal data outlives its key in a kept fold.
   */
  async loadKept<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    subject: string | readonly string[],
  ): Promise<Loaded<S>> {
    const kept = this.folds.get<S>(streamId, decider);
    const loaded =
      kept && (await this.keysExist(typeof subject === 'string' ? [subject] : subject))
        ? fold(
            decider,
            kept.state,
            (await this.readAfter(streamId, kept.revision)) as unknown as RecordedEvent<E>[],
            kept.revision,
          )
        : await this.load(streamId, decider);
    return this.keep(streamId, decider, loaded);
  }

  private async keysExist(subjects: readonly string[]): Promise<boolean> {
    for (const subject of subjects) if ((await this.keys.find(subject)) === undefined) return false;
    return true;
  }

  /**
   * As loadKept(), for a decider whose state holds no personal data: its `evolve` ignores the events' personal
   * fields (a member's share account, `memberLedgerDecider`). The stream is read with its personal data left out,
   * unopened, so no key is looked up and nothing decrypted; and a kept fold needs no check that the subject's key
   * still exists, since it holds nothing of the subject's.
   */
  async loadWithoutPersonalData<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<Loaded<S>> {
    const kept = this.folds.get<S>(streamId, decider);
    const after = kept?.revision ?? -1;
    // A store that cannot leave personal data out opens it; the decider ignores it all the same.
    const events = (readsWithoutPersonalData(this.events)
      ? await this.events.readStreamWithoutPersonalData(streamId, after)
      : await this.readAfter(streamId, after)) as unknown as RecordedEvent<E>[];
    return this.keep(
      streamId,
      decider,
      kept
        ? fold(decider, kept.state, events, kept.revision)
        : fold(decider, decider.initialState(), events, 'no_stream'),
    );
  }

  /** Keeps the fold of a stream that exists for the next command on it (FoldCache); an empty stream is not kept. */
  private keep<S>(streamId: string, decider: object, loaded: Loaded<S>): Loaded<S> {
    if (typeof loaded.expected === 'number') this.folds.set(streamId, decider, loaded.expected, loaded.state);
    else this.folds.delete(streamId);
    return loaded;
  }

  /** The stream's events after `revision` (-1: all; none: a fold up to `revision` is still the stream's current state). */
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
    /** Sees the state loaded before it is decided on, in each attempt (a form's `masterTag`: version-tag.ts). */
    check: (state: S) => void = () => undefined,
  ): Promise<{ state: S; events: E[] }> {
    return this.retrying(async () => {
      const { state, expected } = await this.load(streamId, decider);
      check(state);
      return this.decideAndAppend(streamId, decider, command, ctx, cooperativeId, { state, expected });
    });
  }

  /**
   * As handle(), for a create sent under an `Idempotency-Key` (decision 421): the record's id derives from the key
   * (idempotentId), so the same request sent again, or at once and appended first, finds its stream recorded. Recorded
   * as this command would record it (the state it decides on a new stream), nothing is appended, and it answers once the
   * read models show the record, as the first request did; else (another request under the key, or the record changed
   * or removed since) 409 `idempotencyKeyReused`.
   */
  async handleOnce<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    ctx: CommandContext,
    cooperativeId: string,
  ): Promise<{ state: S; events: E[] }> {
    return this.retrying(async () => {
      const loaded = await this.load(streamId, decider);
      if (loaded.expected === 'no_stream')
        return this.decideAndAppend(streamId, decider, command, ctx, cooperativeId, loaded);
      const initial = decider.initialState();
      const asked = decider.decide(command, initial).reduce((s, e) => decider.evolve(s, e), initial);
      if (!sameRecord(asked, loaded.state)) throw keyReused();
      const last = (await this.readAfter(streamId, -1)).at(-1);
      if (last !== undefined) await this.shown(last.position);
      return { state: loaded.state, events: [] };
    });
  }

  private async decideAndAppend<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    ctx: CommandContext,
    cooperativeId: string,
    { state, expected }: Loaded<S>,
  ): Promise<{ state: S; events: E[] }> {
    const events = decider.decide(command, state);
    if (events.length > 0) {
      await this.appendAll([{ streamId, expected, events: this.stamp(events, ctx, cooperativeId) }]);
    }
    return { state: events.reduce((s, e) => decider.evolve(s, e), state), events };
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

  /**
   * Appends atomically to one or more streams and waits for the read models to catch up. Once the append has
   * succeeded the write is done: a wait that fails (too long, or the projection thread restarting) says so with
   * SavedNotYetShownError, never as a failure of the write.
   */
  async appendAll(appends: readonly StreamAppend[]): Promise<void> {
    await this.shown((await this.write(appends)).position);
  }

  /** Waits until the read models include `position`; in vain, SavedNotYetShownError (the write is done). */
  private async shown(position: bigint): Promise<void> {
    try {
      await this.progress.waitFor(position);
    } catch (reason) {
      throw new SavedNotYetShownError(position, reason);
    }
  }

  /**
   * As appendAll(), for a write whose answer is made from its own events (a posting, decision 40): where the
   * projections run in this process, it answers the recorded events at once, without waiting for the read models,
   * and the client's next request waits for them instead (ClientWrites, ReadYourWritesGuard). Elsewhere it waits as
   * appendAll() does and answers undefined. The recorded events all carry the append's last position: the answer
   * made from them shows no position.
   */
  async appendAnsweringFromEvents(
    appends: readonly StreamAppend[],
    client: string,
  ): Promise<RecordedEvent[] | undefined> {
    if (!this.clientWrites.enabled) {
      await this.appendAll(appends);
      return undefined;
    }
    const result = await this.write(appends);
    this.clientWrites.note(client, result.position);
    await this.clientWrites.keepUp(result.position);
    return appends.flatMap(({ streamId, events }) => {
      const last = result.revisions[streamId] ?? events.length - 1;
      return events.map((e, i) => ({
        streamId,
        revision: last - (events.length - 1 - i),
        position: result.position,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
      }));
    });
  }

  /** One stream with `append`, several atomically with `appendMulti`. */
  private write(appends: readonly StreamAppend[]): Promise<AppendResult> {
    return appends.length === 1
      ? this.events.append(appends[0]!.streamId, appends[0]!.expected, appends[0]!.events)
      : this.events.appendMulti(appends);
  }

  stamp(events: readonly DomainEvent[], ctx: CommandContext, cooperativeId: string): NewEvent[] {
    const metadata = metadataFor(ctx, cooperativeId);
    return events.map((e) => ({ type: e.type, data: e.data, metadata }) as NewEvent);
  }
}

/** `state` with `events` applied; the expected revision is the last event's, or `none` without events. */
function fold<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  state: S,
  events: readonly RecordedEvent<E>[],
  none: ExpectedRevision,
): Loaded<S> {
  const folded = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), state);
  const last = events[events.length - 1];
  return { state: folded, expected: last ? last.revision : none };
}
