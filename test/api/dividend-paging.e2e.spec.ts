import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DividendDto, DividendMemberDto, MemberDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import { THIS_YEAR } from './support/tax-papers.js';

/*
 * The dividend's per-member list as pages (docs/performance.md section 6): `GET /dividend/calc` and `GET /dividend/{id}`
 * take `offset`, `limit`, `search` and `order_by` for their members (applied after the run: the totals stay those of
 * every member), `TotalItems` the number that match; `GET /dividend/{id}/members` lists a closure's members.
 */
const LAST = THIS_YEAR - 1;
const params = {
  year: String(LAST),
  type: 'percent',
  amount: '10',
  decision_date: `${THIS_YEAR}-01-10`,
  payment_date: `${THIS_YEAR}-01-15`,
};
const TOTALS = [
  'memberCount',
  'amount',
  'dividend',
  'exemptions',
  'taxableAmount',
  'taxAmount',
  'solidaryTaxAmount',
  'churchTax',
  'paymentAmount',
  'taxReturn',
  'singleChurchTax',
] as const;
const totals = (d: DividendDto) => Object.fromEntries(TOTALS.map((k) => [k, d[k]]));

/** Member (name, given name) and gross in cents: a share costs 10 cents, 10 %, a whole year. */
const PEOPLE: [string, string | null, number][] = [
  ['Müller', 'Anna', 30_000],
  ['Adler', 'Bernd', 10_000],
  ['Zander', 'Carla', 50_000],
  ['Becker', 'Dora', 20_000],
  ['Mueller', 'Emil', 40_000],
  ['Kranz', 'Anton', 5_000],
];

describe('dividend: the per-member list in pages', () => {
  let t: TestApp;
  let otherAdmin: string;
  const m: MemberDto[] = [];
  const calc = (query: Record<string, string>): request.Test =>
    request(t.http)
      .get('/api/v1/dividend/calc')
      .query({ ...params, ...query })
      .set(auth(t.adminToken));
  const get = (path: string, query: Record<string, string> = {}, token = t.adminToken): request.Test =>
    request(t.http as App)
      .get(`/api/v1/dividend${path}`)
      .query(query)
      .set(auth(token));
  const numbers = (members: readonly DividendMemberDto[]): number[] => members.map((x) => x.memberNr);
  const nr = (i: number): number => m[i]!.memberNr as number;

  beforeAll(async () => {
    t = await startApp();
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'dividend-paging-other-eg' }));
    otherAdmin = (
      await userWith(
        t.http,
        t.adminToken,
        'dividend-paging-other',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (coop.body as { id: string }).id,
      )
    ).token;
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    for (const [name, givenName, gross] of PEOPLE) {
      m.push(
        await createMember(t.http, t.adminToken, {
          name,
          givenName,
          entryDate: `${LAST}-01-01`,
          approvalDate: `${LAST}-01-01`,
          interestBegin: `${LAST}-01-01`,
          shareAmount: gross,
        }),
      );
    }
  }, 60_000);
  afterAll(async () => t.close());

  it('calculation: without list parameters every member by number; a page of them with the same totals', async () => {
    const all = await calc({}).expect(200);
    const full = all.body as DividendDto;
    expect(all.headers.totalitems).toBe('6');
    expect(numbers(full.members)).toEqual(m.map((x) => x.memberNr));
    const page = await calc({ offset: '2', limit: '2' }).expect(200);
    expect(page.headers.totalitems).toBe('6');
    expect(numbers((page.body as DividendDto).members)).toEqual([nr(2), nr(3)]);
    expect((page.body as DividendDto).members).toEqual(full.members.slice(2, 4));
    expect(totals(page.body as DividendDto)).toEqual(totals(full));
    expect(full.memberCount).toBe(6);
  });

  it('calculation: sorts by an amount or the name, searches name, given name (ä as ae) or number', async () => {
    const byNet = (await calc({ order_by: '-paymentAmount', limit: '3' }).expect(200)).body as DividendDto;
    expect(numbers(byNet.members)).toEqual([nr(2), nr(4), nr(0)]);
    const byGross = (await calc({ order_by: 'amount:asc' }).expect(200)).body as DividendDto;
    expect(numbers(byGross.members)).toEqual([nr(5), nr(1), nr(3), nr(0), nr(4), nr(2)]);
    const byName = (await calc({ order_by: 'name' }).expect(200)).body as DividendDto;
    expect(byName.members.map((x) => x.name)).toEqual(['Adler', 'Becker', 'Kranz', 'Mueller', 'Müller', 'Zander']);
    const mueller = await calc({ search: 'mueller', order_by: '-amount' }).expect(200);
    expect(mueller.headers.totalitems).toBe('2');
    expect(numbers((mueller.body as DividendDto).members)).toEqual([nr(4), nr(0)]);
    expect(totals(mueller.body as DividendDto)).toEqual(totals((await calc({}).expect(200)).body as DividendDto));
    expect(numbers(((await calc({ search: 'anton kranz' }).expect(200)).body as DividendDto).members)).toEqual([nr(5)]);
    expect(numbers(((await calc({ search: String(nr(3)) }).expect(200)).body as DividendDto).members)[0]).toBe(nr(3));
    const none = await calc({ search: 'nobody' }).expect(200);
    expect([
      none.headers.totalitems,
      (none.body as DividendDto).members,
      (none.body as DividendDto).memberCount,
    ]).toEqual(['0', [], 6]);
  });

  it('calculation: refuses an unknown sort field and a bad page as the other lists do', async () => {
    const res = await calc({ order_by: 'birthDate', limit: '0' }).expect(400);
    expect(
      (res.body as { errors: { field: string; template: string }[] }).errors.map((e) => [e.field, e.template]),
    ).toEqual([
      ['limit', 'invalidNumber'],
      ['order_by', 'unknownField'],
    ]);
  });

  it('closure: GET /dividend/{id} and /dividend/{id}/members page, sort and search its members; the totals stay', async () => {
    const closure = (
      await request(t.http).post('/api/v1/dividend/store').set(auth(t.adminToken)).send(params).expect(201)
    ).body as DividendDto;
    const id = closure.id!;
    expect(numbers(closure.members)).toEqual(m.map((x) => x.memberNr));
    // Each payout carries the posting lines of its basis, collected in the calculation after the lock.
    const paid = (await t.running.storage.events.readStream(`dividend-${id}`)).filter(
      (e) => e.type === 'DividendMemberPaid',
    );
    const lines = paid.map(
      (e) => e.data as { memberNr: number; lines: { amount: number; from: string; days: number }[] },
    );
    expect(lines.map((d) => d.memberNr)).toEqual(m.map((x) => x.memberNr));
    expect(lines.map((d) => d.lines.map((l) => [l.amount, l.from, l.days]))).toEqual(
      closure.members.map((x) => [[x.balances, `${LAST}-01-01`, 360]]),
    );
    const whole = await get(`/${id}`).expect(200);
    expect(whole.headers.totalitems).toBe('6');
    expect((whole.body as DividendDto).members).toEqual(closure.members);
    const page = await get(`/${id}`, { offset: '4', limit: '5' }).expect(200);
    expect(page.headers.totalitems).toBe('6');
    expect((page.body as DividendDto).members).toEqual(closure.members.slice(4));
    expect(totals(page.body as DividendDto)).toEqual(totals(closure));

    const list = await get(`/${id}/members`).expect(200);
    expect([list.headers.totalitems, numbers(list.body as DividendMemberDto[])]).toEqual([
      '6',
      m.map((x) => x.memberNr),
    ]);
    expect(list.body).toEqual(closure.members);
    const desc = await get(`/${id}/members`, { order_by: '-memberNr', limit: '2' }).expect(200);
    expect(numbers(desc.body as DividendMemberDto[])).toEqual([nr(5), nr(4)]);
    const byTax = await get(`/${id}/members`, { order_by: '-dividendTax', offset: '1', limit: '2' }).expect(200);
    expect(numbers(byTax.body as DividendMemberDto[])).toEqual([nr(4), nr(0)]);
    const found = await get(`/${id}/members`, { search: 'Müller', order_by: 'name' }).expect(200);
    expect([found.headers.totalitems, (found.body as DividendMemberDto[]).map((x) => x.givenName)]).toEqual([
      '2',
      ['Emil', 'Anna'],
    ]);
    expect((found.body as DividendMemberDto[])[1]).toEqual(closure.members[0]);
    const none = await get(`/${id}/members`, { search: 'nobody' }).expect(204);
    expect(none.headers.totalitems).toBe('0');
    await get(`/${id}/members`, { order_by: 'nope' }).expect(400);
  });

  it('another cooperative finds neither the closure nor its members', async () => {
    const id = ((await get('', { filter: `year:${LAST}` }).expect(200)).body as DividendDto[])[0]!.id!;
    await get(`/${id}/members`, {}, otherAdmin).expect(404);
    await get(`/${id}`, { limit: '2' }, otherAdmin).expect(404);
  });
});
