import request from 'supertest';
import type { CleanMemberResult, MemberDto, MembersErased } from '@coop/contracts';
import { DueMembers } from '../../services/src/data-protection/queries/due-members.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';

/*
 * The clean-up in parts (decision 318): a run names its members in events of at most ERASURE_CHUNK_MEMBERS members
 * (here 2; 500 by default) and 256 KiB, each part's keys deleted after it, so that a cooperative's first clean-up of
 * thousands of members is no single event larger than KurrentDB's append and no single batch of every projector. A run
 * stopped after a part leaves the rest due: the next run erases them and the keys the stopped run left.
 */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };
/** The day they died (membership ended 31.12.2012); the settlement paid to the heirs in 2013. */
const DIED = '2012-02-01';

describe('data protection: the clean-up in parts', () => {
  let t: TestApp;
  const gone: MemberDto[] = [];
  const clean = async (): Promise<CleanMemberResult> =>
    (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
      .body as CleanMemberResult;
  const erasures = async () =>
    (await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`))
      .filter((e) => e.type === 'MembersErased')
      .map((e) => (e.data as MembersErased['data']).members.map((m) => m.memberNr));
  const keyed = async (members: readonly MemberDto[]) =>
    Promise.all(members.map(async (m) => (await t.running.storage.keys.find(`member-${m.id}`)) !== undefined));

  beforeAll(async () => {
    t = await startApp({ ERASURE_CHUNK_MEMBERS: '2' });
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    for (const name of ['Alt', 'Bald', 'Call', 'Dorn', 'Eck', 'Fern', 'Gram']) {
      const m = await createMember(t.http, t.adminToken, { ...LONG_AGO, name, givenName: 'Vera' });
      await diedAndSettled(t.http, t.adminToken, m.id, DIED, '2013-03-01');
      gone.push(m);
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('a run stopped after its first part: the next run erases the rest, in parts, and the keys the first left', async () => {
    // What the first part of a run writes before its keys are deleted (the run stopped there): its event alone.
    // Read past the API: first wait until the read models hold every write (the API's reads wait for their client's).
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    const dueMembers = t.running.app.get(DueMembers);
    const due = await dueMembers.due(t.cooperativeId, '2026-01-01', 10);
    expect(due.map((d) => d.doc.memberNr)).toEqual(gone.map((m) => m.memberNr));
    const first = await Promise.all(due.slice(0, 2).map((d) => dueMembers.documentsOf(t.cooperativeId, d)));
    await t.running.storage.events.append(`dataprotection-${t.cooperativeId}`, 'no_stream', [
      {
        type: 'MembersErased',
        data: {
          erasureId: 'stopped-run',
          cooperativeId: t.cooperativeId,
          asOf: '2026-01-01',
          rule: 'DOMAIN-9.3-last-entry-year',
          retentionYears: 10,
          members: first,
        },
        metadata: {
          cooperativeId: t.cooperativeId,
          user: 'admin',
          timestamp: '2026-01-01T09:00:00.000Z',
          correlationId: 'c-stopped',
          causationId: 'c-stopped',
          schemaVersion: 1,
        },
      },
    ]);
    expect(await keyed(gone)).toEqual([true, true, true, true, true, true, true]);

    const run = await clean();
    expect(run.count).toBe(5);
    expect(run.members.map((m) => m.memberNr)).toEqual(gone.slice(2).map((m) => m.memberNr));
    const nrs = gone.map((m) => m.memberNr);
    expect(await erasures()).toEqual([nrs.slice(0, 2), nrs.slice(2, 4), nrs.slice(4, 6), nrs.slice(6)]);
    expect(await keyed(gone)).toEqual([false, false, false, false, false, false, false]);
    for (const m of gone) {
      const doc = (await request(t.http).get(`/api/v1/members/${m.id}`).set(auth(t.adminToken)).expect(200))
        .body as MemberDto;
      expect(doc.name).not.toBe(m.name);
    }
    expect(await clean()).toEqual({ erasureId: null, count: 0, members: [] });
    expect(await erasures()).toHaveLength(4);
  });
});
