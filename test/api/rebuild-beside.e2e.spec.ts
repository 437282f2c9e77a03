/**
 * Issue 41, decision 171: a rebuild (the admin route) builds the read models beside the current ones while clients
 * read and write, and switches in one step. No read answers from a half-built model (the member count and the
 * postings' count never drop while it runs), the writes made meanwhile are in the switched models, and these equal a
 * fresh rebuild (`npm run projections:rebuild` on the same log afterwards). Runs the compiled services (npx tsc -b services).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { READ_STORE_POINTER } from '@coop/projections';
import { auth, startApp, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';
import { caughtUp, readModels, rebuild } from './support/server-process.js';

const MEMBERS = 16;
const POSTINGS_EACH = 8;

let t: TestApp;
beforeAll(async () => {
  t = await startApp(WITH_READ_THREAD);
  await setTerms(t.http, t.adminToken, t.cooperativeId);
  for (let i = 0; i < MEMBERS; i++) {
    const m = await createMember(t.http, t.adminToken, { name: `Beside${i}`, givenName: `Bea${i}`, shareAmount: 1 });
    for (let p = 0; p < POSTINGS_EACH; p++) {
      const date = `2022-${String(1 + p).padStart(2, '0')}-01`;
      await posted(t.http, t.adminToken, {
        member: m.id,
        type: 1,
        quantity: 1,
        date,
        approvalDate: date,
        interestBegin: '2023-01-01',
      });
    }
  }
}, 180_000);
afterAll(async () => t?.close());

/** How many members and postings the lists say there are. */
async function counts(): Promise<{ members: number; balances: number }> {
  const [members, balances] = await Promise.all([
    request(t.http).get('/api/v1/members?limit=1').set(auth(t.adminToken)),
    request(t.http).get('/api/v1/balances?limit=1').set(auth(t.adminToken)),
  ]);
  return { members: Number(members.headers['totalitems'] ?? 0), balances: Number(balances.headers['totalitems'] ?? 0) };
}

describe('a rebuild beside the current read models', () => {
  it('answers every read from complete read models while it runs, keeps the writes made meanwhile, and equals a fresh rebuild', async () => {
    const before = await counts();
    expect(before.members).toBe(MEMBERS);
    let done = false;
    const rebuilt = request(t.http)
      .post('/api/v1/admin/projections/rebuild')
      .set(auth(t.adminToken))
      .then((res) => ((done = true), res));
    // Readers: the counts may only grow (writes land), never drop (an emptied or half-filled model).
    const seen: { members: number; balances: number }[] = [];
    const readers = Array.from({ length: 3 }, async () => {
      while (!done) seen.push(await counts());
    });
    // A writer: members admitted while the rebuild runs.
    const written: string[] = [];
    const writer = (async () => {
      for (let i = 0; !done && i < 20; i++)
        written.push(
          (await createMember(t.http, t.adminToken, { name: `During${i}`, givenName: `Dora${i}`, shareAmount: 1 })).id,
        );
    })();
    const res = await rebuilt;
    await Promise.all([...readers, writer]);
    expect(res.status).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    for (const c of seen) {
      expect(c.members).toBeGreaterThanOrEqual(before.members);
      expect(c.balances).toBeGreaterThanOrEqual(before.balances);
    }
    // Switched to the side file, and the writes made meanwhile are in it.
    expect(readFileSync(join(t.dataDir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.1.sqlite');
    await caughtUp(t.dataDir);
    const after = await counts();
    expect(after.members).toBe(MEMBERS + written.length);
    for (const id of written) await request(t.http).get(`/api/v1/members/${id}`).set(auth(t.adminToken)).expect(200);

    // The switched models equal a fresh rebuild of the same log (the API stopped: the command needs the store alone).
    const switched = readModels(t.dataDir);
    await t.running.close();
    rebuild(t.dataDir);
    expect(readFileSync(join(t.dataDir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.2.sqlite');
    expect(readModels(t.dataDir)).toEqual(switched);
  }, 120_000);
});
