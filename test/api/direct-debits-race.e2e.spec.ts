import Database from 'better-sqlite3';
import request from 'supertest';
import { businessToday, ValidationError, type EventStore, type FileStore, type ShareDueDto } from '@coop/contracts';
import { SqliteReadStoreFiles } from '@coop/projections';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setPaymentTerms, setTerms } from './support/members.js';
import { adminContext, collectionHandlerWith } from './support/direct-debits.js';
import {
  CreateCollectionCommand,
  CreateCollectionHandler,
} from '../../services/src/direct-debits/commands/collection.commands.js';
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

/** A point a part of the earlier process waits at, the first time it gets there, until the test lets it go. */
function holdPoint(): { reached: () => void; atHold: Promise<void>; hold: Promise<void>; letGo: () => void } {
  let reached!: () => void;
  let letGo!: () => void;
  const atHold = new Promise<void>((r) => (reached = r));
  const hold = new Promise<void>((r) => (letGo = r));
  return { reached, atHold, hold, letGo };
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
    // The earlier process: its file store waits before its first write (after the dues were read), its booking after
    // its collection's write; both are the real ones once let go.
    const files = holdPoint();
    const booking = holdPoint();
    const earlier = collectionHandlerWith(t, {
      files: (real) =>
        Object.assign(Object.create(real) as FileStore, {
          put: async (...args: Parameters<FileStore['put']>) => {
            files.reached();
            await files.hold;
            return real.put(...args);
          },
        }),
      book: (real) => async (ctx, collection) => {
        booking.reached();
        await booking.hold;
        return real.book(ctx, collection);
      },
    });
    const later = t.running.app.get(CreateCollectionHandler, { strict: false });
    const ctx = adminContext(t);
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
    const events = t.running.app.get<EventStore>(EVENT_STORE, { strict: false });
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
