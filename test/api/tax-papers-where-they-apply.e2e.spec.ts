import request from 'supertest';
import type { ExemptionOrderDto, MemberDashboardDto } from '@coop/contracts';
import { auth, type TestApp } from './support/app.js';
import { createMember, validMember } from './support/members.js';
import {
  createNonAssessment,
  createOrder,
  postNonAssessment,
  postOrder,
  startTaxPapersApp,
  validNonAssessment,
  validOrder,
} from './support/tax-papers.js';

/** Tax papers only where they apply (issue 22, DOMAIN.md 2.6-2.8): legal entities, members abroad, spouses. */
describe('tax papers: exemption orders (FSA) and non-assessment certificates (NV)', () => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await startTaxPapersApp());
  });
  afterAll(async () => t.close());

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
});
