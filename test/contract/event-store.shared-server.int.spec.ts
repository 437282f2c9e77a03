/**
 * KurrentDB on a shared or secured server (issue 30): only this installation's streams are read, events that are not
 * this product's are skipped with a warning instead of stopping the projections, and an installation whose streams
 * do not exist yet sees an empty log although the server's is not. Runs against a real server when EVENT_STORE_URL is
 * set (e.g. `docker compose up -d kurrentdb`, EVENT_STORE_URL=kurrentdb://localhost:2113?tls=false).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KurrentDBClient, binaryEvent, jsonEvent } from '@kurrent/kurrentdb-client';
import { cooperativeStream, type NewEvent, type RecordedEvent } from '@coop/contracts';
import { ProjectionRunner, SqliteReadStore } from '@coop/projections';
import { areas } from '../../services/src/areas.js';
import { KurrentEventStore } from '../../services/src/platform/event-store/kurrent-event-store.js';

const url = process.env.EVENT_STORE_URL;

const metadata = {
  cooperativeId: 'c',
  user: 'clerk',
  timestamp: '2025-01-01T10:00:00.000Z',
  correlationId: 'k',
  causationId: 'k',
  schemaVersion: 1,
};
const registered = (cooperativeId: string, name: string): NewEvent =>
  ({
    type: 'CooperativeRegistered',
    data: { cooperativeId, name },
    metadata: { ...metadata, cooperativeId },
  }) as NewEvent;

if (url) {
  const run = randomUUID().slice(0, 8);

  // The whole contract with a prefix (names go to the server with it and come back without it) runs in
  // event-store.int.spec.ts, on a prefix of its own run.

  describe(`KurrentDB on a shared server (${url})`, () => {
    const prefix = `shared-${run}.`;
    const warnings: string[] = [];
    let raw: KurrentDBClient;
    let store: KurrentEventStore;
    let dir: string;

    beforeAll(() => {
      raw = KurrentDBClient.connectionString(url);
      store = new KurrentEventStore(url, {
        retryDelayMs: 300,
        streamPrefix: prefix,
        warn: (line) => warnings.push(line),
      });
      dir = mkdtempSync(join(tmpdir(), 'coop-shared-kurrent-'));
    });
    afterAll(async () => {
      await store?.close();
      await raw?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Appends with the raw client (another application, or a hand-made event in our streams); its log position. */
    async function foreign(
      streamName: string,
      event: ReturnType<typeof jsonEvent> | ReturnType<typeof binaryEvent>,
    ): Promise<bigint> {
      const result = await raw.appendToStream(streamName, [event]);
      return result.position!.commit;
    }

    it("sees no events of its own on a log holding other applications' (the first start still runs)", async () => {
      await foreign(
        `other-app-${run}`,
        jsonEvent({
          type: 'CooperativeRegistered',
          data: { cooperativeId: 'x', name: 'not ours' },
          metadata: { ...metadata, schemaVersion: '1' },
        }),
      );
      expect(await store.headPosition()).toBe(-1n);
      expect(await store.readAll(-1n, 10)).toEqual([]);
    });

    it("projects this installation's events only, skipping foreign ones in its streams with one warning naming their position", async () => {
      const first = await store.append(cooperativeStream('coop-a'), 'no_stream', [registered('coop-a', 'Alpha eG')]);
      const binary = await foreign(
        `${prefix}legacy-1`,
        binaryEvent({ type: 'LegacyImported', data: new Uint8Array([0, 1, 2, 255]) }),
      );
      const otherMetadata = await foreign(
        `${prefix}legacy-2`,
        jsonEvent({ type: 'SomethingElse', data: { a: 1 }, metadata: { source: 'another tool' } }),
      );
      await foreign(
        `other-app-${run}`,
        jsonEvent({ type: 'CooperativeRegistered', data: { cooperativeId: 'y', name: 'not ours either' } }),
      );
      const second = await store.append(cooperativeStream('coop-b'), 'no_stream', [registered('coop-b', 'Beta eG')]);
      // A foreign event after our last: the head is still our last event (the demo and first start wait for it).
      await foreign(`${prefix}legacy-3`, binaryEvent({ type: 'LegacyImported', data: new Uint8Array([9]) }));
      expect(await store.headPosition()).toBe(second.position);

      const read: RecordedEvent[] = await store.readAll(-1n, 10);
      expect(read.map((e) => [e.streamId, e.position])).toEqual([
        [cooperativeStream('coop-a'), first.position],
        [cooperativeStream('coop-b'), second.position],
      ]);
      // A page filled by skipped events is followed by the next: a short page still means the end of the log.
      expect((await store.readAll(first.position, 1)).map((e) => e.position)).toEqual([second.position]);
      expect(
        warnings.some((w) => w.includes(`position ${binary} `) && w.includes('its data is not a JSON object')),
      ).toBe(true);
      expect(
        warnings.some(
          (w) => w.includes(`position ${otherMetadata} `) && w.includes('its metadata has no cooperativeId'),
        ),
      ).toBe(true);

      const readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'), { views: areas.views });
      await readStore.ensureCollections(areas.collections);
      const runner = new ProjectionRunner(store, readStore, areas.projectors);
      const failures: unknown[] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]): void => void failures.push(args);
      try {
        await runner.start();
        await runner.waitFor(second.position, 20_000);
        const page = await readStore.find('cooperatives', { cooperativeId: null, limit: 10 });
        expect(page.items.map((c) => c.id).sort()).toEqual(['coop-a', 'coop-b']);
        // Never restarted: a foreign event stopping the subscription would be logged as a failure and retried.
        expect(failures).toEqual([]);
        const skipped = warnings.length;
        await runner.rebuild();
        expect(warnings).toHaveLength(skipped);
        expect((await readStore.find('cooperatives', { cooperativeId: null, limit: 10 })).total).toBe(2);
      } finally {
        console.error = consoleError;
        await runner.stop();
        await readStore.close();
      }
    });

    it("leaves another installation's streams alone: same names, another prefix", async () => {
      const other = new KurrentEventStore(url, { streamPrefix: `shared-other-${run}.`, warn: () => undefined });
      try {
        expect(await other.headPosition()).toBe(-1n);
        const mine = await other.append(cooperativeStream('coop-a'), 'no_stream', [
          registered('coop-a', 'Alpha of the other'),
        ]);
        expect(mine.revisions).toEqual({ [cooperativeStream('coop-a')]: 0 });
        expect((await other.readAll(-1n, 10)).map((e) => e.data)).toEqual([
          { cooperativeId: 'coop-a', name: 'Alpha of the other' },
        ]);
        expect((await store.readStream(cooperativeStream('coop-a'))).map((e) => e.data)).toEqual([
          { cooperativeId: 'coop-a', name: 'Alpha eG' },
        ]);
      } finally {
        await other.close();
      }
    });
  });
} else {
  console.info('KurrentDB shared-server suite skipped: EVENT_STORE_URL is not set.');
  describe.skip('KurrentDB shared-server suite skipped: EVENT_STORE_URL is not set', () => {
    it('KurrentDB shared-server suite skipped: EVENT_STORE_URL is not set', () => undefined);
  });
}
