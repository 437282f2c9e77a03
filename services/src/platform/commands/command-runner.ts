import type { DomainEvent, StreamAppend } from '@coop/contracts';
import type { CommandContext } from './command-context.js';
import type { Loaded, StreamWriter } from './stream-writer.js';

/** A command decided on one stream: the stream, the state it was decided on (with its expected revision), the events. */
export interface Decided<S, E extends DomainEvent = DomainEvent> {
  readonly streamId: string;
  readonly loaded: Loaded<S>;
  readonly events: E[];
}

/**
 * The prelude an area's command runner shares (issue 44): retry on a concurrency conflict, and append every stream a
 * command touched in one atomic write, stamped with the actor's metadata. The area's runner adds how it loads and
 * decides (with or without personal data, which readers it asks); streams with no events are left out of the write.
 */
export abstract class CommandRunner {
  protected constructor(protected readonly writer: StreamWriter) {}

  /** Runs `attempt` again on a concurrency conflict, reloading each time (StreamWriter), then 409. */
  retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return this.writer.retrying(attempt);
  }

  /**
   * Appends the decided streams and `extra` appends in one atomic write and waits for the read models. `checks`:
   * streams appended with no events, only their expected revision (the dividend register), with a write that has events.
   */
  async append<S>(
    decided: readonly Decided<S>[],
    ctx: CommandContext,
    extra: readonly StreamAppend[] = [],
    checks: readonly StreamAppend[] = [],
  ): Promise<void> {
    const appends = this.appends(decided, ctx, extra);
    if (appends.length > 0) await this.writer.appendAll([...appends, ...checks]);
  }

  /** The appends of the decided streams and of `extra` that have events, stamped for the actor's cooperative. */
  protected appends<S>(
    decided: readonly Decided<S>[],
    ctx: CommandContext,
    extra: readonly StreamAppend[] = [],
  ): StreamAppend[] {
    const cooperativeId = ctx.actor.cooperativeId;
    return [
      ...decided
        .filter((d) => d.events.length > 0)
        .map((d) => ({
          streamId: d.streamId,
          expected: d.loaded.expected,
          events: this.writer.stamp(d.events, ctx, cooperativeId),
        })),
      ...extra.filter((a) => a.events.length > 0),
    ];
  }
}
