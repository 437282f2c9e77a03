import { jest } from '@jest/globals';
import request from 'supertest';
import type { CleanMemberResult, EventStore, MemberDto, NewEvent, ReadDocument, StreamAppend } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';

/*
 * A data-protection probe: writes recorded while the clean-up ran were accepted after `MembersErased` (the erased check
 * read the read models only), and their personal data stayed in clear in the live read models, while the keys deleted
 * after them left the log shredded and a rebuild blank. Here the writes are held at their append until the erasure is in
 * the log, and go on before its keys are deleted (the probe's order, without timing):
 * - through the API, a master-data change and an heirs' account: refused (`memberErased`), decided on the erasure log
 *   checked in their own write;
 * - appended to the log as such writes were (a master-data change, an heirs' account): the read models keep them
 *   blanked as the erasure did, so nothing of them is readable and a rebuild gives the same documents.
 */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

/** Every personal value the raced writes carry: none may be readable after the clean-up. */
const RACED = {
  changeName: 'Wiederda',
  changeGiven: 'Neunzig',
  changeIban: 'DE44700202700015550001',
  heirsHolder: 'Erbengemeinschaft Neuerbe',
  heirsIban: 'DE17700202700015550002',
  loggedName: 'Rohwieder',
  loggedGiven: 'Rosalind',
  loggedHolder: 'Nachlass Rohfassung',
  loggedIban: 'DE87700202700015550003',
};
const found = (text: string): string[] => Object.values(RACED).filter((value) => text.includes(value));

/** Every read-model document, in a stable order, once they include every event stored so far. */
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

/** A promise with its resolve. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('writes raced with the clean-up of former members', () => {
  let t: TestApp;
  /** Changed through the API, held at its append until the erasure is in the log. */
  let changed: MemberDto;
  /** Its heirs' account recorded through the API, held likewise. */
  let heir: MemberDto;
  /** A change and an heirs' account appended to the log right after the erasure, before its keys go. */
  let logged: MemberDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    // Died in 2012 (membership ended 31.12.2012), settlement paid 2013: due since 1 January 2024.
    changed = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Vorher', givenName: 'Viktor' });
    heir = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Verstorben', givenName: 'Vera' });
    logged = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Protokoll', givenName: 'Paul' });
    for (const m of [changed, heir, logged])
      await diedAndSettled(t.http, t.adminToken, m.id, '2012-02-01', '2013-03-01');
  }, 60_000);
  afterAll(async () => t.close());

  it('refuses the writes met by the erasure; nothing of them is readable; the live read models equal a rebuild', async () => {
    const events = t.running.storage.events as EventStore;
    const appendOne = events.append.bind(events);
    const appendMany = events.appendMulti.bind(events);
    const meta = {
      cooperativeId: t.cooperativeId,
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'c-race',
      causationId: 'c-race',
      schemaVersion: 1,
    };
    const raw = (type: string, data: Record<string, unknown>): NewEvent => ({ type, data, metadata: meta }) as NewEvent;

    const erasureWritten = deferred();
    // Each raced write: arrived at its append (held), and its append done or refused (settled).
    const held = { change: deferred(), heirs: deferred() };
    const settled = { change: deferred(), heirs: deferred() };
    const writes = (appends: readonly StreamAppend[]) =>
      new Set(appends.filter((a) => a.events.length > 0).map((a) => a.streamId));
    let erasures = 0;
    /** Holds the raced writes until the erasure is appended; appends the erasure, then lets them go before its keys go. */
    const around = async <T>(appends: readonly StreamAppend[], append: () => Promise<T>): Promise<T> => {
      const streams = writes(appends);
      const raced = streams.has(`member-${changed.id}`)
        ? 'change'
        : streams.has(`settlement-${heir.id}`)
          ? 'heirs'
          : null;
      if (raced && erasures === 0) {
        held[raced].resolve();
        await erasureWritten.promise;
        const result = append();
        result.then(
          () => settled[raced].resolve(),
          () => settled[raced].resolve(),
        );
        return result;
      }
      if (!streams.has(`dataprotection-${t.cooperativeId}`) || erasures++ > 0) return append();
      const result = await append();
      erasureWritten.resolve();
      // As the probe's accepted writes: in the log after the erasure, sealed under keys still there.
      await appendMany([
        {
          streamId: `member-${logged.id}`,
          expected: 'any',
          events: [
            raw('MemberDataChanged', { memberId: logged.id, name: RACED.loggedName, givenName: RACED.loggedGiven }),
          ],
        },
        {
          streamId: `settlement-${logged.id}`,
          expected: 'any',
          events: [
            raw('HeirsAccountRecorded', {
              memberId: logged.id,
              accountHolder: RACED.loggedHolder,
              iban: RACED.loggedIban,
              bic: null,
            }),
          ],
        },
      ]);
      // The API's writes go on now, before the clean-up deletes the keys.
      await Promise.all([settled.change.promise, settled.heirs.promise]);
      return result;
    };
    const one = jest
      .spyOn(events, 'append')
      .mockImplementation((streamId, expected, list) =>
        around([{ streamId, expected, events: list }], () => appendOne(streamId, expected, list)),
      );
    const many = jest
      .spyOn(events, 'appendMulti')
      .mockImplementation((appends) => around(appends, () => appendMany(appends)));
    let change, heirs, run;
    try {
      const current = await member(t.http, t.adminToken, changed.id);
      change = request(t.http)
        .put(`/api/v1/members/${changed.id}`)
        .set(auth(t.adminToken))
        .send({
          ...current,
          name: RACED.changeName,
          givenName: RACED.changeGiven,
          iban: RACED.changeIban,
          confirmWarnings: true,
        })
        .then((r) => r);
      heirs = request(t.http)
        .post('/api/v1/settlements/heirs')
        .set(auth(t.adminToken))
        .send({ memberId: heir.id, accountHolder: RACED.heirsHolder, iban: RACED.heirsIban, bic: 'SSKMDEMMXXX' })
        .then((r) => r);
      // Both passed their checks and wait at their append: the clean-up runs now.
      await Promise.all([held.change.promise, held.heirs.promise]);
      run = (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
        .body as CleanMemberResult;
    } finally {
      one.mockRestore();
      many.mockRestore();
    }
    const [changeAnswer, heirsAnswer] = [await change, await heirs];
    expect(run.members.map((m) => m.id).sort()).toEqual([changed.id, heir.id, logged.id].sort());
    expect(erasures).toBeGreaterThan(0);

    // Nothing of the raced writes in the read models, the member answers, the search, the settlements, the histories.
    const live = await snapshot(t);
    expect(found(JSON.stringify(live))).toEqual([]);
    const answers: unknown[] = [];
    for (const m of [changed, heir, logged]) {
      answers.push(await member(t.http, t.adminToken, m.id));
      answers.push((await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken))).body);
    }
    for (const search of [RACED.changeName, RACED.loggedName])
      answers.push((await request(t.http).get(`/api/v1/members?search=${search}`).set(auth(t.adminToken))).body);
    answers.push((await request(t.http).get('/api/v1/settlements?year=2012').set(auth(t.adminToken))).body);
    expect(found(JSON.stringify(answers))).toEqual([]);
    for (const m of [changed, heir, logged])
      expect(await member(t.http, t.adminToken, m.id)).toMatchObject({ memberType: 2 });

    // A rebuild gives exactly the live documents.
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    expect(await snapshot(t)).toEqual(live);

    // The API's writes met the erasure in their own append and were refused, as after it.
    const refused = [{ field: null, template: 'memberErased', parameters: {} }];
    expect([changeAnswer.status, changeAnswer.body.errors]).toEqual([400, refused]);
    expect([heirsAnswer.status, heirsAnswer.body.errors]).toEqual([400, refused]);
  });
});
