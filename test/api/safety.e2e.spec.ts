import request from 'supertest';
import {
  businessToday,
  nextDay,
  type BalanceDto,
  type CooperativeDto,
  type DuplicateCandidate,
  type MemberDto,
} from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, DATES, post, setTerms, validMember } from './support/members.js';

/** Issue 22 "Safety nets" on the API: plausibility warnings, the interest-begin setting, possible duplicates. */
describe('safety nets: warnings to confirm, the interest-begin rule, possible duplicates', () => {
  let t: TestApp;
  const tomorrow = nextDay(businessToday());
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  });
  afterAll(async () => t.close());

  describe('plausibility warnings (409 {warnings} until confirmWarnings)', () => {
    it('refuses a member entering tomorrow with the warnings, records nothing, and admits it when confirmed', async () => {
      const body = validMember({ name: 'Zukunft', entryDate: tomorrow, approvalDate: tomorrow, interestBegin: null });
      const refused = await request(t.http).post('/api/v1/members').set(auth(t.adminToken)).send(body);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        warnings: [
          { field: 'entryDate', template: 'dateInFuture', parameters: { 0: tomorrow } },
          { field: 'approvalDate', template: 'dateInFuture', parameters: { 0: tomorrow } },
        ],
      });
      const none = await request(t.http).get('/api/v1/members?search=Zukunft').set(auth(t.adminToken));
      expect(none.status).toBe(204);
      const created = await request(t.http)
        .post('/api/v1/members')
        .set(auth(t.adminToken))
        .send({ ...body, confirmWarnings: true });
      expect(created.status).toBe(201);
      expect((created.body as MemberDto).entryDate).toBe(tomorrow);
    });

    it('answers the errors first, the warnings once the form is right', async () => {
      const res = await request(t.http)
        .post('/api/v1/members')
        .set(auth(t.adminToken))
        .send(validMember({ entryDate: tomorrow, iban: 'DE00' }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'iban', template: 'invalidIban', parameters: {} }]);
    });

    it('warns of an approval before the declaration and an interest begin before the entry on admission', async () => {
      const res = await request(t.http)
        .post('/api/v1/members')
        .set(auth(t.adminToken))
        .send(validMember({ approvalDate: '2020-01-10', interestBegin: '2020-01-01' }));
      expect(res.status).toBe(409);
      expect(res.body.warnings).toEqual([
        { field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2020-01-15' } },
        { field: 'interestBegin', template: 'interestBeginBeforeEntry', parameters: { 0: '2020-01-15' } },
      ]);
    });

    it('asks on a change only for what the change brings', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Wechsel' });
      const moved = await request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name: 'Wechsel', approvalDate: '2019-12-01' }));
      expect(moved.status).toBe(409);
      expect(moved.body.warnings).toEqual([
        { field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2020-01-15' } },
      ]);
      const confirmed = await request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send({ ...validMember({ name: 'Wechsel' }), approvalDate: '2019-12-01', confirmWarnings: true });
      expect(confirmed.status).toBe(200);
      const city = await request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send({ ...validMember({ name: 'Wechsel' }), approvalDate: '2019-12-01', city: 'Kassel' });
      expect(city.status).toBe(200);
    });

    it('refuses a posting dated tomorrow and an approval before its date until confirmed', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Buchung' });
      const body = {
        member: m.id,
        type: 1,
        quantity: 2,
        date: tomorrow,
        approvalDate: tomorrow,
        interestBegin: '2030-01-01',
      };
      const refused = await post(t.http, t.adminToken, body);
      expect(refused.status).toBe(409);
      expect(refused.body.warnings.map((w: { field: string; template: string }) => `${w.field} ${w.template}`)).toEqual(
        ['date dateInFuture', 'approvalDate dateInFuture'],
      );
      const early = await post(t.http, t.adminToken, { ...body, ...DATES, approvalDate: '2021-02-01' });
      expect(early.body).toEqual({
        warnings: [{ field: 'approvalDate', template: 'approvalBeforeDeclaration', parameters: { 0: '2021-03-01' } }],
      });
      const before = await post(t.http, t.adminToken, { ...body, ...DATES, interestBegin: '2019-01-01' });
      expect(before.body).toEqual({
        warnings: [{ field: 'interestBegin', template: 'interestBeginBeforeEntry', parameters: { 0: '2020-01-15' } }],
      });
      const holding = await request(t.http).get(`/api/v1/members/${m.id}`).set(auth(t.adminToken));
      expect((holding.body as MemberDto).shareAmount).toBe(4);
      const confirmed = await post(t.http, t.adminToken, { ...body, confirmWarnings: true });
      expect(confirmed.status).toBe(201);
      expect((confirmed.body as BalanceDto).date).toBe(tomorrow);
    });

    it('documents the 409 with its warnings on the writes that have them', async () => {
      const doc = (await request(t.http).get('/api/docs-json')).body as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      for (const [path, method] of [
        ['/api/v1/members', 'post'],
        ['/api/v1/members/{id}', 'put'],
        ['/api/v1/balances', 'post'],
      ] as const) {
        expect(doc.paths[path]![method]!.responses['409']).toMatchObject({
          content: { 'application/json': { schema: { properties: { warnings: { type: 'array' } } } } },
        });
      }
    });

    it("answers a transfer's warnings the same way", async () => {
      const a = await createMember(t.http, t.adminToken, { name: 'Geber' });
      const b = await createMember(t.http, t.adminToken, { name: 'Nehmer' });
      const res = await post(t.http, t.adminToken, {
        member: a.id,
        type: 3,
        quantity: 1,
        transferTo: b.id,
        ...DATES,
        date: tomorrow,
        approvalDate: tomorrow,
      });
      expect(res.status).toBe(409);
      expect(
        (
          await post(t.http, t.adminToken, {
            member: a.id,
            type: 3,
            quantity: 1,
            transferTo: b.id,
            ...DATES,
            date: tomorrow,
            approvalDate: tomorrow,
            confirmWarnings: true,
          })
        ).status,
      ).toBe(201);
    });
  });

  describe("the interest begin by the cooperative's rule", () => {
    it('answers the setting (the 1st of the next month unless set) and keeps a changed one', async () => {
      const before = await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken));
      expect((before.body as CooperativeDto).interestBeginRule).toBe('nextMonth');
      const bad = await request(t.http)
        .put(`/api/v1/cooperatives/${t.cooperativeId}`)
        .set(auth(t.adminToken))
        .send(validCooperative({ interestBeginRule: 'weekly' }));
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([
        { field: 'interestBeginRule', template: 'invalidChoice', parameters: { 0: 'weekly' } },
      ]);
    });

    it('fills an empty interest begin of an admission and a posting by the rule; a given one is kept', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Regel', interestBegin: '' });
      const first = await request(t.http).get(`/api/v1/balances?filter=member:${m.id}`).set(auth(t.adminToken));
      expect((first.body as BalanceDto[])[0]!.interestBegin).toBe('2020-02-01');
      const quarter = await request(t.http)
        .put(`/api/v1/cooperatives/${t.cooperativeId}`)
        .set(auth(t.adminToken))
        .send(validCooperative({ interestBeginRule: 'nextQuarter' }));
      expect(quarter.status).toBe(200);
      expect((quarter.body as CooperativeDto).interestBeginRule).toBe('nextQuarter');
      const byQuarter = await post(t.http, t.adminToken, {
        member: m.id,
        type: 1,
        quantity: 1,
        date: '2021-05-10',
        approvalDate: '2021-05-10',
      });
      expect(byQuarter.status).toBe(201);
      expect((byQuarter.body as BalanceDto).interestBegin).toBe('2021-07-01');
      const given = await post(t.http, t.adminToken, { member: m.id, type: 1, quantity: 1, ...DATES });
      expect((given.body as BalanceDto).interestBegin).toBe(DATES.interestBegin);
      await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    });
  });

  describe('possible duplicates (GET /members/duplicates)', () => {
    let anna: MemberDto;
    let otherAdmin: { token: string };
    beforeAll(async () => {
      anna = await createMember(t.http, t.adminToken, {
        name: 'Doppel',
        givenName: 'Anna',
        birthDate: '1975-03-04',
        iban: 'DE02120300000000202051',
      });
      const coop = await request(t.http)
        .post('/api/v1/cooperatives')
        .set(auth(t.adminToken))
        .send(validCooperative({ name: 'andere-eg' }));
      expect(coop.status).toBe(201);
      const otherCoop = (coop.body as { id: string }).id;
      otherAdmin = await userWith(t.http, t.adminToken, 'dup-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherCoop);
      await setTerms(t.http, otherAdmin.token, otherCoop, 25000, 1);
      await createMember(t.http, otherAdmin.token, {
        name: 'Doppel',
        givenName: 'Anna',
        birthDate: '1975-03-04',
        iban: 'DE02120300000000202051',
      });
    });

    const ask = (token: string, query: Record<string, string>) =>
      request(t.http)
        .get(`/api/v1/members/duplicates?${new URLSearchParams(query).toString()}`)
        .set(auth(token));

    it("finds the member of the same name, given name and birth date, in the caller's cooperative only", async () => {
      const res = await ask(t.adminToken, { name: 'doppel', givenName: 'Anna', birthDate: '1975-03-04' });
      expect(res.status).toBe(200);
      expect(res.body as DuplicateCandidate[]).toEqual([
        { id: anna.id, memberNr: anna.memberNr, label: 'Doppel, Anna', reason: 'nameAndBirthDate' },
      ]);
    });

    it('finds the same IBAN on a member of another name, not on one of the same name', async () => {
      const other = await ask(t.adminToken, { name: 'Einzel', givenName: 'Bert', iban: 'de02 1203 0000 0000 2020 51' });
      expect(other.body).toEqual([{ id: anna.id, memberNr: anna.memberNr, label: 'Doppel, Anna', reason: 'iban' }]);
      expect(
        (await ask(t.adminToken, { name: 'Doppel', givenName: 'Anna', iban: 'DE02120300000000202051' })).body,
      ).toEqual([]);
    });

    it('answers nothing for another birth date, or for the member being edited', async () => {
      expect((await ask(t.adminToken, { name: 'Doppel', givenName: 'Anna', birthDate: '1975-03-05' })).body).toEqual(
        [],
      );
      expect(
        (await ask(t.adminToken, { name: 'Doppel', givenName: 'Anna', birthDate: '1975-03-04', exclude: anna.id }))
          .body,
      ).toEqual([]);
    });

    it("never answers another cooperative's member", async () => {
      const theirs = await ask(otherAdmin.token, { name: 'Doppel', givenName: 'Anna', birthDate: '1975-03-04' });
      expect(theirs.body).toHaveLength(1);
      expect((theirs.body as DuplicateCandidate[])[0]!.id).not.toBe(anna.id);
    });

    it('refuses a birth date that is no date', async () => {
      const res = await ask(t.adminToken, { name: 'Doppel', birthDate: '1975-02-30' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'birthDate', template: 'invalidDate', parameters: { 0: '1975-02-30' } },
      ]);
    });
  });
});
