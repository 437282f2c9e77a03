import Database from 'better-sqlite3';
import request from 'supertest';
import {
  businessToday,
  ValidationError,
  type DirectDebitCollectionCreated,
  type EventStore,
  type FileStore,
  type ShareDueDto,
} from '@coop/contracts';
import { SqliteReadStoreFiles } from '@coop/projections';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';
import {
  CollectionBooking,
  CreateCollectionCommand,
  CreateCollectionHandler,
} from '../../services/src/direct-debits/commands/collection.commands.js';
import type { CollectionBooked } from '../../services/src/direct-debits/commands/collection-booking.js';
import { DirectDebitReads } from '../../services/src/direct-debits/queries/direct-debit-reads.js';
import { PaymentTermsQuery } from '../../services/src/share-payments/index.js';
import { StreamWriter } from '../../services/src/platform/commands/stream-writer.js';
import { contextFor, type CommandContext } from '../../services/src/platform/commands/command-context.js';
import { FILE_STORE } from '../../services/src/platform/file-store/open-file-store.js';
import { ReadModelProgress } from '../../services/src/platform/read-model-progress.js';
import { EVENT_STORE } from '../../services/src/platform/tokens.js';

/**
 * Issue 45, decision 235: two API processes make a collection of the same due, and the later one comes while the
 * earlier one's collection is written but neither booked nor yet in the read models. This is the moment of CI's failure
 * in stop 60 ("draws a due once when two API processes ...": both collections drew the due), made certain here with
 * the real components: the earlier process is held after its collection's write (its booking waits for the test), and
 * the projections are held by a write lock the test takes on the read-model file. The later collection must complete
 * the earlier one's booking and be refused as empty, and the due be drawn once.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real booking whose first run waits until the test lets it go: a process between its collection's write and its booking. */
class HeldBooking extends CollectionBooking {
  private reached!: () => void;
  readonly atHold = new Promise<void>((r) => (this.reached = r));
  private release!: () => void;
  private readonly hold = new Promise<void>((r) => (this.release = r));

  override async book(
    ctx: CommandContext,
    collection: DirectDebitCollectionCreated['data'],
  ): Promise<CollectionBooked> {
    this.reached();
    await this.hold;
    return super.book(ctx, collection);
  }

  letGo(): void {
    this.release();
  }
}

/** A real file store that waits before its first write until the test lets it go (after the dues were read). */
function heldFiles(files: FileStore): { store: FileStore; atHold: Promise<void>; letGo: () => void } {
  let reached!: () => void;
  let release!: () => void;
  const atHold = new Promise<void>((r) => (reached = r));
  const hold = new Promise<void>((r) => (release = r));
  const store: FileStore = Object.assign(Object.create(files) as FileStore, {
    put: async (...args: Parameters<FileStore['put']>) => {
      reached();
      await hold;
      return files.put(...args);
    },
  });
  return { store, atHold, letGo: release };
}

describe('direct debits: a collection while another process has written its own and not yet booked it', () => {
  let t: TestApp;
  let member = '';
  let subscription = '';

  const dues = async (memberId: string): Promise<ShareDueDto[]> =>
    (await request(t.http).get(`/api/v1/members/${memberId}/share-dues`).set(auth(t.adminToken)).expect(200))
      .body as ShareDueDto[];

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    await setPaymentTerms(t.http, t.adminToken);
    member = (await createMember(t.http, t.adminToken, { name: 'Erna', shareAmount: 2 })).id;
    const [due] = await dues(member);
    subscription = due!.id;
    // Nothing paid yet on the subscription: 500 euro outstanding.
    await request(t.http)
      .put(`/api/v1/shares/${subscription}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 0, interestEnd: null })
      .expect(200);
    await request(t.http)
      .post(`/api/v1/members/${member}/mandates`)
      .set(auth(t.adminToken))
      .send({ reference: 'EG-M-0005', signedOn: '2025-01-02', kind: 'recurring' })
      .expect(201);
  }, 90_000);
  afterAll(async () => t.close());

  it('completes the earlier collection and is refused as empty: the due is drawn once', async () => {
    const app = t.running.app;
    const deps = { strict: false };
    const writer = app.get(StreamWriter, deps);
    const reads = app.get(DirectDebitReads, deps);
    const booking = new HeldBooking(writer, reads);
    const files = heldFiles(app.get<FileStore>(FILE_STORE, deps));
    const earlier = new CreateCollectionHandler(
      writer,
      reads,
      booking,
      app.get(PaymentTermsQuery, deps),
      files.store,
      app.get<EventStore>(EVENT_STORE, deps),
      app.get(ReadModelProgress, deps),
    );
    const later = app.get(CreateCollectionHandler, deps);
    const ctx = contextFor({
      userId: 'admin',
      username: 'admin',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      cooperativeId: t.cooperativeId,
    });
    const command = () =>
      new CreateCollectionCommand(ctx, earliestCollectionDate(businessToday()), [subscription], new Date());

    // The earlier process has read the dues; the projections are then held, and its collection is written to the log
    // (its write then waits for the read models to show it, and its booking waits for the test).
    const first = earlier.execute(command()).then(
      (value) => ({ status: 'fulfilled' as const, value }),
      (reason: unknown) => ({ status: 'rejected' as const, reason }),
    );
    await Promise.race([
      files.atHold,
      first.then((r) => {
        throw new Error(`the earlier collection ended before its file: ${String((r as { reason?: unknown }).reason)}`);
      }),
    ]);
    const events = app.get<EventStore>(EVENT_STORE, deps);
    const head = await events.headPosition();
    const lock = new Database(SqliteReadStoreFiles.current(t.dataDir));
    lock.exec('BEGIN IMMEDIATE');
    let second: Promise<{ status: 'fulfilled' | 'rejected'; reason?: unknown }> | undefined;
    try {
      files.letGo();
      while ((await events.headPosition()) === head) await sleep(10);
      // The later process comes now: the earlier collection is in the log, not in the read models, not booked.
      second = later.execute(command()).then(
        () => ({ status: 'fulfilled' as const }),
        (reason: unknown) => ({ status: 'rejected' as const, reason }),
      );
      await sleep(500);
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    await booking.atHold;
    const later_ = await second!;
    booking.letGo();
    const earlier_ = await first;

    expect([earlier_.status, later_.status]).toEqual(['fulfilled', 'rejected']);
    expect(later_.reason).toBeInstanceOf(ValidationError);
    expect((later_.reason as ValidationError).errors.map((e) => e.template)).toEqual(['collectionEmpty']);
    const listed = (await request(t.http).get('/api/v1/direct-debits').set(auth(t.adminToken)).expect(200)).body as {
      count: number;
    }[];
    expect(listed.map((c) => c.count)).toEqual([1]);
    expect((await dues(member))[0]!.outstanding).toBe(0);
  }, 60_000);
});
