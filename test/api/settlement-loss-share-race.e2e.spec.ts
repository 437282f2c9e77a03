import Database from 'better-sqlite3';
import request from 'supertest';
import type { EventStore, SettlementDto } from '@coop/contracts';
import { SqliteReadStoreFiles } from '@coop/projections';
import { EVENT_STORE } from '../../services/src/platform/tokens.js';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { leaversOf2025, settlementsOf } from './support/settlements.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Decision 387 (a concurrency probe): a payout read the loss shares from the read model and checked only the member's
 * and the settlement's streams. The general meeting's loss share recorded just before it in the log, not yet in the
 * read models, was not deducted: the end was paid whole and shown as overpaid. Here the read models are held still
 * (a write lock on their file) while the loss share and then the payout are written.
 */
describe('a payout recorded after a loss share that the read models do not show yet', () => {
  let t: TestApp;
  let exitId: string;
  /** A colleague records the payout: a user's own next request waits for the read models to show its writes. */
  let colleague: string;
  beforeAll(async () => {
    t = await startApp();
    ({ exitId } = await leaversOf2025(t));
    colleague = (await userWith(t.http, t.adminToken, 'kassiererin', ['ROLE_ADMIN', 'ROLE_USER'])).token;
  });
  afterAll(async () => t.close());

  it('deducts the loss share', async () => {
    expect(colleague).toMatch(/^ey/);
    const events = t.running.app.get<EventStore>(EVENT_STORE, { strict: false });
    const settle = <T>(p: Promise<T>) =>
      p.then(
        (value) => ({ value }),
        (reason: unknown) => ({ reason }),
      );
    const lock = new Database(SqliteReadStoreFiles.current(t.dataDir));
    lock.exec('BEGIN IMMEDIATE');
    let loss, pay;
    try {
      const head = await events.headPosition();
      loss = settle(
        request(t.http)
          .put('/api/v1/settlements/loss-shares')
          .set(auth(t.adminToken))
          .send({ year: 2025, kind: 'percent', percent: '12,5', decisionDate: '2026-05-20' })
          .then((r) => r),
      );
      while ((await events.headPosition()) === head) await sleep(10);
      // The loss share is in the log, not in the read models: the payout comes now.
      pay = settle(
        request(t.http)
          .post('/api/v1/settlements/pay')
          .set(auth(colleague))
          .send({ ids: [exitId], payoutDate: '2026-06-15' })
          .then((r) => r),
      );
      await sleep(500);
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    const [l, p] = [await loss, await pay];
    expect('value' in l && l.value.status).toBe(200);
    expect('value' in p && p.value.status).toBe(201);
    const row = (await settlementsOf(t.http, t.adminToken, 2025)).find((r: SettlementDto) => r.id === exitId)!;
    // 4 shares of 250 € paid in: 1,000 € less 12.5 %.
    expect([row.status, row.holding, row.lossShare, row.amount, row.overpaid]).toEqual([
      'paid',
      100_000,
      12_500,
      87_500,
      0,
    ]);
  });
});
