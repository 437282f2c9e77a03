import request from 'supertest';
import type { MemberDto, MemberHistoryEntry, Option } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, member, posted, setTerms, validMember } from './support/members.js';

describe('members: master data, member numbers, lists, as-of-date, history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 2);
  });
  afterAll(async () => t.close());

  it('creates a member with the initial subscription (type 0) in one write', async () => {
    const m = await createMember(t.http, t.adminToken, { shareAmount: 4 });
    expect(m).toMatchObject({
      memberNr: 1,
      name: 'Müller',
      givenName: 'Anna',
      position: 0,
      state: 'by',
      country: null,
      underage: false,
      exitDate: null,
      exitReason: null,
      exited: false,
      shareAmount: 4,
      shareTotalEUR: 100000,
      cooperative: t.cooperativeId,
    });
    const balances = await request(t.http)
      .get(`/api/v1/balances?filter=member:${m.id}`)
      .set(auth(t.adminToken))
      .expect(200);
    expect(balances.body).toEqual([
      expect.objectContaining({
        member: m.id,
        type: 0,
        quantity: 4,
        amount: 100000,
        date: '2020-01-15',
        approvalDate: '2020-01-20',
        interestBegin: '2020-02-01',
        memberName: 'Müller, Anna',
        memberNr: 1,
      }),
    ]);
  });

  it('hands out member numbers in sequence, accepts a free given one and refuses a taken one', async () => {
    const a = await createMember(t.http, t.adminToken, { name: 'Seq' });
    const given = await createMember(t.http, t.adminToken, { name: 'Given', memberNr: 500 });
    expect(given.memberNr).toBe(500);
    const next = await createMember(t.http, t.adminToken, { name: 'After' });
    expect(next.memberNr).toBe(501);
    expect(a.memberNr).toBeLessThan(500);
    const taken = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(validMember({ memberNr: 500 }));
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toContainEqual({
      field: 'memberNr',
      template: 'memberNrTaken',
      parameters: { '0': '500' },
    });
  });

  it('parallel admissions never share a member number', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(t.http)
          .post('/api/v1/members')
          .set(auth(t.adminToken))
          .send(validMember({ name: `Parallel ${i}` })),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const numbers = results.filter((r) => r.status === 201).map((r) => (r.body as MemberDto).memberNr);
    expect(numbers.length).toBeGreaterThan(0);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('validates the master data and the initial shares with field errors', async () => {
    // The shape of the body is answered first, every error of it at once (the request class)...
    const res = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(
        validMember({
          name: '',
          iban: 'DE00',
          manualTaxId: '12345678901',
          shareAmount: 1,
          approvalDate: null,
          birthDate: '2015-01-01',
        }),
      );
    expect(res.status).toBe(400);
    const errors = res.body.errors as { field: string; template: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', template: 'mustNotBeEmpty' }),
        expect.objectContaining({ field: 'iban', template: 'invalidIban' }),
        expect.objectContaining({ field: 'manualTaxId', template: 'invalidTaxId' }),
        expect.objectContaining({ field: 'approvalDate', template: 'mustNotBeEmpty' }),
        expect.objectContaining({ field: 'legalRepresentation', template: 'mustNotBeEmpty' }),
      ]),
    );
    expect(errors).toHaveLength(5);
    // ...then the rule that needs the cooperative's terms, alone (the decider).
    const few = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(validMember({ shareAmount: 1 }));
    expect(few.status).toBe(400);
    expect(few.body).toEqual({
      errors: [{ field: 'shareAmount', template: 'mustBeAtLeast', parameters: { '0': '2' } }],
    });
  });

  it('changes master data (PUT); switching to foreign clears the state', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Wechsel' });
    const res = await request(t.http)
      .put(`/api/v1/members/${m.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Wechsel', city: 'Wien', isForeign: true, country: 'at', state: 'by', position: 2 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      city: 'Wien',
      isForeign: true,
      country: 'AT',
      state: null,
      position: 2,
      memberNr: m.memberNr,
      shareAmount: 4,
    });
    const byPosition = await request(t.http)
      .get('/api/v1/members?filter=position:2&order_by=-position')
      .set(auth(t.adminToken))
      .expect(200);
    expect((byPosition.body as MemberDto[]).map((x) => x.id)).toEqual([m.id]);
  });

  it('keeps the account holder apart from the name: admission, change, clearing, history; at most 70 characters', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Konto', accountHolder: '  Eva und Otto Konto ' });
    expect(m.accountHolder).toBe('Eva und Otto Konto');
    expect(
      (await request(t.http).get(`/api/v1/members/${m.id}`).set(auth(t.adminToken)).expect(200)).body,
    ).toMatchObject({ name: 'Konto', givenName: 'Anna', accountHolder: 'Eva und Otto Konto' });
    const changed = await request(t.http)
      .put(`/api/v1/members/${m.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Konto', accountHolder: 'Otto Konto (Vormund)' }))
      .expect(200);
    expect(changed.body).toMatchObject({ accountHolder: 'Otto Konto (Vormund)' });
    const other = await request(t.http)
      .put(`/api/v1/members/${m.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Konto', city: 'Neustadt', accountHolder: 'Otto Konto (Vormund)' }))
      .expect(200);
    expect(other.body).toMatchObject({ city: 'Neustadt', accountHolder: 'Otto Konto (Vormund)' });
    const history = (await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200))
      .body as MemberHistoryEntry[];
    expect(history.find((h) => h.type === 'MemberDataChanged')!.changes).toEqual([
      { field: 'accountHolder', from: 'Eva und Otto Konto', to: 'Otto Konto (Vormund)' },
    ]);
    const cleared = await request(t.http)
      .put(`/api/v1/members/${m.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Konto', city: 'Neustadt', accountHolder: '' }))
      .expect(200);
    expect(cleared.body).toMatchObject({ accountHolder: null });
    const tooLong = await request(t.http)
      .post('/api/v1/members')
      .set(auth(t.adminToken))
      .send(validMember({ accountHolder: 'x'.repeat(71) }))
      .expect(400);
    expect(tooLong.body).toEqual({
      errors: [{ field: 'accountHolder', template: 'mustBeAtMost', parameters: { '0': '70' } }],
    });
    expect((await createMember(t.http, t.adminToken, { accountHolder: 'x'.repeat(70) })).accountHolder).toHaveLength(
      70,
    );
  });

  it('derives underage for minors (with a legal representative) and not for legal entities', async () => {
    const minor = await createMember(t.http, t.adminToken, {
      name: 'Klein',
      birthDate: '2015-06-01',
      legalRepresentation: 'Eltern Klein',
    });
    expect(minor.underage).toBe(true);
    const firm = await createMember(t.http, t.adminToken, {
      name: 'Stadtwerke eG',
      legalForm: 1,
      postalSalutation: 'company',
      givenName: null,
      birthDate: null,
      salutation: null,
      civilStatus: null,
    });
    expect(firm.underage).toBe(false);
    const options = await request(t.http)
      .get('/api/v1/members/options?search=Stadtwerke')
      .set(auth(t.adminToken))
      .expect(200);
    expect(options.body as Option[]).toEqual([{ key: firm.id, value: `${firm.memberNr} Stadtwerke eG` }]);
  });

  it('lists with search by name, given name and member number, sorts by name, and answers options', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Zander', givenName: 'Xaver' });
    const byName = await request(t.http).get('/api/v1/members?search=zand').set(auth(t.adminToken)).expect(200);
    expect((byName.body as MemberDto[]).map((x) => x.id)).toEqual([m.id]);
    const byGiven = await request(t.http).get('/api/v1/members?search=xaver').set(auth(t.adminToken)).expect(200);
    expect((byGiven.body as MemberDto[]).map((x) => x.id)).toEqual([m.id]);
    const byNr = await request(t.http).get(`/api/v1/members?search=${m.memberNr}`).set(auth(t.adminToken)).expect(200);
    expect((byNr.body as MemberDto[]).map((x) => x.id)).toContain(m.id);
    const all = await request(t.http).get('/api/v1/members?limit=1000').set(auth(t.adminToken)).expect(200);
    const names = (all.body as MemberDto[]).map((x) => x.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de', { sensitivity: 'base' })));
    expect(Number(all.headers.totalitems)).toBe(names.length);
    const options = await request(t.http)
      .get('/api/v1/members/options?search=Zander')
      .set(auth(t.adminToken))
      .expect(200);
    expect(options.body as Option[]).toEqual([{ key: m.id, value: `${m.memberNr} Zander, Xaver` }]);
    const limited = await request(t.http).get('/api/v1/members/options').set(auth(t.adminToken)).expect(200);
    expect((limited.body as Option[]).length).toBeLessThanOrEqual(10);
    await request(t.http).get('/api/v1/members?search=nobody-like-this').set(auth(t.adminToken)).expect(204);
  });

  it('answers members and holdings as of a date, from the postings dates (further shares from their admission)', async () => {
    const m = await createMember(t.http, t.adminToken, {
      name: 'Stichtag',
      entryDate: '2019-05-01',
      approvalDate: '2019-05-01',
      interestBegin: '2019-06-01',
      shareAmount: 2,
    });
    // Further shares declared on 30.06.2020, admitted by the board on 01.03.2021 (DATES): they count from then (§ 15b GenG).
    await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 3, ...DATES, date: '2020-06-30' });
    // Notice on 30.09.2022, three months: the exit takes effect on 31.12.2022.
    await posted(t.http, t.adminToken, { member: m.id, type: 8, ...DATES, noticeDate: '2022-09-30' });
    expect(await member(t.http, t.adminToken, m.id, '2019-12-31')).toMatchObject({
      shareAmount: 2,
      shareTotalEUR: 50000,
      exitDate: null,
      exited: false,
    });
    expect(await member(t.http, t.adminToken, m.id, '2020-06-30')).toMatchObject({
      shareAmount: 2,
      shareTotalEUR: 50000,
      exitDate: null,
    });
    expect(await member(t.http, t.adminToken, m.id, '2021-03-01')).toMatchObject({
      shareAmount: 5,
      shareTotalEUR: 125000,
      exitDate: null,
    });
    expect(await member(t.http, t.adminToken, m.id, '2022-12-31')).toMatchObject({
      shareAmount: 0,
      exitDate: '2022-12-31',
      exitReason: 'exit',
      exited: true,
    });
    expect(await member(t.http, t.adminToken, m.id)).toMatchObject({
      shareAmount: 0,
      exitDate: '2022-12-31',
      exited: true,
    });
    const before = await request(t.http)
      .get(`/api/v1/members/${m.id}?date=2019-04-30`)
      .set(auth(t.adminToken))
      .expect(404);
    expect(before.body).toMatchObject({
      errors: [{ field: null, template: 'memberNotFound', parameters: { '0': 'Member' } }],
    });
    await request(t.http).get(`/api/v1/members/${m.id}?date=2019-02-30`).set(auth(t.adminToken)).expect(400);

    const listOn = async (date: string, filter = 'exitDate:null'): Promise<MemberDto[]> => {
      const res = await request(t.http)
        .get(`/api/v1/members?date=${date}&filter=${filter}&search=Stichtag`)
        .set(auth(t.adminToken));
      return res.status === 204 ? [] : (res.body as MemberDto[]);
    };
    expect(await listOn('2019-04-30')).toEqual([]);
    expect((await listOn('2021-01-01')).map((x) => [x.id, x.shareAmount])).toEqual([[m.id, 2]]);
    expect((await listOn('2021-03-01')).map((x) => [x.id, x.shareAmount])).toEqual([[m.id, 5]]);
    expect(await listOn('2023-01-01')).toEqual([]);
    // Not in the default list today (exited), but in the list of exited members.
    expect(
      (await request(t.http).get('/api/v1/members?filter=exitDate:null&search=Stichtag').set(auth(t.adminToken)))
        .status,
    ).toBe(204);
    const all = await request(t.http).get('/api/v1/members?search=Stichtag').set(auth(t.adminToken)).expect(200);
    expect((all.body as MemberDto[]).map((x) => x.id)).toEqual([m.id]);
  });

  it('answers the history: field-level master data changes, postings and the holding after each', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Historie', shareAmount: 3 });
    await request(t.http)
      .put(`/api/v1/members/${m.id}`)
      .set(auth(t.adminToken))
      .send(validMember({ name: 'Historie', city: 'Neustadt' }))
      .expect(200);
    const add = await posted(t.http, t.adminToken, { member: m.id, type: 1, quantity: 2, ...DATES });
    await posted(t.http, t.adminToken, { type: 5, annulPeer: add.id, date: '2021-05-01' });
    const res = await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200);
    const history = res.body as MemberHistoryEntry[];
    expect(history.map((h) => h.type)).toEqual([
      'MemberAdmitted',
      'SharesPosted',
      'MemberDataChanged',
      'SharesPosted',
      'PostingAnnulled',
    ]);
    expect(history.map((h) => h.shareAmountAfter)).toEqual([0, 3, 3, 5, 3]);
    expect(history.map((h) => h.shareTotalAfter)).toEqual([0, 75000, 75000, 125000, 75000]);
    expect(history[0]).toMatchObject({ user: 'admin', memberNr: m.memberNr });
    expect(history[0]!.changes).toContainEqual({ field: 'name', from: null, to: 'Historie' });
    expect(history[2]!.changes).toEqual([{ field: 'city', from: 'Musterstadt', to: 'Neustadt' }]);
    expect(history[3]!.posting).toMatchObject({ balanceId: add.id, type: 1, quantity: 2, amount: 50000 });
    expect(history[4]!.posting).toMatchObject({
      type: 5,
      annulPeer: add.id,
      quantity: -2,
      amount: -50000,
      date: '2021-05-01',
    });
    const positions = history.map((h) => BigInt(h.position));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(history.every((h) => /^\d{4}-\d{2}-\d{2}T.*Z$/.test(h.timestamp))).toBe(true);
  });

  it('has no DELETE', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Bleibt' });
    const res = await request(t.http).delete(`/api/v1/members/${m.id}`).set(auth(t.adminToken));
    expect([404, 405]).toContain(res.status);
    await member(t.http, t.adminToken, m.id);
  });
});

describe('members of a cooperative without a share price', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('refuses the admission with the general error shareCostNotSet and records nothing', async () => {
    const res = await request(t.http).post('/api/v1/members').set(auth(t.adminToken)).send(validMember());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ field: null, template: 'shareCostNotSet', parameters: {} }] });
    expect((await request(t.http).get('/api/v1/members').set(auth(t.adminToken))).status).toBe(204);
    expect((await request(t.http).get('/api/v1/dashboard').set(auth(t.adminToken)).expect(200)).body).toEqual({
      memberCount: 0,
      memberExitCount: 0,
      balanceSum: 0,
      settlementsDue: 0,
      settlementsOverdue: 0,
    });
  });
});
