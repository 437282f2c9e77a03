import request from 'supertest';
import { businessToday, type MemberDto, type ReadDocument, type RecordedEvent } from '@coop/contracts';
import { areas } from '../../services/src/areas.js';
import { join } from 'node:path';
import { PersonalDataCipher } from '../../services/src/platform/event-store/personal-data.js';
import { SqliteEventStore } from '../../services/src/platform/event-store/sqlite-event-store.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { params, store } from './support/dividend.js';
import { createMember, member, posted, setTerms } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';

/*
 * Church data erased earlier than the member (issue 27; DOMAIN.md 9.3; § 51a Abs. 2c EStG; decision 101): its fields are
 * sealed under the member's church key `member-church-<id>`, deleted once a null answer is written and, for a former
 * member, by the clean-up once its last payout's year has ended. The church data then reads null in the decrypted log,
 * the history and every read model, also after a rebuild; the member's other personal data still reads.
 */
const THIS_YEAR = Number(businessToday().slice(0, 4));
const LONG_AGO = { entryDate: '2015-01-15', approvalDate: '2015-01-20', interestBegin: '2015-02-01' };
const died = (noticeDate: string) => ({
  type: 6,
  date: noticeDate,
  approvalDate: noticeDate,
  interestBegin: noticeDate,
  noticeDate,
});
const CHURCH = { churchId: 'ev', churchTaxRate: '9', kiSt: 'ev', kiStSatz: '9' };
const CHURCH_FIELDS = ['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz', 'churchName', 'churchRate'] as const;

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

/** The church fields with a value in any read-model document of the member: [collection, id, field, value]. */
function churchIn(docs: Record<string, ReadDocument[]>, memberId: string): [string, string, string, unknown][] {
  const out: [string, string, string, unknown][] = [];
  for (const [collection, list] of Object.entries(docs)) {
    for (const doc of list) {
      if (doc.id !== memberId && doc.member !== memberId && doc.memberId !== memberId) continue;
      for (const f of CHURCH_FIELDS)
        if (doc[f] !== undefined && doc[f] !== null) out.push([collection, doc.id, f, doc[f]]);
    }
  }
  return out;
}

/** The church values of the member's events as the product reads them (opened where the key exists). */
async function churchInLog(t: TestApp, memberId: string): Promise<unknown[]> {
  const events = await t.running.storage.events.readStream(`member-${memberId}`);
  return events
    .flatMap((e) =>
      CHURCH_FIELDS.filter((f) => f in (e.data as object)).map((f) => (e.data as Record<string, unknown>)[f]),
    )
    .filter((v) => v !== null);
}

/** The event log below the codec (what is stored, sealed), opened on the same file. */
async function stored<T>(t: TestApp, use: (adapter: SqliteEventStore) => Promise<T>): Promise<T> {
  const adapter = new SqliteEventStore(join(t.dataDir, 'events.sqlite'));
  try {
    return await use(adapter);
  } finally {
    await adapter.close();
  }
}

const churchKey = (t: TestApp, memberId: string) => t.running.storage.keys.find(`member-church-${memberId}`);
const memberKey = (t: TestApp, memberId: string) => t.running.storage.keys.find(`member-${memberId}`);
const answer = (t: TestApp, memberId: string, churchId: string | null, churchTaxRate: string | null) =>
  request(t.http)
    .put(`/api/v1/members/${memberId}/church-tax`)
    .set(auth(t.adminToken))
    .send({ churchId, churchTaxRate, queriedOn: `${THIS_YEAR}-01-20` });

describe('church data erased earlier: a key of its own (decision 101)', () => {
  let t: TestApp;
  let klara: MemberDto;
  let nachbar: MemberDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    klara = await createMember(t.http, t.adminToken, {
      name: 'Kirchner',
      givenName: 'Klara',
      iban: 'DE02120300000000202051',
      ...CHURCH,
    });
    nachbar = await createMember(t.http, t.adminToken, {
      name: 'Nachbar',
      givenName: 'Norbert',
      churchId: 'rk',
      churchTaxRate: '8',
    });
  }, 60_000);
  afterAll(async () => t.close());

  it('stores the church fields sealed under the church key, the other personal fields under the member key', async () => {
    expect(await churchKey(t, klara.id)).toBeDefined();
    const sealed = JSON.stringify(
      (await stored(t, (adapter) => adapter.readStream(`member-${klara.id}`))).map((e) => e.data),
    );
    expect(sealed).toContain(`member-church-${klara.id}`);
    expect(sealed).toContain(`"subject":"member-${klara.id}"`);
    expect(sealed).not.toContain('Kirchner');
    expect(await churchInLog(t, klara.id)).toEqual(['ev', '9', 'ev', '9']);
  });

  it('a null answer: the church data is gone from the decrypted log, the history and every read model, also after a rebuild; the rest still reads', async () => {
    expect((await answer(t, klara.id, null, null)).status).toBe(200);
    expect(await churchKey(t, klara.id)).toBeUndefined();
    expect(await memberKey(t, klara.id)).toBeDefined();
    expect(await churchInLog(t, klara.id)).toEqual([]);
    const [admitted] = await t.running.storage.events.readStream(`member-${klara.id}`);
    expect(admitted).toMatchObject({
      data: { name: 'Kirchner', givenName: 'Klara', iban: 'DE02120300000000202051', churchId: null, kiSt: null },
      erased: ['churchId', 'churchTaxRate', 'kiSt', 'kiStSatz'],
    });

    const after = await snapshot(t);
    expect(churchIn(after, klara.id)).toEqual([]);
    expect(churchIn(after, nachbar.id)).toEqual(expect.arrayContaining([['members', nachbar.id, 'churchId', 'rk']]));
    expect(await member(t.http, t.adminToken, klara.id)).toMatchObject({
      name: 'Kirchner',
      givenName: 'Klara',
      iban: 'DE02120300000000202051',
      churchId: null,
      churchTaxRate: null,
      kiSt: null,
      kiStSatz: null,
    });
    const history = (
      await request(t.http).get(`/api/v1/members/${klara.id}/history`).set(auth(t.adminToken)).expect(200)
    ).body as unknown;
    expect(JSON.stringify(history)).not.toMatch(/"(ev|9)"/);

    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    expect(await snapshot(t)).toEqual(after);
  });

  it('a later answer creates a new church key: it reads, the church data before the null answer stays erased', async () => {
    expect((await answer(t, klara.id, 'rk', '8')).status).toBe(200);
    expect(await churchKey(t, klara.id)).toBeDefined();
    expect(await churchInLog(t, klara.id)).toEqual(['rk', '8']);
    expect(await member(t.http, t.adminToken, klara.id)).toMatchObject({
      churchId: 'rk',
      churchTaxRate: '8',
      kiSt: null,
    });
    const after = await snapshot(t);
    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    expect(await snapshot(t)).toEqual(after);
    expect(await member(t.http, t.adminToken, klara.id)).toMatchObject({ name: 'Kirchner', churchId: 'rk' });
  });

  it('an event sealed before decision 101 (church fields under the member key) still reads', async () => {
    const old = await createMember(t.http, t.adminToken, { name: 'Altbestand', givenName: 'Albert' });
    // Sealed as the product did before: one subject for all the personal fields.
    const before = new PersonalDataCipher(t.running.storage.keys, {
      MemberDataChanged: {
        subject: (d) => `member-${String(d.memberId)}`,
        fields: areas.personalData.MemberDataChanged!.fields,
      },
    });
    const data = await before.seal('MemberDataChanged', {
      memberId: old.id,
      city: 'Altstadt',
      churchId: 'ak',
      churchTaxRate: '9',
    });
    expect(JSON.stringify(data)).not.toContain('member-church-');
    const metadata = {
      cooperativeId: t.cooperativeId,
      user: 'admin',
      timestamp: new Date().toISOString(),
      correlationId: 'c-old',
      causationId: 'c-old',
      schemaVersion: 1,
    };
    await stored(t, async (adapter) => {
      const head = (await adapter.readStream(`member-${old.id}`)).at(-1)!;
      await adapter.append(`member-${old.id}`, head.revision, [{ type: 'MemberDataChanged', data, metadata }]);
    });
    const events: RecordedEvent[] = await t.running.storage.events.readStream(`member-${old.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'MemberDataChanged',
      data: { city: 'Altstadt', churchId: 'ak', churchTaxRate: '9' },
    });
    expect(events.at(-1)!.erased).toBeUndefined();
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    expect(await member(t.http, t.adminToken, old.id)).toMatchObject({
      name: 'Altbestand',
      city: 'Altstadt',
      churchId: 'ak',
      churchTaxRate: '9',
    });
  });
});

describe('church data of former members: the clean-up erases it after their last payout (decision 101)', () => {
  let t: TestApp;
  let former: MemberDto;
  let recent: MemberDto;
  let held: MemberDto;
  let active: MemberDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    // Died in 2023: the membership ended 31.12.2023, the settlement paid 01.03.2024: church data due from 01.01.2025.
    former = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Ausgetreten',
      givenName: 'Agathe',
      ...CHURCH,
    });
    await diedAndSettled(t.http, t.adminToken, former.id, '2023-03-01', '2024-03-01');
    // Died this year (on 1 January: never a day to come): the membership ends 31 December, its church data stays.
    recent = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Kuerzlich', givenName: 'Kurt', ...CHURCH });
    await posted(t.http, t.adminToken, { member: recent.id, ...died(`${THIS_YEAR}-01-01`) });
    // Died in 2023 as well, but held.
    held = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Gehalten', givenName: 'Greta', ...CHURCH });
    await posted(t.http, t.adminToken, { member: held.id, ...died('2023-04-01') });
    await request(t.http)
      .put(`/api/v1/members/${held.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: 'Außenprüfung' })
      .expect(200);
    active = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Aktiv', givenName: 'Anton', ...CHURCH });
    // The cooperative's first dividend closed in the product is that of 2024: the dividends of Agathe's years were paid
    // before it, none is still to come (decision 354).
    await store(t.http, t.adminToken, params(2024)).expect(201);
  }, 60_000);
  afterAll(async () => t.close());

  it('records who, when and which members, deletes their church keys; twice records nothing more; a rebuild gives the same', async () => {
    const before = await snapshot(t);
    const run = (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200)).body as {
      count: number;
    };
    expect(run.count).toBe(0);
    const log = await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      type: 'ChurchDataErased',
      data: {
        rule: 'DOMAIN-9.3-church-after-last-payout',
        members: [{ memberId: former.id, memberNr: former.memberNr, exitDate: '2023-12-31', dueFrom: '2025-01-01' }],
      },
      metadata: { user: 'admin', cooperativeId: t.cooperativeId },
    });
    expect(await churchKey(t, former.id)).toBeUndefined();
    expect(await memberKey(t, former.id)).toBeDefined();
    for (const kept of [recent, held, active]) expect(await churchKey(t, kept.id)).toBeDefined();

    const after = await snapshot(t);
    expect(churchIn(after, former.id)).toEqual([]);
    expect(await churchInLog(t, former.id)).toEqual([]);
    expect(await member(t.http, t.adminToken, former.id)).toMatchObject({
      name: 'Ausgetreten',
      givenName: 'Agathe',
      memberType: 1,
      churchId: null,
      kiSt: null,
    });
    const others = (docs: Record<string, ReadDocument[]>) =>
      docs.members!.filter((d) => [recent.id, held.id, active.id].includes(d.id));
    expect(others(after)).toEqual(others(before));
    expect(await churchInLog(t, active.id)).toEqual(['ev', '9', 'ev', '9']);

    await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
    expect(await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`)).toHaveLength(1);

    await request(t.http).post('/api/v1/admin/projections/rebuild').set(auth(t.adminToken)).expect(200);
    expect(await snapshot(t)).toEqual(after);
  });

  it('completes a deletion an interruption left undone: the key of a member named in the log goes with the next run', async () => {
    // As if the run had stopped between its event and the key: a key made again for the former member (nothing typed in).
    await t.running.storage.keys.getOrCreate(`member-church-${former.id}`);
    await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
    expect(await churchKey(t, former.id)).toBeUndefined();
    expect(await churchKey(t, active.id)).toBeDefined();
  });
});
