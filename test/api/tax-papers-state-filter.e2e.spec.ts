import request from 'supertest';
import { LIST_FILTER_TERMS_MAX, type ExemptionOrderDto, type NonAssessmentDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { createNonAssessment, createOrder, validNonAssessment, validOrder } from './support/tax-papers.js';

/*
 * The derived `state` filter of the tax papers' lists (`GET /exemptionorders`, `GET /nonassessments`): it is taken out
 * of `filter` before the list's own parse, so its terms counted toward no limit: a thousand `state:active` terms became
 * a thousand conditions, and SQLite refused the query ("Expression tree is too large") with a 500. They count as every
 * list's terms do (at most LIST_FILTER_TERMS_MAX, else 400 `tooManyTerms`), and a repeated `filter`
 * (`?filter=state:active&filter=member:…`) reads as the terms joined, as on every other list (issue 28).
 */
const LISTS = ['exemptionorders', 'nonassessments'] as const;

describe('tax papers: the state filter of their lists', () => {
  let t: TestApp;
  let order: ExemptionOrderDto;
  let nv: NonAssessmentDto;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
    const m = await createMember(t.http, t.adminToken, { name: 'Filter', givenName: 'Fiona' });
    order = await createOrder(t.http, t.adminToken, validOrder(m.id, { endDate: null }));
    nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
  });
  afterAll(async () => t.close());

  const list = (path: string): request.Test => request(t.http).get(`/api/v1/${path}`).set(auth(t.adminToken));
  const terms = (n: number, term: string): string => Array.from({ length: n }, () => term).join(',');

  it.each(LISTS)('%s: a thousand state terms are refused with 400 tooManyTerms, not answered 500', async (path) => {
    const res = await list(`${path}?filter=${terms(1100, 'state:active')}`);
    expect({ status: res.status, body: res.body as unknown }).toEqual({
      status: 400,
      body: {
        errors: [{ field: 'filter', template: 'tooManyTerms', parameters: { 0: String(LIST_FILTER_TERMS_MAX) } }],
      },
    });
  });

  it.each(LISTS)('%s: state terms count toward the limit as every term does', async (path) => {
    expect((await list(`${path}?filter=${terms(LIST_FILTER_TERMS_MAX, 'state:active')}`)).status).toBe(200);
    const over = await list(`${path}?filter=${terms(LIST_FILTER_TERMS_MAX + 1, 'state:active')}`);
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      errors: [{ field: 'filter', template: 'tooManyTerms', parameters: { 0: String(LIST_FILTER_TERMS_MAX) } }],
    });
  });

  it.each(LISTS)('%s: a repeated filter with a state term reads as its terms joined', async (path) => {
    const id = path === 'exemptionorders' ? order.id : nv.id;
    const member = order.member;
    const active = await list(`${path}?filter=state:active&filter=member:${member}`);
    expect(active.status).toBe(200);
    expect((active.body as { id: string }[]).map((p) => p.id)).toEqual([id]);
    expect((await list(`${path}?filter=state:inactive&filter=member:${member}`)).status).toBe(204);
    const wrong = await list(`${path}?filter=member:${member}&filter=state:maybe`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      errors: [{ field: 'filter', template: 'invalidChoice', parameters: { 0: 'maybe' } }],
    });
  });
});
