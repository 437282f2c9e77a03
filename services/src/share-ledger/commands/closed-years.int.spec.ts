/**
 * Postings into closed years (issue 23) on the real SQLite event log: a posting reads the cooperative's dividend
 * register, decides with it, and appends the register's revision in the same atomic write. A closure that starts
 * between the read and the append (`DividendYearClosing`) fails that append; the posting decides again, and is
 * refused when it lies in the year now closing, recorded when it does not. Nothing is written to the register.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  cooperativeStream,
  dividendRegisterStream,
  memberStream,
  ValidationError,
  type EventMetadata,
  type NewEvent,
  type StreamAppend,
} from '@coop/contracts';
import { areas } from '../../areas.js';
import { admitted, subscribed } from '../../kernel/testing/member-events.js';
import { contextFor, type CommandContext } from '../../platform/commands/command-context.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { loadConfig } from '../../platform/config/config.js';
import { ReadModelProgress } from '../../platform/read-model-progress.js';
import { ClientWrites } from '../../platform/client-writes.js';
import { openStorage, type Storage } from '../../platform/storage.js';
import type { ConfirmedPosting } from '../http/posting.js';
import { ClosedYearsReader } from './closed-years.reader.js';
import { LedgerCommandRunner, PostBalanceCommand, PostBalanceHandler } from './posting.commands.js';
import { ShareTermsReader } from './share-terms.reader.js';

const COOP = 'coop-1';
const M = 'm-1';
const metadata: EventMetadata = {
  cooperativeId: COOP,
  user: 'admin',
  timestamp: '2026-03-01T10:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion: 1,
};
const stamped = (events: readonly { type: string; data: unknown }[]): NewEvent[] =>
  events.map((e) => ({ ...e, metadata }) as NewEvent);
const ctx: CommandContext = contextFor({
  userId: 'u-1',
  username: 'clerk',
  roles: ['ROLE_ADMIN'],
  cooperativeId: COOP,
});

let dir: string;
let storage: Storage;
let handler: PostBalanceHandler;
/** The log's appendMulti as it is, for the closure the test makes start meanwhile. */
let appendMulti: (appends: readonly StreamAppend[]) => ReturnType<Storage['events']['appendMulti']>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-closed-years-'));
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  });
  storage = await openStorage(config, areas, { projectionThread: false, readThreads: false });
  await storage.runner.start();
  const progress = new ReadModelProgress(storage.runner, storage.readStore, 5000);
  const writer = new StreamWriter(storage.events, storage.keys, progress, new ClientWrites(progress));
  handler = new PostBalanceHandler(
    new LedgerCommandRunner(writer, new ShareTermsReader(writer), new ClosedYearsReader(writer)),
  );
  appendMulti = storage.events.appendMulti.bind(storage.events);
  await storage.events.append(
    cooperativeStream(COOP),
    'no_stream',
    stamped([
      {
        type: 'CooperativeRegistered',
        data: { cooperativeId: COOP, name: 'eg', balanceCost: 25_000, minimumShares: 1 },
      },
    ]),
  );
  // Entered 01.06.2025 with 3 shares.
  await storage.events.append(memberStream(M), 'no_stream', stamped([admitted(), subscribed(3)]));
});

afterEach(async () => {
  jest.restoreAllMocks();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const subscription = (date: string, interestBegin: string): ConfirmedPosting => ({
  type: 1,
  member: M,
  quantity: 1,
  date,
  approvalDate: date,
  interestBegin,
  confirmWarnings: true,
});
const post = (posting: ConfirmedPosting) => handler.execute(new PostBalanceCommand(ctx, posting, null));
const closing = (year: number) =>
  stamped([{ type: 'DividendYearClosing', data: { cooperativeId: COOP, year, dividendId: `d-${year}` } }]);

/** Makes the closure of `year` start once, between the posting's read of the register and its append. */
function closureStartsMeanwhile(year: number): { readonly appends: StreamAppend[][] } {
  const seen: StreamAppend[][] = [];
  let started = false;
  jest.spyOn(storage.events, 'appendMulti').mockImplementation(async (appends) => {
    seen.push([...appends]);
    if (!started) {
      started = true;
      await storage.events.append(dividendRegisterStream(COOP), 'no_stream', closing(year));
    }
    return appendMulti(appends);
  });
  return { appends: seen };
}

const postingsOf = async (): Promise<string[]> =>
  (await storage.events.readStream(memberStream(M)))
    .filter((e) => e.type === 'SharesPosted')
    .map((e) => (e.data as { date: string }).date);

describe('a posting and a closure starting at the same time', () => {
  it('appends the register with no events and the revision read: nothing is written to it', async () => {
    await post(subscription('2025-06-10', '2025-07-01'));
    expect(await postingsOf()).toEqual(['2025-06-01', '2025-06-10']);
    expect(await storage.events.readStream(dividendRegisterStream(COOP))).toEqual([]);
  });

  it('decides again once the closure started, and refuses a posting into the year now closing', async () => {
    const meanwhile = closureStartsMeanwhile(2025);
    const refused = await post(subscription('2025-06-10', '2025-07-01')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual([
      { field: 'date', template: 'closedYear', parameters: { '0': '2025' } },
      { field: 'interestBegin', template: 'closedYear', parameters: { '0': '2025' } },
    ]);
    // The first append carried the register at "no stream" beside the member's posting, and failed on it.
    expect(meanwhile.appends).toHaveLength(1);
    expect(meanwhile.appends[0]!.map((a) => [a.streamId, a.expected, a.events.length])).toEqual([
      [memberStream(M), 1, 1],
      [dividendRegisterStream(COOP), 'no_stream', 0],
    ]);
    expect(await postingsOf()).toEqual(['2025-06-01']);
  });

  it('decides again once the closure started, and records a posting into the next open year once', async () => {
    const meanwhile = closureStartsMeanwhile(2025);
    await post(subscription('2026-02-10', '2026-03-01'));
    expect(meanwhile.appends.map((a) => a.find((s) => s.streamId === dividendRegisterStream(COOP))?.expected)).toEqual([
      'no_stream',
      0,
    ]);
    expect(await postingsOf()).toEqual(['2025-06-01', '2026-02-10']);
  });

  it('reads the register once closed: a later posting into that year is refused at once', async () => {
    await storage.events.append(dividendRegisterStream(COOP), 'no_stream', closing(2025));
    await expect(post(subscription('2025-12-31', '2026-01-01'))).rejects.toThrow(ValidationError);
    await post(subscription('2026-01-01', '2026-01-01'));
    expect(await postingsOf()).toEqual(['2025-06-01', '2026-01-01']);
  });
});
