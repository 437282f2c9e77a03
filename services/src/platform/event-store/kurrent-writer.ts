import {
  AppendConsistencyViolationError,
  KurrentDBClient,
  STREAM_STATE,
  UnsupportedError,
  WrongExpectedVersionError,
  type AppendResult as ClientAppendResult,
  type ConsistencyCheck,
  type MultiAppendResult,
} from '@kurrent/kurrentdb-client';
import { toStreamState } from './kurrent-records.js';
import {
  EventStoreWriteError,
  afterFailure,
  appendDeadlineMs,
  configuredDeadlineMs,
  onLeader,
  withDefaultDeadline,
  type Endpoint,
  type IdentifiedAppend,
} from './kurrent-writes.js';

/** Tries of one write at most (the first and three more), with a growing pause between them. */
export const MAX_TRIES = 4;
const PAUSE_MS = 250;

/**
 * The KurrentDB adapter's writes (decision 140): each write is sent with the event ids fixed before its first try and
 * tried again with the same ids when its outcome is unknown (deadline, connection lost, server timeout) or a follower
 * refused it (then on the leader it named), at most MAX_TRIES times; the server recognises the events of a try that
 * did arrive. The deadline grows with the write's size (kurrent-writes.ts). A write that fails for good is reported as
 * an EventStoreWriteError naming its streams and counts; conflicts (WrongExpectedVersionError,
 * AppendConsistencyViolationError) are left to the adapter, which reports them as ConcurrencyError.
 *
 * Names here are the server's (with the installation's prefix).
 */
export class KurrentWriter {
  private readonly baseDeadlineMs: number;
  /** Where writes go: the connection string's nodes, or the leader a follower named. */
  private leader: { readonly url: string; readonly client: KurrentDBClient } | undefined;
  /** Whether the server has `appendRecords` (26.1+); unknown until first asked. */
  private records: boolean | undefined;

  constructor(
    private readonly url: string,
    private readonly client: KurrentDBClient,
    private readonly pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.baseDeadlineMs = configuredDeadlineMs(url);
  }

  /** One stream (the v1 append, which takes a deadline per call and the leader requirement). */
  async appendOne(append: IdentifiedAppend): Promise<ClientAppendResult> {
    const deadline = appendDeadlineMs(append.events.length, this.baseDeadlineMs);
    return this.tried(
      [append],
      (client) =>
        client.appendToStream(append.streamId, [...append.events], {
          streamState: toStreamState(append.expected),
          deadline,
          requiresLeader: true,
        }),
      false,
    );
  }

  /** Several streams, each named once, atomically (`multiStreamAppend`, server 25.1+). */
  async appendMany(appends: readonly IdentifiedAppend[]): Promise<MultiAppendResult> {
    const requests = appends.map((a) => ({
      streamName: a.streamId,
      expectedState: toStreamState(a.expected),
      events: [...a.events],
    }));
    return this.tried(appends, (client) => client.multiStreamAppend(requests));
  }

  /**
   * The appends and the revision checks of streams without events in one atomic write (`appendRecords` with stream
   * state checks, server 26.1+), or undefined when the server does not have it (25.1).
   */
  async appendChecked(
    appends: readonly IdentifiedAppend[],
    checks: readonly IdentifiedAppend[],
  ): Promise<MultiAppendResult | undefined> {
    if (this.records === false) return undefined;
    const records = appends.flatMap((a) => a.events.map((record) => ({ streamName: a.streamId, record })));
    const consistency = [...appends, ...checks]
      .filter((a) => a.expected !== 'any')
      .map((a): ConsistencyCheck => ({
        type: STREAM_STATE,
        streamName: a.streamId,
        expectedState: toStreamState(a.expected),
      }));
    try {
      const result = await this.tried([...appends, ...checks], (client) => client.appendRecords(records, consistency));
      this.records = true;
      return result;
    } catch (error) {
      // Refused by the client before anything is sent, when the server lacks the call.
      if (error instanceof UnsupportedError) {
        this.records = false;
        return undefined;
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.leader?.client.dispose();
  }

  /**
   * Runs `attempt` until it succeeds, fails for good or was tried MAX_TRIES times. A multi-stream write (`ownDeadline`)
   * larger than the client's default deadline allows gets a client of its own whose default deadline is the write's
   * (client 1.3.1 takes no deadline per `multiStreamAppend` or `appendRecords` call), closed after the try.
   */
  private async tried<T>(
    appends: readonly IdentifiedAppend[],
    attempt: (client: KurrentDBClient) => Promise<T>,
    ownDeadline = true,
  ): Promise<T> {
    const events = appends.reduce((n, a) => n + a.events.length, 0);
    const deadline = appendDeadlineMs(events, this.baseDeadlineMs);
    for (let tries = 1; ; tries++) {
      const own =
        ownDeadline && deadline > this.baseDeadlineMs
          ? KurrentDBClient.connectionString(withDefaultDeadline(this.leader?.url ?? this.url, deadline))
          : undefined;
      try {
        return await attempt(own ?? this.leader?.client ?? this.client);
      } catch (error) {
        if (
          error instanceof WrongExpectedVersionError ||
          error instanceof AppendConsistencyViolationError ||
          error instanceof UnsupportedError
        )
          throw error;
        const next = afterFailure(error);
        if (next.kind === 'fail' || tries >= MAX_TRIES)
          throw new EventStoreWriteError(
            appends.map((a) => a.streamId),
            events,
            tries,
            error,
          );
        if (next.kind === 'leader') await this.useLeader(next.leader);
        // The leader we wrote to is gone: find the new one through the connection string's nodes again.
        else if (this.leader) await this.forgetLeader();
        await this.pause(PAUSE_MS * tries);
      } finally {
        await own?.dispose();
      }
    }
  }

  private async useLeader(leader: Endpoint): Promise<void> {
    const url = onLeader(this.url, leader);
    if (this.leader?.url === url) return;
    await this.forgetLeader();
    this.leader = { url, client: KurrentDBClient.connectionString(url) };
  }

  private async forgetLeader(): Promise<void> {
    const leader = this.leader;
    this.leader = undefined;
    await leader?.client.dispose();
  }
}
