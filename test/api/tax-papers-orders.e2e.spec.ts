import request from 'supertest';
import type { ExemptionOrderDto, MemberDto, TaxPaperHistoryEntry } from '@coop/contracts';
import { auth, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import { createOrder, postOrder, startTaxPapersApp, THIS_YEAR, validOrder } from './support/tax-papers.js';

/** Exemption orders (FSA): what is recorded, corrected and refused, who may read and write them, their list. */
describe('tax papers: exemption orders (FSA) and non-assessment certificates (NV)', () => {
  let t: TestApp;
  let anna: MemberDto;
  let bernd: MemberDto;
  let otherAdmin: string;
  let restricted: string;

  beforeAll(async () => {
    ({ t, anna, bernd, otherAdmin, restricted } = await startTaxPapersApp());
  });
  afterAll(async () => t.close());

  describe('exemption orders', () => {
    it('creates, reads, lists and corrects an order; the correction is a new event in the history', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Freisteller', givenName: 'Frida' });
      const created = await createOrder(t.http, t.adminToken, validOrder(m.id, { amount: 40_000 }));
      expect(created).toEqual({
        id: expect.any(String),
        member: m.id,
        memberName: 'Freisteller, Frida',
        memberNr: m.memberNr,
        type: 0,
        joint: false,
        fsatyp: 'Einzelner',
        spouse: null,
        spouseName: null,
        memberTaxIdMissing: true,
        spouseTaxIdMissing: false,
        amount: 40_000,
        date: '2023-01-02',
        startDate: '2023-01-01',
        endDate: '2023-12-31',
        state: 'inactive',
        cooperative: t.cooperativeId,
        masterTag: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      const got = await request(t.http)
        .get(`/api/v1/exemptionorders/${created.id}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect(got.body).toEqual(created);

      const corrected = await request(t.http)
        .put(`/api/v1/exemptionorders/${created.id}`)
        .set(auth(t.adminToken))
        .send(validOrder(m.id, { type: 1, amount: 60_000, endDate: null }));
      expect(corrected.status).toBe(200);
      expect(corrected.body).toMatchObject({ id: created.id, type: 1, amount: 60_000, endDate: null, state: 'active' });

      const list = await request(t.http)
        .get(`/api/v1/exemptionorders?filter=member:${m.id}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect(list.headers.totalitems).toBe('1');
      expect(list.body).toEqual([corrected.body]);

      const history = (
        await request(t.http).get(`/api/v1/exemptionorders/${created.id}/history`).set(auth(restricted)).expect(200)
      ).body as TaxPaperHistoryEntry[];
      expect(history.map((h) => h.type)).toEqual(['ExemptionOrderRecorded', 'ExemptionOrderCorrected']);
      expect(history[0]).toMatchObject({ user: 'admin', revision: 0 });
      expect(history[0]!.changes).toContainEqual({ field: 'amount', from: null, to: 40_000 });
      expect(history[1]!.changes).toEqual(
        expect.arrayContaining([
          { field: 'type', from: 0, to: 1 },
          { field: 'amount', from: 40_000, to: 60_000 },
          { field: 'endDate', from: '2023-12-31', to: null },
        ]),
      );
      expect(history[1]!.changes).toHaveLength(3);
    });

    it('an unchanged correction records nothing', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Unverändert' });
      const o = await createOrder(t.http, t.adminToken, validOrder(m.id));
      await request(t.http)
        .put(`/api/v1/exemptionorders/${o.id}`)
        .set(auth(t.adminToken))
        .send(validOrder(m.id))
        .expect(200);
      const history = await request(t.http)
        .get(`/api/v1/exemptionorders/${o.id}/history`)
        .set(auth(t.adminToken))
        .expect(200);
      expect(history.body).toHaveLength(1);
    });

    it('refuses a joint order without a spouse recorded in the master data (jointOrderNeedsSpouse); takes the linked spouse', async () => {
      // Anna is married, but no spouse is recorded for her; Bernd's master data links Anna.
      const refused = await postOrder(
        t.http,
        t.adminToken,
        validOrder(anna.id, { joint: true, spouse: null, amount: 150_000 }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ errors: [{ field: 'joint', template: 'jointOrderNeedsSpouse', parameters: {} }] });
      const joint = await createOrder(
        t.http,
        t.adminToken,
        validOrder(bernd.id, { joint: true, spouse: null, amount: 150_000 }),
      );
      expect(joint).toMatchObject({
        joint: true,
        fsatyp: 'Gemeinsamer',
        spouse: anna.id,
        spouseName: 'Steuer, Anna',
        amount: 150_000,
      });
    });

    it('refuses a spouse other than the one linked in the master data, and a spouse on a single order', async () => {
      const m = await createMember(t.http, t.adminToken, {
        name: 'Allein',
        civilStatus: 1,
        spouseName: 'Allein',
        spouseGivenName: 'Paula',
      });
      const self = await postOrder(t.http, t.adminToken, validOrder(m.id, { joint: true, spouse: m.id }));
      expect(self.body.errors).toEqual([{ field: 'spouse', template: 'invalidChoice', parameters: { '0': m.id } }]);
      const unknown = await postOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { joint: true, spouse: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(unknown.body.errors).toEqual([
        { field: 'spouse', template: 'invalidChoice', parameters: { '0': '00000000-0000-4000-8000-000000000000' } },
      ]);
      const single = await postOrder(t.http, t.adminToken, validOrder(m.id, { joint: false, spouse: bernd.id }));
      expect(single.body.errors).toEqual([{ field: 'spouse', template: 'mustBeEmpty', parameters: {} }]);
    });

    it('refuses an overlapping order of the same member with conflictExemptionOrder naming the other order', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Doppelt' });
      const first = await createOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { startDate: '2023-01-01', endDate: '2023-12-31' }),
      );
      const overlap = await postOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { type: 1, startDate: '2023-12-31', endDate: null }),
      );
      expect(overlap.status).toBe(400);
      expect(overlap.body).toEqual({
        errors: [{ field: null, template: 'conflictExemptionOrder', parameters: { '0': first.id } }],
      });
      // The next day does not overlap; another member's order never conflicts.
      await createOrder(t.http, t.adminToken, validOrder(m.id, { type: 1, startDate: '2024-01-01', endDate: null }));
      const other = await createMember(t.http, t.adminToken, { name: 'Anders' });
      await createOrder(t.http, t.adminToken, validOrder(other.id));
    });

    it('parallel overlapping orders of one member: exactly one is recorded', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Parallel' });
      const results = await Promise.all(
        Array.from({ length: 4 }, () => postOrder(t.http, t.adminToken, validOrder(m.id))),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.every((r) => [201, 400, 409].includes(r.status))).toBe(true);
    });

    it.each<
      [
        string,
        { startDate: string; endDate: string | null; amount: number; joint?: boolean },
        Record<string, string> | null,
      ]
    >([
      ['single 2022 at 801 €', { startDate: '2022-01-01', endDate: '2022-12-31', amount: 80_100 }, null],
      [
        'single 2022 above 801 €',
        { startDate: '2022-01-01', endDate: '2022-12-31', amount: 80_101 },
        { '0': '801,00', '1': '2022' },
      ],
      ['joint 2022 at 1.602 €', { startDate: '2022-01-01', endDate: '2022-12-31', amount: 160_200, joint: true }, null],
      [
        'joint 2022 above 1.602 €',
        { startDate: '2022-01-01', endDate: '2022-12-31', amount: 160_201, joint: true },
        { '0': '1.602,00', '1': '2022' },
      ],
      ['single 2023 at 1.000 €', { startDate: '2023-01-01', endDate: '2023-12-31', amount: 100_000 }, null],
      [
        'single 2023 above 1.000 €',
        { startDate: '2023-01-01', endDate: '2023-12-31', amount: 100_001 },
        { '0': '1.000,00', '1': '2023' },
      ],
      ['joint 2023 at 2.000 €', { startDate: '2023-01-01', endDate: null, amount: 200_000, joint: true }, null],
      [
        'joint 2023 above 2.000 €',
        { startDate: '2023-01-01', endDate: null, amount: 200_001, joint: true },
        { '0': '2.000,00', '1': '2023' },
      ],
      [
        '2022 to 2023 held to the 2022 figure',
        { startDate: '2022-07-01', endDate: '2023-06-30', amount: 100_000 },
        { '0': '801,00', '1': '2022' },
      ],
    ])("saver's allowance: %s", async (_label, fields, refusedWith) => {
      const m = await createMember(t.http, t.adminToken, {
        name: 'Pauschbetrag',
        civilStatus: 1,
        spouseName: 'Pauschbetrag',
        spouseGivenName: 'Paul',
      });
      const body = validOrder(m.id, fields);
      const res = await postOrder(t.http, t.adminToken, body);
      if (refusedWith === null) {
        expect(res.status).toBe(201);
      } else {
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([
          { field: 'amount', template: 'amountExceedsAllowance', parameters: refusedWith },
        ]);
      }
    });

    it('checks required fields, the range and the year choices', async () => {
      const empty = await postOrder(t.http, t.adminToken, {});
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'member', template: 'mustNotBeEmpty', parameters: {} },
          { field: 'type', template: 'mustNotBeEmpty', parameters: {} },
          { field: 'joint', template: 'mustNotBeEmpty', parameters: {} },
          { field: 'amount', template: 'mustNotBeEmpty', parameters: {} },
          { field: 'date', template: 'mustNotBeEmpty', parameters: {} },
          { field: 'startDate', template: 'startDateMustNotBeEmpty', parameters: {} },
        ]),
      );
      const m = await createMember(t.http, t.adminToken, { name: 'Regeln' });
      const zero = await postOrder(t.http, t.adminToken, validOrder(m.id, { amount: 0 }));
      expect(zero.body.errors).toEqual([{ field: 'amount', template: 'mustBeGreaterThan', parameters: { '0': '0' } }]);
      const before = await postOrder(t.http, t.adminToken, validOrder(m.id, { endDate: '2023-01-01' }));
      expect(before.body.errors).toEqual([
        { field: 'endDate', template: 'endDateMustBeAfterStartDate', parameters: {} },
      ]);
      const long = await postOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { startDate: '2023-01-01', endDate: '2026-01-01' }),
      );
      expect(long.body.errors).toEqual([{ field: 'endDate', template: 'dateRangeExceeds', parameters: { '0': '3' } }]);
      const early = await postOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { startDate: '2007-12-01', endDate: '2008-06-30', amount: 10_000 }),
      );
      expect(early.body.errors).toEqual([
        { field: 'startDate', template: 'yearOutOfRange', parameters: { '0': '2008', '1': String(THIS_YEAR) } },
      ]);
      const late = await postOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { startDate: `${THIS_YEAR + 1}-01-01`, endDate: null }),
      );
      expect(late.body.errors).toEqual([
        { field: 'startDate', template: 'yearOutOfRange', parameters: { '0': '2008', '1': String(THIS_YEAR) } },
      ]);
    });

    it("answers 404 for an unknown member and for another cooperative's member, order and history", async () => {
      expect((await postOrder(t.http, t.adminToken, validOrder('00000000-0000-4000-8000-000000000000'))).status).toBe(
        404,
      );
      const o = await createOrder(
        t.http,
        t.adminToken,
        validOrder((await createMember(t.http, t.adminToken, { name: 'Mandant' })).id),
      );
      expect((await postOrder(t.http, otherAdmin, validOrder(anna.id))).status).toBe(404);
      expect((await request(t.http).get(`/api/v1/exemptionorders/${o.id}`).set(auth(otherAdmin))).status).toBe(404);
      expect(
        (await request(t.http).put(`/api/v1/exemptionorders/${o.id}`).set(auth(otherAdmin)).send(validOrder(o.member)))
          .status,
      ).toBe(404);
      expect((await request(t.http).get(`/api/v1/exemptionorders/${o.id}/history`).set(auth(otherAdmin))).status).toBe(
        404,
      );
      expect((await request(t.http).get('/api/v1/exemptionorders').set(auth(otherAdmin))).status).toBe(204);
    });

    it('refuses moving an order to another member', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Umzug' });
      const o = await createOrder(t.http, t.adminToken, validOrder(m.id));
      const res = await request(t.http)
        .put(`/api/v1/exemptionorders/${o.id}`)
        .set(auth(t.adminToken))
        .send(validOrder(anna.id));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'member', template: 'invalidChoice', parameters: { '0': anna.id } }]);
    });

    it('a restricted user reads but cannot write', async () => {
      expect((await request(t.http).get('/api/v1/exemptionorders').set(auth(restricted))).status).toBe(200);
      expect((await postOrder(t.http, restricted, validOrder(anna.id))).status).toBe(403);
    });

    it('lists by member name by default, searches and filters by state', async () => {
      const z = await createMember(t.http, t.adminToken, { name: 'Zylinder', givenName: 'Zora' });
      const a = await createMember(t.http, t.adminToken, { name: 'Aal', givenName: 'Arne' });
      await createOrder(t.http, t.adminToken, validOrder(z.id, { startDate: `${THIS_YEAR}-01-01`, endDate: null }));
      await createOrder(
        t.http,
        t.adminToken,
        validOrder(a.id, { startDate: '2022-01-01', endDate: '2022-12-31', amount: 10_000 }),
      );
      const all = (await request(t.http).get('/api/v1/exemptionorders?limit=1000').set(auth(t.adminToken)).expect(200))
        .body as ExemptionOrderDto[];
      const names = all.map((o) => o.memberName);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'de', { sensitivity: 'base' })));
      const search = (
        await request(t.http).get('/api/v1/exemptionorders?search=zylind').set(auth(t.adminToken)).expect(200)
      ).body as ExemptionOrderDto[];
      expect(search.map((o) => o.member)).toEqual([z.id]);
      const active = (
        await request(t.http)
          .get(`/api/v1/exemptionorders?filter=member:${z.id};${a.id},state:active`)
          .set(auth(t.adminToken))
          .expect(200)
      ).body as ExemptionOrderDto[];
      expect(active.map((o) => [o.member, o.state])).toEqual([[z.id, 'active']]);
      const inactive = (
        await request(t.http)
          .get(`/api/v1/exemptionorders?filter=member:${z.id};${a.id},state:inactive`)
          .set(auth(t.adminToken))
          .expect(200)
      ).body as ExemptionOrderDto[];
      expect(inactive.map((o) => [o.member, o.state])).toEqual([[a.id, 'inactive']]);
      expect(
        (await request(t.http).get('/api/v1/exemptionorders?filter=state:maybe').set(auth(t.adminToken))).status,
      ).toBe(400);
    });
  });
});
