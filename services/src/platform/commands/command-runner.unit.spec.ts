import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConcurrencyError, type DomainEvent, type StreamAppend } from '@coop/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import type { ReadModelProgress } from '../read-model-progress.js';
import type { CommandContext } from './command-context.js';
import { CommandRunner, type Decided } from './command-runner.js';
import { StreamWriter } from './stream-writer.js';
import { ConflictError } from './errors.js';

/*
 * The prelude the members' and the share ledger's command runners share (issue 44), on the embedded store: one atomic
 * write of the streams with events, stamped for the actor's cooperative; checks only beside events; retry, then 409.
 */

const COOP = 'c-1';
const ctx: CommandContext = {
  actor: { userId: 'u', username: 'clerk', roles: [], cooperativeId: COOP },
  correlationId: 'k',
  causationId: 'k',
};
const event = (n: number): DomainEvent => ({ type: 'SharesPosted', data: { n } });
const decided = (streamId: string, events: DomainEvent[]): Decided<null> => ({
  streamId,
  loaded: { state: null, expected: 'no_stream' },
  events,
});

class Runner extends CommandRunner {
  constructor(writer: StreamWriter) {
    super(writer);
  }
}

describe('CommandRunner, the shared command-runner prelude', () => {
  let dir: string;
  let store: SqliteEventStore;
  let runner: Runner;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'coop-command-runner-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'), 1 << 20);
    const progress = { waitFor: async () => {} } as unknown as ReadModelProgress;
    runner = new Runner(new StreamWriter(store, {} as never, progress, {} as never));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const streams = async (): Promise<string[]> =>
    (await store.readAll(0n, 100)).map((e) => `${e.streamId}#${e.revision} ${e.metadata.cooperativeId}`);

  it('appends the decided streams with events, stamped for the cooperative, and the extra appends with events', async () => {
    const claim = {
      type: 'MemberNumberClaimed',
      data: { memberNr: 1 },
      metadata: { cooperativeId: COOP },
    } as unknown as StreamAppend['events'][number];
    const extra: StreamAppend[] = [
      { streamId: 'membernr-1', expected: 'no_stream', events: [claim] },
      { streamId: 'membernr-seq', expected: 'no_stream', events: [] },
    ];
    await runner.append([decided('member-a', [event(1), event(2)]), decided('member-b', [])], ctx, extra);
    expect((await streams()).sort()).toEqual([`member-a#0 ${COOP}`, `member-a#1 ${COOP}`, `membernr-1#0 ${COOP}`]);
  });

  it('writes nothing, not even the checks, when no stream has events', async () => {
    const check: StreamAppend = { streamId: 'dividends-c-1', expected: 3, events: [] };
    await runner.append([decided('member-a', [])], ctx, [], [check]);
    expect(await streams()).toEqual([]);
  });

  it('appends the checks beside events: a moved revision refuses the whole write', async () => {
    const check: StreamAppend = { streamId: 'dividends-c-1', expected: 3, events: [] };
    await expect(runner.append([decided('member-a', [event(1)])], ctx, [], [check])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await streams()).toEqual([]);
  });

  it('retries on a concurrency conflict, then answers 409', async () => {
    let attempts = 0;
    await expect(
      runner.retrying(async () => {
        attempts += 1;
        throw new ConcurrencyError('member-a', 0, 1);
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(attempts).toBe(5);
  });
});
