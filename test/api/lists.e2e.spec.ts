import request from 'supertest';
import type { BalanceDto, MemberDto, Option, ShareDto } from '@coop/contracts';
import { auth, startApp, userWith, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, posted, setTerms } from './support/members.js';

describe('list conventions (users as the example)', () => {
  let t: TestApp;
  const names = ['bert', 'Carla', 'dora_1', 'dora%2', 'emil', 'Ärger'];
  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
    for (const n of names)
      await userWith(
        t.http,
        t.adminToken,
        n,
        n.startsWith('dora') ? ['ROLE_USER', 'ROLE_RESTRICTED_USER'] : ['ROLE_USER'],
      );
  });
  afterAll(async () => t.close());

  const list = (query: string) => request(t.http).get(`/api/v1/users${query}`).set(auth(t.adminToken));
  const usernames = (body: unknown): string[] => (body as { username: string }[]).map((u) => u.username);

  it('sorts by username by default, case-insensitively and in German dictionary order (Ä as A), and counts all matches in TotalItems', async () => {
    const res = await list('');
    expect(usernames(res.body)).toEqual(['admin', 'Ärger', 'bert', 'Carla', 'dora%2', 'dora_1', 'emil']);
    expect(res.headers.totalitems).toBe('7');
  });

  it('pages with offset and limit; order_by=-username sorts descending', async () => {
    const res = await list('?offset=2&limit=2&order_by=-username');
    expect(usernames(res.body)).toEqual(['dora%2', 'Carla']);
    expect(res.headers.totalitems).toBe('7');
  });

  it('matches search literally: % and _ are plain characters, case is ignored, umlauts work', async () => {
    expect(usernames((await list('?search=%25')).body)).toEqual(['dora%2']);
    expect(usernames((await list('?search=_')).body)).toEqual(['dora_1']);
    expect(usernames((await list('?search=CAR')).body)).toEqual(['Carla']);
    expect(usernames((await list('?search=ärg')).body)).toEqual(['Ärger']);
    expect((await list('?search=.*')).status).toBe(204);
  });

  it('answers 204 with no body and TotalItems 0 when nothing matches', async () => {
    const res = await list('?search=nobody-here');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.totalitems).toBe('0');
  });

  it('filters by a declared field, by several values, and by id list', async () => {
    // The first administrator holds every role.
    expect(usernames((await list('?filter=roles:ROLE_RESTRICTED_USER')).body)).toEqual(['admin', 'dora%2', 'dora_1']);
    const all = (await list('')).body as { id: string; username: string }[];
    const ids = all.filter((u) => ['bert', 'emil'].includes(u.username)).map((u) => u.id);
    expect(usernames((await list(`?filter=id:${ids.join(';')}`)).body)).toEqual(['bert', 'emil']);
    expect(usernames((await list('?filter=username:bert;emil')).body)).toEqual(['bert', 'emil']);
  });

  it('refuses an undeclared filter or sort field with 400 instead of ignoring it', async () => {
    const filter = await list('?filter=passwordHash:x');
    expect(filter.status).toBe(400);
    expect(filter.body).toEqual({
      errors: [{ field: 'filter', template: 'unknownField', parameters: { '0': 'passwordHash' } }],
    });
    const sort = await list('?order_by=cooperativeId');
    expect(sort.body).toEqual({
      errors: [{ field: 'order_by', template: 'unknownField', parameters: { '0': 'cooperativeId' } }],
    });
    expect((await list('?limit=abc')).body).toEqual({
      errors: [{ field: 'limit', template: 'invalidNumber', parameters: { '0': 'abc' } }],
    });
  });
});

describe('finding members, the share register by member, postings by date range', () => {
  let t: TestApp;
  let daniel: MemberDto;
  let brigitte: MemberDto;
  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    daniel = await createMember(t.http, t.adminToken, {
      memberNr: 302,
      name: 'Krause',
      givenName: 'Daniel',
      city: 'Köln',
      zipCode: '50667',
      iban: 'DE89370400440532013000',
      shareAmount: 2,
    });
    brigitte = await createMember(t.http, t.adminToken, {
      memberNr: 17,
      name: 'Krause',
      givenName: 'Brigitte',
      city: 'Bonn',
      zipCode: '53111',
      iban: 'DE02120300000000202051',
      shareAmount: 2,
    });
    await createMember(t.http, t.adminToken, {
      memberNr: 3020,
      name: 'Mueller',
      givenName: 'Jürgen',
      city: 'München',
      zipCode: '80331',
      iban: 'DE44500105175407324931',
      shareAmount: 2,
    });
    await createMember(t.http, t.adminToken, {
      memberNr: 1302,
      name: 'Weiß',
      givenName: 'Ole',
      city: 'Kiel',
      zipCode: '24103',
      iban: 'DE02100100100006820101',
      shareAmount: 2,
    });
    await posted(t.http, t.adminToken, {
      member: daniel.id,
      type: 1,
      quantity: 1,
      date: '2022-05-10',
      approvalDate: '2022-05-10',
      interestBegin: '2022-06-01',
    });
    await posted(t.http, t.adminToken, {
      member: brigitte.id,
      type: 1,
      quantity: 1,
      date: '2023-01-31',
      approvalDate: '2023-01-31',
      interestBegin: '2023-02-01',
    });
  });
  afterAll(async () => t.close());

  const found = async (search: string): Promise<number[]> => {
    const res = await request(t.http)
      .get(`/api/v1/members?search=${encodeURIComponent(search)}`)
      .set(auth(t.adminToken));
    return res.status === 204 ? [] : (res.body as MemberDto[]).map((m) => m.memberNr!);
  };

  it('finds a member by words in any order, with or without the comma, by their beginnings and either spelling of umlauts', async () => {
    expect(await found('Daniel Krause')).toEqual([302]);
    expect(await found('Krause, Daniel')).toEqual([302]);
    expect(await found('Kraus, Brig')).toEqual([17]);
    expect(await found('müller')).toEqual([3020]);
    expect(await found('Juergen')).toEqual([3020]);
    expect(await found('weiss')).toEqual([1302]);
    expect(await found('Weiß ole')).toEqual([1302]);
  });

  it('searches city, zip code and IBAN (with or without spaces), and a number as the member number first', async () => {
    expect(await found('koeln')).toEqual([302]);
    expect(await found('53111')).toEqual([17]);
    expect(await found('DE89 3704 0044 0532 0130 00')).toEqual([302]);
    expect(await found('de89370400440532013000')).toEqual([302]);
    // 302 first, then the others holding 302 in their number, by name.
    expect(await found('302')).toEqual([302, 3020, 1302]);
  });

  it('finds the member of a lookup by exactly the label the lookup shows', async () => {
    const options = async (search: string): Promise<Option[]> =>
      (
        await request(t.http)
          .get(`/api/v1/members/options?search=${encodeURIComponent(search)}`)
          .set(auth(t.adminToken))
          .expect(200)
      ).body as Option[];
    const [first] = await options('302');
    expect(first).toEqual({ key: daniel.id, value: '302 Krause, Daniel' });
    expect(await options(first!.value)).toEqual([first]);
    expect((await options('17 Krause, Brigitte')).map((o) => o.key)).toEqual([brigitte.id]);
  });

  it('shows the share register with the member number and name, searched and filtered by member', async () => {
    const register = async (query: string): Promise<ShareDto[]> => {
      const res = await request(t.http).get(`/api/v1/shares?${query}`).set(auth(t.adminToken));
      return res.status === 204 ? [] : (res.body as ShareDto[]);
    };
    const ofDaniel = await register(`filter=member:${daniel.id}`);
    expect(ofDaniel.map((s) => [s.memberNr, s.memberName, s.process])).toEqual([
      [302, 'Krause, Daniel', 0],
      [302, 'Krause, Daniel', 1],
    ]);
    expect((await register('search=krause%20brigitte')).map((s) => [s.memberNr, s.process])).toEqual([
      [17, 0],
      [17, 1],
    ]);
    expect((await register('search=302')).map((s) => s.memberNr)).toEqual([302, 302, 1302, 3020]);
  });

  it('filters the postings by a date range, both days included, and refuses dates that are not dates', async () => {
    const dates = async (query: string): Promise<string[]> => {
      const res = await request(t.http)
        .get(`/api/v1/balances?${query}&order_by=date`)
        .set(auth(t.adminToken))
        .expect((r) => expect([200, 204]).toContain(r.status));
      return res.status === 204 ? [] : (res.body as BalanceDto[]).map((b) => b.date);
    };
    expect(await dates('from=2022-05-10&to=2023-01-31')).toEqual(['2022-05-10', '2023-01-31']);
    expect(await dates('from=2022-05-11')).toEqual(['2023-01-31']);
    expect(await dates('to=2022-05-10')).toEqual([
      '2020-01-15',
      '2020-01-15',
      '2020-01-15',
      '2020-01-15',
      '2022-05-10',
    ]);
    expect(await dates(`from=2022-01-01&filter=member:${brigitte.id}`)).toEqual(['2023-01-31']);
    expect(await dates('filter=date:2022-01-01..2022-12-31')).toEqual(['2022-05-10']);
    const refused = await request(t.http)
      .get('/api/v1/balances?from=2022-02-30&to=soon')
      .set(auth(t.adminToken))
      .expect(400);
    expect(refused.body).toEqual({
      errors: [
        { field: 'from', template: 'invalidDate', parameters: { '0': '2022-02-30' } },
        { field: 'to', template: 'invalidDate', parameters: { '0': 'soon' } },
      ],
    });
    const backwards = await request(t.http)
      .get('/api/v1/balances?from=2023-01-01&to=2022-01-01')
      .set(auth(t.adminToken))
      .expect(400);
    expect(backwards.body).toEqual({
      errors: [{ field: 'to', template: 'mustBeAtLeast', parameters: { '0': '2023-01-01' } }],
    });
    const badFilter = await request(t.http)
      .get('/api/v1/balances?filter=date:2022-13-01..')
      .set(auth(t.adminToken))
      .expect(400);
    expect(badFilter.body).toEqual({
      errors: [{ field: 'filter', template: 'invalidDate', parameters: { '0': '2022-13-01' } }],
    });
  });
});
