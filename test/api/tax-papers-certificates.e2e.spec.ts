import request from 'supertest';
import type { MemberDashboardDto, NonAssessmentDto, TaxPaperHistoryEntry } from '@coop/contracts';
import { auth, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';
import {
  createNonAssessment,
  createOrder,
  postNonAssessment,
  startTaxPapersApp,
  THIS_YEAR,
  validNonAssessment,
  validOrder,
} from './support/tax-papers.js';

/** Non-assessment certificates (NV), and the member dashboard's orders and certificates with their state. */
describe('tax papers: exemption orders (FSA) and non-assessment certificates (NV)', () => {
  let t: TestApp;
  let otherAdmin: string;
  let restricted: string;

  beforeAll(async () => {
    ({ t, otherAdmin, restricted } = await startTaxPapersApp());
  });
  afterAll(async () => t.close());

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
        masterTag: expect.stringMatching(/^[0-9a-f]{16}$/),
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
