import request from 'supertest';
import type {
  ExemptionOrderDto,
  MemberDashboardDto,
  MemberDto,
  NonAssessmentDto,
  TaxPaperHistoryEntry,
} from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms, validMember } from './support/members.js';
import {
  createNonAssessment,
  createOrder,
  postNonAssessment,
  postOrder,
  THIS_YEAR,
  validNonAssessment,
  validOrder,
} from './support/tax-papers.js';

describe('tax papers: exemption orders (FSA) and non-assessment certificates (NV)', () => {
  let t: TestApp;
  let anna: MemberDto;
  let bernd: MemberDto;
  let otherAdmin: string;
  let restricted: string;

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    anna = await createMember(t.http, t.adminToken, { name: 'Steuer', givenName: 'Anna', civilStatus: 1 });
    bernd = await createMember(t.http, t.adminToken, {
      name: 'Steuer',
      givenName: 'Bernd',
      civilStatus: 1,
      spouse: anna.id,
    });
    const coop = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'tax-other-eg' }));
    otherAdmin = (
      await userWith(
        t.http,
        t.adminToken,
        'tax-other-admin',
        ['ROLE_ADMIN', 'ROLE_USER'],
        (coop.body as { id: string }).id,
      )
    ).token;
    restricted = (await userWith(t.http, t.adminToken, 'tax-restricted', ['ROLE_RESTRICTED_USER'])).token;
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

  describe('non-assessment certificates', () => {
    it('creates, lists, corrects and shows the history', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Nichtveranlagt', givenName: 'Nina' });
      const nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
      expect(nv).toEqual({
        id: expect.any(String),
        member: m.id,
        memberName: 'Nichtveranlagt, Nina',
        memberNr: m.memberNr,
        type: 100,
        orderNumber: '123/456/78901',
        date: `${THIS_YEAR}-01-05`,
        taxAuthorities: 'Finanzamt Musterstadt',
        startDate: `${THIS_YEAR}-01-01`,
        endDate: `${THIS_YEAR}-12-31`,
        original: true,
        state: 'active',
        cooperative: t.cooperativeId,
      });
      const corrected = await request(t.http)
        .put(`/api/v1/nonassessments/${nv.id}`)
        .set(auth(t.adminToken))
        .send(validNonAssessment(m.id, { type: 60, original: false }));
      expect(corrected.status).toBe(200);
      expect(corrected.body).toMatchObject({ type: 60, original: null });
      const list = await request(t.http)
        .get(`/api/v1/nonassessments?filter=member:${m.id}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect(list.body).toEqual([corrected.body]);
      const history = (
        await request(t.http).get(`/api/v1/nonassessments/${nv.id}/history`).set(auth(t.adminToken)).expect(200)
      ).body as TaxPaperHistoryEntry[];
      expect(history.map((h) => h.type)).toEqual(['NonAssessmentRecorded', 'NonAssessmentCorrected']);
      expect(history[1]!.changes).toEqual([
        { field: 'type', from: 100, to: 60 },
        { field: 'original', from: true, to: null },
      ]);
    });

    it('refuses a certificate longer than 3 years with dateRangeExceeds; exactly 3 years is accepted', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Dreijahr' });
      const long = await postNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { startDate: `${THIS_YEAR}-01-01`, endDate: `${THIS_YEAR + 3}-01-01` }),
      );
      expect(long.status).toBe(400);
      expect(long.body).toEqual({
        errors: [{ field: 'endDate', template: 'dateRangeExceeds', parameters: { '0': '3' } }],
      });
      await createNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { startDate: `${THIS_YEAR}-01-01`, endDate: `${THIS_YEAR + 2}-12-31` }),
      );
    });

    it('refuses an overlapping certificate with conflictNonAssessment naming the other', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Überlappt' });
      const first = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
      const res = await postNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { startDate: `${THIS_YEAR}-06-01`, endDate: `${THIS_YEAR + 1}-05-31` }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [{ field: null, template: 'conflictNonAssessment', parameters: { '0': first.id } }],
      });
    });

    it('checks the required fields with their own start and end messages, and the year choices', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Leer' });
      const res = await postNonAssessment(t.http, t.adminToken, {
        member: m.id,
        type: 7,
        orderNumber: ' ',
        taxAuthorities: '',
        date: null,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'type', template: 'invalidChoice', parameters: { '0': '7' } },
        { field: 'orderNumber', template: 'mustNotBeEmpty', parameters: {} },
        { field: 'date', template: 'mustNotBeEmpty', parameters: {} },
        { field: 'taxAuthorities', template: 'mustNotBeEmpty', parameters: {} },
        { field: 'startDate', template: 'startDateMustNotBeEmpty', parameters: {} },
        { field: 'endDate', template: 'endDateMustNotBeEmpty', parameters: {} },
      ]);
      const old = await postNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { startDate: `${THIS_YEAR - 3}-01-01`, endDate: `${THIS_YEAR - 3}-12-31` }),
      );
      expect(old.body.errors).toEqual([
        {
          field: 'startDate',
          template: 'yearOutOfRange',
          parameters: { '0': String(THIS_YEAR - 2), '1': String(THIS_YEAR + 3) },
        },
        {
          field: 'endDate',
          template: 'yearOutOfRange',
          parameters: { '0': String(THIS_YEAR - 2), '1': String(THIS_YEAR + 3) },
        },
      ]);
    });

    it('state is derived: a certificate that ended in the past is inactive', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Abgelaufen' });
      const nv = await createNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { startDate: `${THIS_YEAR - 2}-01-01`, endDate: `${THIS_YEAR - 2}-12-31`, type: -1 }),
      );
      expect(nv).toMatchObject({ state: 'inactive', type: -1 });
    });

    it('tenancy and roles', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'NV Mandant' });
      const nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
      expect((await request(t.http).get(`/api/v1/nonassessments/${nv.id}`).set(auth(otherAdmin))).status).toBe(404);
      expect(
        (
          await request(t.http)
            .put(`/api/v1/nonassessments/${nv.id}`)
            .set(auth(otherAdmin))
            .send(validNonAssessment(m.id))
        ).status,
      ).toBe(404);
      expect((await request(t.http).get(`/api/v1/nonassessments/${nv.id}/history`).set(auth(otherAdmin))).status).toBe(
        404,
      );
      expect((await postNonAssessment(t.http, otherAdmin, validNonAssessment(m.id))).status).toBe(404);
      expect((await postNonAssessment(t.http, restricted, validNonAssessment(m.id))).status).toBe(403);
      expect((await request(t.http).get(`/api/v1/nonassessments/${nv.id}`).set(auth(restricted))).status).toBe(200);
    });
  });

  describe('tax papers only where they apply (issue 22, DOMAIN.md 2.6-2.8)', () => {
    const put = (id: string, body: Record<string, unknown>) =>
      request(t.http).put(`/api/v1/members/${id}`).set(auth(t.adminToken)).send(body);

    it('a legal entity gets the firm salutation and no exemption order; it may hold NV 100 and 60', async () => {
      const firm = await createMember(t.http, t.adminToken, {
        name: 'Werkstatt GmbH',
        legalForm: 1,
        postalSalutation: '',
        givenName: null,
        birthDate: null,
        salutation: null,
        civilStatus: null,
      });
      expect(firm.postalSalutation).toBe('company');
      const refused = await postOrder(t.http, t.adminToken, validOrder(firm.id));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        errors: [{ field: 'member', template: 'exemptionOrderNotForLegalEntity', parameters: {} }],
      });
      await createNonAssessment(t.http, t.adminToken, validNonAssessment(firm.id, { type: 100 }));
      const other = await createMember(t.http, t.adminToken, {
        name: 'Verband e.V.',
        legalForm: 1,
        postalSalutation: 'company',
        givenName: null,
        birthDate: null,
        salutation: null,
        civilStatus: null,
      });
      await createNonAssessment(t.http, t.adminToken, validNonAssessment(other.id, { type: 60 }));
    });

    it('the postal salutation fits the legal form', async () => {
      const person = await request(t.http)
        .post('/api/v1/members')
        .set(auth(t.adminToken))
        .send(validMember({ postalSalutation: 'company' }));
      expect(person.status).toBe(400);
      expect(person.body).toEqual({
        errors: [
          {
            field: 'postalSalutation',
            template: 'postalSalutationDoesNotFitLegalForm',
            parameters: { '0': 'company' },
          },
        ],
      });
      const firm = await request(t.http)
        .post('/api/v1/members')
        .set(auth(t.adminToken))
        .send(
          validMember({
            name: 'Firma KG',
            legalForm: 1,
            postalSalutation: 'male',
            givenName: null,
            birthDate: null,
            salutation: null,
            civilStatus: null,
          }),
        );
      expect(firm.body).toEqual({
        errors: [
          { field: 'postalSalutation', template: 'postalSalutationDoesNotFitLegalForm', parameters: { '0': 'male' } },
        ],
      });
    });

    it('a member living abroad: no exemption order, no exempting certificate; "no certificate" (0) is recorded', async () => {
      const abroad = await createMember(t.http, t.adminToken, {
        name: 'Ausland',
        isForeign: true,
        state: null,
        country: 'AT',
      });
      const order = await postOrder(t.http, t.adminToken, validOrder(abroad.id));
      expect(order.status).toBe(400);
      expect(order.body).toEqual({
        errors: [{ field: 'member', template: 'exemptionOrderNotForNonResident', parameters: {} }],
      });
      for (const type of [100, 60]) {
        const nv = await postNonAssessment(t.http, t.adminToken, validNonAssessment(abroad.id, { type }));
        expect(nv.status).toBe(400);
        expect(nv.body).toEqual({
          errors: [{ field: 'type', template: 'nonAssessmentNotForNonResident', parameters: { '0': String(type) } }],
        });
      }
      await createNonAssessment(t.http, t.adminToken, validNonAssessment(abroad.id, { type: 0 }));
    });

    it('a member who moves abroad: the order can be ended, not otherwise changed', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Umzügler', manualTaxId: '86095742719' });
      const o = await createOrder(t.http, t.adminToken, validOrder(m.id, { endDate: null }));
      expect(
        (
          await put(
            m.id,
            validMember({ name: 'Umzügler', manualTaxId: '86095742719', isForeign: true, state: null, country: 'FR' }),
          )
        ).status,
      ).toBe(200);
      const changed = await request(t.http)
        .put(`/api/v1/exemptionorders/${o.id}`)
        .set(auth(t.adminToken))
        .send(validOrder(m.id, { endDate: null, amount: 60_000 }));
      expect(changed.body).toEqual({
        errors: [{ field: 'member', template: 'exemptionOrderNotForNonResident', parameters: {} }],
      });
      const ended = await request(t.http)
        .put(`/api/v1/exemptionorders/${o.id}`)
        .set(auth(t.adminToken))
        .send(validOrder(m.id, { endDate: '2023-12-31' }));
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({ endDate: '2023-12-31' });
    });

    it('a joint order with a spouse who is not a member; the tax ids missing are warnings, cleared when entered', async () => {
      const married = {
        name: 'Gattin',
        givenName: 'Greta',
        civilStatus: 1,
        spouseName: 'Gattin',
        spouseGivenName: 'Gerd',
      };
      const m = await createMember(t.http, t.adminToken, married);
      const o = await createOrder(
        t.http,
        t.adminToken,
        validOrder(m.id, { joint: true, amount: 150_000, endDate: null }),
      );
      expect(o).toMatchObject({
        joint: true,
        spouse: null,
        spouseName: 'Gattin, Gerd',
        memberTaxIdMissing: true,
        spouseTaxIdMissing: true,
      });
      let dash = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
        .body as MemberDashboardDto;
      expect(dash.exemptionOrder[0]).toMatchObject({ id: o.id, memberTaxIdMissing: true, spouseTaxIdMissing: true });

      const entered = await put(
        m.id,
        validMember({ ...married, manualTaxId: '65929970489', spouseTaxId: '47 036 892 816' }),
      );
      expect(entered.status).toBe(200);
      expect(entered.body).toMatchObject({ spouseTaxId: '47036892816' });
      const got = (await request(t.http).get(`/api/v1/exemptionorders/${o.id}`).set(auth(t.adminToken)).expect(200))
        .body as ExemptionOrderDto;
      expect(got).toMatchObject({ spouseName: 'Gattin, Gerd', memberTaxIdMissing: false, spouseTaxIdMissing: false });
      dash = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(t.adminToken)).expect(200))
        .body as MemberDashboardDto;
      expect(dash.exemptionOrder[0]).toMatchObject({ memberTaxIdMissing: false, spouseTaxIdMissing: false });

      const bad = await put(m.id, validMember({ ...married, spouseTaxId: '47036892817' }));
      expect(bad.body).toEqual({ errors: [{ field: 'spouseTaxId', template: 'invalidTaxId', parameters: {} }] });
    });

    it('linked spouses do not both hold overlapping joint orders: refused naming the other member, in either direction of the link', async () => {
      // Clara records her husband by name only; Carl links Clara as his spouse.
      const clara = await createMember(t.http, t.adminToken, {
        name: 'Paar',
        givenName: 'Clara',
        civilStatus: 1,
        spouseName: 'Paar',
        spouseGivenName: 'Carl',
      });
      const carl = await createMember(t.http, t.adminToken, {
        name: 'Paar',
        givenName: 'Carl',
        civilStatus: 1,
        spouse: clara.id,
      });
      const carls = await createOrder(
        t.http,
        t.adminToken,
        validOrder(carl.id, { joint: true, amount: 150_000, startDate: '2023-01-01', endDate: null }),
      );
      const expected = {
        errors: [
          {
            field: null,
            template: 'jointOrderOfSpouseOverlaps',
            parameters: { '0': `${carl.memberNr} Paar, Carl`, '1': carls.id },
          },
        ],
      };
      const fromClara = await postOrder(
        t.http,
        t.adminToken,
        validOrder(clara.id, { joint: true, amount: 150_000, startDate: '2024-01-01', endDate: null }),
      );
      expect(fromClara.status).toBe(400);
      expect(fromClara.body).toEqual(expected);
      // Linked from Clara's side too: still refused; a single order of hers, or a joint one of other years, is accepted.
      expect(
        (await put(clara.id, validMember({ name: 'Paar', givenName: 'Clara', civilStatus: 1, spouse: carl.id })))
          .status,
      ).toBe(200);
      expect(
        (
          await postOrder(
            t.http,
            t.adminToken,
            validOrder(clara.id, { joint: true, amount: 150_000, startDate: '2024-01-01', endDate: null }),
          )
        ).body,
      ).toEqual(expected);
      await createOrder(
        t.http,
        t.adminToken,
        validOrder(clara.id, { joint: true, amount: 100_000, startDate: '2021-01-01', endDate: '2022-12-31' }),
      );
      await createOrder(
        t.http,
        t.adminToken,
        validOrder(clara.id, { type: 1, amount: 50_000, startDate: '2024-01-01', endDate: null }),
      );
    });
  });

  it("the member dashboard lists the member's orders and certificates with their state", async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Dashboard' });
    const old = await createOrder(
      t.http,
      t.adminToken,
      validOrder(m.id, { startDate: '2022-01-01', endDate: '2022-12-31', amount: 80_100 }),
    );
    const current = await createOrder(
      t.http,
      t.adminToken,
      validOrder(m.id, { type: 1, startDate: '2023-01-01', endDate: null, amount: 100_000 }),
    );
    const nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
    const dash = (await request(t.http).get(`/api/v1/dashboard/member/${m.id}`).set(auth(restricted)).expect(200))
      .body as MemberDashboardDto;
    expect(dash.exemptionOrder.map((o) => [o.id, o.state])).toEqual([
      [old.id, 'inactive'],
      [current.id, 'active'],
    ]);
    expect(dash.nonAssessment).toEqual([nv as NonAssessmentDto]);
  });
});
