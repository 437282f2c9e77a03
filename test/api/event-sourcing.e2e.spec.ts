import Database from 'better-sqlite3';
import request from 'supertest';
import { businessToday, type EventStore, type ReadDocument } from '@coop/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../services/src/platform/config/config.js';
import { openStorage } from '../../services/src/platform/storage.js';
import { CHECKPOINT } from '@coop/projections';
import { AREAS, auth, RUNTIME, startApp, USER_PASSWORD, userWith, type TestApp } from './support/app.js';
import { createMember, DATES, posted, setTerms, validMember } from './support/members.js';
import { createNonAssessment, createOrder, validNonAssessment, validOrder } from './support/tax-papers.js';

/** The API without projections, plus a worker: its own storage connection and runner (in its thread), as `worker.ts` does. */
async function startAppWithWorker(): Promise<{ app: TestApp; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-worker-'));
  const worker = await openStorage(loadConfig({ DATA_DIR: dataDir }), AREAS, { readThreads: false, runtime: RUNTIME });
  await worker.runner.start();
  const app = await startApp({ DATA_DIR: dataDir, RUN_PROJECTIONS: 'false' });
  return {
    app,
    close: async () => {
      await app.close();
      await worker.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every document of every read model, in a stable order, once they include every event stored so far. Read from the
 * read store directly, not through a request, nothing else waits for them: a posting is answered before the projection
 * thread has stored it (decision 40), and the client's next request would wait for it, not this read.
 */
async function snapshot(t: TestApp): Promise<Record<string, ReadDocument[]>> {
  await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
  const out: Record<string, ReadDocument[]> = {};
  for (const name of t.running.storage.runner.collections) {
    out[name] = (
      await t.running.storage.readStore.find(name, { cooperativeId: null, sort: [{ field: 'id', direction: 'asc' }] })
    ).items;
  }
  return out;
}

describe('event sourcing guarantees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('every event carries cooperative, user, UTC timestamp, correlation and causation ids and a schema version', async () => {
    const before = await t.running.storage.events.headPosition();
    await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' })
      .expect(201);
    const [event] = await t.running.storage.events.readAll(before, 10);
    expect(event!.type).toBe('ElmaNumberAdded');
    expect(event!.metadata).toEqual({
      cooperativeId: t.cooperativeId,
      user: 'admin',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      causationId: expect.any(String),
      schemaVersion: 1,
    });
  });

  it('rebuilding every read model from the log gives exactly what live projection built', async () => {
    const u = await userWith(t.http, t.adminToken, 'rebuilder', ['ROLE_USER']);
    await request(t.http)
      .put(`/api/v1/users/${u.id}`)
      .set(auth(t.adminToken))
      .send({ username: 'rebuilt', roles: ['ROLE_USER', 'ROLE_RESTRICTED_USER'] })
      .expect(200);
    const elma = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'km', elmaNumber: '12345678901' });
    await request(t.http)
      .delete(`/api/v1/elmanumbers/${(elma.body as { id: string }).id}`)
      .set(auth(t.adminToken))
      .expect(204);
    // Members: admission, master data change, additions, a transfer and its annulation, an exit, a register correction.
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const a = await createMember(t.http, t.adminToken, { name: 'Rebuild A', shareAmount: 5 });
    const b = await createMember(t.http, t.adminToken, { name: 'Rebuild B', shareAmount: 2 });
    await request(t.http)
      .put(`/api/v1/members/${a.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Rebuild A', city: 'Neustadt', civilStatus: 1, spouse: b.id }))
      .expect(200);
    const add = await posted(t.http, t.adminToken, { member: a.id, type: 1, quantity: 2, ...DATES });
    const transfer = await posted(t.http, t.adminToken, {
      member: a.id,
      type: 3,
      quantity: 3,
      transferTo: b.id,
      ...DATES,
    });
    await posted(t.http, t.adminToken, { type: 5, annulPeer: transfer.id });
    await request(t.http)
      .put(`/api/v1/shares/${add.id}`)
      .set(auth(t.adminToken))
      .send({ rueckpfleinzahlung: 1000, interestEnd: '2030-12-31' })
      .expect(200);
    // Tax papers: a joint order naming the spouse linked in A's master data, its correction, a certificate and its correction.
    const order = await createOrder(
      t.http,
      t.adminToken,
      validOrder(a.id, { joint: true, spouse: b.id, amount: 150_000 }),
    );
    await request(t.http)
      .put(`/api/v1/exemptionorders/${order.id}`)
      .set(auth(t.adminToken))
      .send(validOrder(a.id, { endDate: null }))
      .expect(200);
    const nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(b.id));
    await request(t.http)
      .put(`/api/v1/nonassessments/${nv.id}`)
      .set(auth(t.adminToken))
      .send(validNonAssessment(b.id, { original: null }))
      .expect(200);
    // The death is recorded after the transfer's annulation (dated today): an end may not lie before a posting.
    await posted(t.http, t.adminToken, { member: b.id, type: 6, ...DATES, noticeDate: businessToday() });
    const live = await snapshot(t);
    expect(live.exemptionorders!.length).toBe(1);
    expect(live.nonassessments!.length).toBe(1);
    expect(live.users!.length).toBeGreaterThan(1);
    expect(live.members!.length).toBe(2);
    expect(live.balances!.length).toBe(8);
    // The share register's rows are the postings' documents (decision 35): no collection of their own.
    expect(live.shares).toBeUndefined();
    expect(live.balances!.find((d) => d.id === add.id)).toMatchObject({
      rueckpfleinzahlung: 1000,
      interestEnd: '2030-12-31',
      cdcAction: 'update',
    });
    expect(live.memberstats!.length).toBe(1);
    const res = await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken));
    expect(res.status).toBe(200);
    expect((res.body as { events: number }).events).toBeGreaterThan(5);
    expect(await snapshot(t)).toEqual(live);
  });

  it('applying the same batch twice changes nothing', async () => {
    const events = await t.running.storage.events.readAll(-1n, 1000);
    const before = await snapshot(t);
    await t.running.storage.runner.apply(events);
    expect(await snapshot(t)).toEqual(before);
  });

  it('erasing a user deletes the key: history stays readable, personal fields read as erased', async () => {
    const u = await userWith(t.http, t.adminToken, 'forget-me', ['ROLE_USER']);
    await t.running.storage.keys.erase(`user-${u.id}`);
    const stream = await t.running.storage.events.readStream(`user-${u.id}`);
    expect(stream[0]).toMatchObject({
      type: 'UserCreated',
      data: { userId: u.id, cooperativeId: t.cooperativeId, roles: ['ROLE_USER'], username: null, passwordHash: null },
      erased: expect.arrayContaining(['username', 'passwordHash']),
    });
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    const doc = await request(t.http).get(`/api/v1/users/${u.id}`).set(auth(t.adminToken));
    expect(doc.body).toMatchObject({ id: u.id, username: '', roles: ['ROLE_USER'] });
    expect(
      (await request(t.http).post('/api/v1/login').send({ username: 'forget-me', password: USER_PASSWORD })).status,
    ).toBe(401);
  });

  it('erasing a member deletes the key: postings and history stay, the master data reads as erased', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Vergessen', givenName: 'Vera' });
    const raw = await t.running.storage.events.readStream(`member-${m.id}`);
    expect(raw[0]).toMatchObject({ type: 'MemberAdmitted', data: { name: 'Vergessen', memberNr: m.memberNr } });
    // On disk the master data is sealed: neither the name nor the IBAN appears in clear.
    const db = new Database(join(t.dataDir, 'events.sqlite'), { readonly: true });
    const stored = db
      .prepare('SELECT * FROM events')
      .all()
      .map((row) => JSON.stringify(row))
      .filter((row) => row.includes(m.id));
    db.close();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.includes('Vergessen') || row.includes('DE89370400440532013000'))).toBe(false);
    await t.running.storage.keys.erase(`member-${m.id}`);
    const stream = await t.running.storage.events.readStream(`member-${m.id}`);
    expect(stream[0]).toMatchObject({
      type: 'MemberAdmitted',
      data: { name: null, givenName: null, iban: null, memberNr: m.memberNr, entryDate: '2020-01-15' },
    });
    expect(stream[0]!.erased).toEqual(expect.arrayContaining(['name', 'givenName', 'iban', 'birthDate', 'street']));
    expect(stream[1]).toMatchObject({ type: 'SharesPosted', data: { type: 0, quantity: 4 } });
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    const doc = await request(t.http).get(`/api/v1/members/${m.id}`).set(auth(t.adminToken)).expect(200);
    expect(doc.body).toMatchObject({ id: m.id, name: null, givenName: null, memberNr: m.memberNr, shareAmount: 4 });
    const history = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200);
    expect((history.body as { type: string }[]).map((h) => h.type)).toEqual(['MemberAdmitted', 'SharesPosted']);
  });

  it('parallel writes to one record all land, in some order, through reload and retry', async () => {
    const created = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    const id = (created.body as { id: string }).id;
    const numbers = ['32345671', '52345671', '72345671', '12345672'];
    const answers = await Promise.all(
      numbers.map((n) =>
        request(t.http)
          .put(`/api/v1/elmanumbers/${id}`)
          .set(auth(t.adminToken))
          .send({ elmaProcess: 'fs', elmaNumber: n }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const stream = await t.running.storage.events.readStream(`elmanumber-${id}`);
    expect(stream.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    const final = await request(t.http).get(`/api/v1/elmanumbers/${id}`).set(auth(t.adminToken));
    expect((final.body as { elmaNumber: string }).elmaNumber).toBe(
      (stream[4]!.data as { elmaNumber: string }).elmaNumber,
    );
  });

  it('a write that keeps losing to a concurrent writer gives up with 409', async () => {
    const created = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
    const id = (created.body as { id: string }).id;
    // A real second writer: before each of our appends it appends to the same stream first.
    const store = t.running.storage.events;
    const original = store.append.bind(store);
    let interfering = 0;
    const rival: EventStore['append'] = async (streamId, expected, events) => {
      if (streamId === `elmanumber-${id}`) {
        interfering += 1;
        const head = (await store.readStream(streamId)).length - 1;
        await original(streamId, head, [
          { ...events[0]!, data: { elmaNumberId: id, elmaProcess: 'fs', elmaNumber: `3234567${interfering}` } },
        ]);
      }
      return original(streamId, expected, events);
    };
    store.append = rival;
    try {
      const res = await request(t.http)
        .put(`/api/v1/elmanumbers/${id}`)
        .set(auth(t.adminToken))
        .send({ elmaProcess: 'fs', elmaNumber: '52345671' });
      expect(res.status).toBe(409);
      expect((res.body as { message: string }).message).toMatch(/changed by someone else/);
      expect(res.body).toMatchObject({ errors: [{ field: null, template: 'conflict', parameters: {} }] });
      expect(interfering).toBe(5);
    } finally {
      store.append = original;
    }
    const stream = await store.readStream(`elmanumber-${id}`);
    expect(stream.every((e) => (e.data as { elmaNumber: string }).elmaNumber !== '52345671')).toBe(true);
  });
});

describe('projections in a separate worker (RUN_PROJECTIONS=false)', () => {
  it('the API still reads its own writes, waiting on the stored checkpoint', async () => {
    const t = await startAppWithWorker();
    try {
      const res = await request(t.app.http)
        .post('/api/v1/elmanumbers')
        .set(auth(t.app.adminToken))
        .send({ elmaProcess: 'km', elmaNumber: '12345678901' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ elmaNumber: '12345678901' });
      expect(t.app.running.storage.runner.processedUpTo).toBe(-1n);
      const rebuild = await request(t.app.http).post('/api/v1/admin/projections/rebuild').set(auth(t.app.adminToken));
      expect(rebuild.status).toBe(409);
      expect((rebuild.body as { message: string }).message).toMatch(/separate worker/);
    } finally {
      await t.close();
    }
  });

  it('a posting waits for the stored checkpoint before it answers: another API process may answer the next request', async () => {
    const t = await startAppWithWorker();
    try {
      const { http, adminToken, cooperativeId, running } = t.app;
      await setTerms(http, adminToken, cooperativeId, 25000, 1);
      const m = await createMember(http, adminToken, { shareAmount: 2 });
      const b = await posted(http, adminToken, { member: m.id, type: 1, quantity: 3, ...DATES });
      // Read at once, without the API's own guard: the worker's read models already hold the posting.
      expect(await running.storage.readStore.checkpoint(CHECKPOINT)).toBe(await running.storage.events.headPosition());
      expect(await running.storage.readStore.get('balances', b.id)).toMatchObject({
        member: m.id,
        quantity: 3,
        amount: 75000,
      });
    } finally {
      await t.close();
    }
  });
});
