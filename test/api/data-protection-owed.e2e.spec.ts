import { jest } from '@jest/globals';
import request from 'supertest';
import type {
  ChurchDataErased,
  CleanMemberResult,
  DataProtectionListItem,
  DividendMemberDto,
  MemberDto,
  MembersErased,
  SettlementDto,
} from '@coop/contracts';
import { DueMembers } from '../../services/src/data-protection/queries/due-members.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { calc, params } from './support/dividend.js';
import { createMember, member, posted, setTerms } from './support/members.js';
import { settlementsOf } from './support/settlements.js';

/*
 * What the clean-up must not erase while the member is still owed something or is being held (a review's probe;
 * decisions 353, 354, 355): a settlement recorded and never paid keeps the member (DOMAIN.md 9.3 (i)); church data stays
 * while a dividend of a year the member held shares in is not closed (the church tax of that dividend needs it); and a
 * hold recorded while a run is under way is read on the member's stream when the run writes.
 */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };
const CHURCH = { churchId: 'ev', churchTaxRate: '9', kiSt: 'ev', kiStSatz: '9' };
/** A notice given on `day`: the membership ends on 31 December of its year. */
const notice = (day: string) => ({ type: 8, date: day, approvalDate: day, interestBegin: day, noticeDate: day });

describe('the clean-up keeps what is still owed or held', () => {
  let t: TestApp;
  let owed: MemberDto;
  let owedEnd: string;
  let churchLeaver: MemberDto;
  let heldLater: MemberDto;
  let heldAtWrite: MemberDto;

  const listed = async (): Promise<string[]> =>
    (
      (await request(t.http).get('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
        .body as DataProtectionListItem[]
    ).map((m) => m.id);
  const clean = async (): Promise<CleanMemberResult> =>
    (await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200))
      .body as CleanMemberResult;
  const pay = (m: MemberDto, balanceId: string, payoutDate: string) =>
    request(t.http)
      .post('/api/v1/settlements/pay')
      .set(auth(t.adminToken))
      .send({ ids: [`${m.id}.${balanceId}`], payoutDate });
  const hold = (m: MemberDto) =>
    request(t.http)
      .put(`/api/v1/members/${m.id}/retention-hold`)
      .set(auth(t.adminToken))
      .send({ held: true, reason: 'Klage anhängig' })
      .expect(200);
  const erasedIds = async (): Promise<string[]> =>
    (await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`))
      .filter((e) => e.type === 'MembersErased')
      .flatMap((e) => (e.data as MembersErased['data']).members.map((m) => m.memberId));

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    // Left 31.12.2012; its settlement is listed as overdue and was never paid.
    owed = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Schuldig', givenName: 'Olga' });
    owedEnd = (await posted(t.http, t.adminToken, { member: owed.id, ...notice('2012-06-01') })).id;
    // Left 31.12.2024 with church data, settlement paid 20.06.2025; the 2024 dividend is not closed yet.
    churchLeaver = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Kirchlich',
      givenName: 'Karla',
      ...CHURCH,
    });
    const churchEnd = await posted(t.http, t.adminToken, { member: churchLeaver.id, ...notice('2024-06-01') });
    await pay(churchLeaver, churchEnd.id, '2025-06-20').expect(201);
    // Two members who left 31.12.2012, settlement paid 2013: due, until a hold is recorded during the run.
    heldLater = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Spaeter', givenName: 'Sven' });
    heldAtWrite = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Zuletzt', givenName: 'Zora' });
    for (const m of [heldLater, heldAtWrite]) {
      const end = await posted(t.http, t.adminToken, { member: m.id, ...notice('2012-06-01') });
      await pay(m, end.id, '2013-03-01').expect(201);
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('a settlement recorded and never paid keeps the member, years later too; once paid, the member is due', async () => {
    const overdue = (await settlementsOf(t.http, t.adminToken, 2012)).find((s) => s.memberId === owed.id);
    expect(overdue).toMatchObject({ status: 'due', overdue: true, payoutDate: null });
    expect(await listed()).not.toContain(owed.id);
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    const later = await t.running.app.get(DueMembers).due(t.cooperativeId, '2045-01-01', 10);
    expect(later.map((d) => d.doc.id)).not.toContain(owed.id);

    // The settlement can still be paid (the member's account is there); then the books of 2026 count.
    const paid = await pay(owed, owedEnd, '2026-03-02').expect(201);
    expect((paid.body as SettlementDto[])[0]).toMatchObject({ status: 'paid', payoutDate: '2026-03-02' });
    await t.running.storage.runner.waitFor(await t.running.storage.events.headPosition());
    const due = await t.running.app.get(DueMembers).due(t.cooperativeId, '2037-01-01', 10);
    expect(due.find((d) => d.doc.id === owed.id)).toMatchObject({ exitDate: '2012-12-31', dueFrom: '2037-01-01' });
  });

  it("church data stays while the exit year's dividend is open: the 2024 dividend still withholds church tax", async () => {
    const open = (await settlementsOf(t.http, t.adminToken, 2024)).find((s) => s.memberId === churchLeaver.id);
    expect(open).toMatchObject({ status: 'paid', payoutDate: '2025-06-20', dividendOpen: true });
    const hook = jest.spyOn(t.running.app.get(DueMembers), 'due');
    // Let the members' step find nobody: this test is about the church step.
    hook.mockResolvedValueOnce([]);
    await clean();
    hook.mockRestore();
    const churchErased = (await t.running.storage.events.readStream(`dataprotection-${t.cooperativeId}`))
      .filter((e) => e.type === 'ChurchDataErased')
      .flatMap((e) => (e.data as ChurchDataErased['data']).members.map((m) => m.memberId));
    expect(churchErased).not.toContain(churchLeaver.id);
    expect(await t.running.storage.keys.find(`member-church-${churchLeaver.id}`)).toBeDefined();
    expect(await member(t.http, t.adminToken, churchLeaver.id)).toMatchObject({ churchId: 'ev', churchTaxRate: '9' });
    // The dividend of 2024 (4 shares of 250 €, 10 %: 100 €) withholds church tax at 9 %: KapESt 100 / 4.09.
    const preview = (await calc(t.http, t.adminToken, params(2024)).expect(200)).body as {
      members: DividendMemberDto[];
    };
    const row = preview.members.find((r) => r.member === churchLeaver.id)!;
    expect([row.dividend, row.dividendTax, row.churchTax]).toEqual([10_000, 2_444, 219]);
  });

  it('a hold recorded after the run read who is due, before it writes: the member is not erased', async () => {
    const dueMembers = t.running.app.get(DueMembers);
    const original = dueMembers.due.bind(dueMembers);
    const hook = jest.spyOn(dueMembers, 'due').mockImplementationOnce(async (...args) => {
      const found = await original(...args);
      expect(found.map((d) => d.doc.id)).toEqual(expect.arrayContaining([heldLater.id, heldAtWrite.id]));
      await hold(heldLater);
      return found;
    });
    // The other is held at the very write: before the erasure is appended (one stream or with others, atomically), its
    // hold is recorded; the append meets the member stream's new revision and the run decides again.
    const events = t.running.storage.events;
    let writes = 0;
    const holdFirst = async (streams: readonly string[]) => {
      if (!streams.some((s) => s.startsWith('dataprotection-')) || writes++ > 0) return;
      await hold(heldAtWrite);
    };
    const appendOne = events.append.bind(events);
    const appendMany = events.appendMulti.bind(events);
    const one = jest.spyOn(events, 'append').mockImplementation(async (streamId, expected, list) => {
      await holdFirst([streamId]);
      return appendOne(streamId, expected, list);
    });
    const many = jest.spyOn(events, 'appendMulti').mockImplementation(async (appends) => {
      await holdFirst(appends.map((x) => x.streamId));
      return appendMany(appends);
    });
    const run = await clean();
    hook.mockRestore();
    one.mockRestore();
    many.mockRestore();
    expect(run.members.map((m) => m.id)).not.toContain(heldLater.id);
    expect(await erasedIds()).not.toContain(heldLater.id);
    expect(writes).toBeGreaterThan(0);
    expect(run.members.map((m) => m.id)).not.toContain(heldAtWrite.id);
    expect(await erasedIds()).not.toContain(heldAtWrite.id);
    for (const m of [heldLater, heldAtWrite]) {
      expect(await t.running.storage.keys.find(`member-${m.id}`)).toBeDefined();
      expect(await member(t.http, t.adminToken, m.id)).toMatchObject({ name: m.name, retentionHold: true });
    }
  });
});
