import request from 'supertest';
import { WRITABLE_FIELDS } from '@coop/contracts/console';
import type { ExemptionOrderDto, MemberDto, NonAssessmentDto } from '@coop/contracts';
import { auth, userWith, type TestApp } from './support/app.js';
import { createMember, member, validMember } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';
import {
  createNonAssessment,
  createOrder,
  startTaxPapersApp,
  THIS_YEAR,
  validNonAssessment,
  validOrder,
} from './support/tax-papers.js';

/*
 * Two clerks edit one tax paper at once (a lost update). `PUT /exemptionorders/{id}` and `PUT /nonassessments/{id}`
 * take the whole record, so a clerk saving a form read before another clerk's change wrote the old values back over it:
 * clerk A raises an order's amount (how much of the member's dividend is paid out without withholding tax), clerk B
 * (form opened before) corrects the order's date and silently restores the old amount. The record carries `masterTag`
 * (its fields as read); sent back with the change (the console sends the record it loaded), a change made meanwhile
 * refuses the write `409 recordChangedMeanwhile` instead of overwriting it. Without `masterTag` the write stands as before.
 */
type Resource = 'exemptionorders' | 'nonassessments';

describe('two clerks editing one tax paper', () => {
  let t: TestApp;
  let tokenB: string;
  beforeAll(async () => {
    ({ t } = await startTaxPapersApp());
    tokenB = (await userWith(t.http, t.adminToken, 'zweiter-sachbearbeiter', ['ROLE_USER'])).token;
  });
  afterAll(async () => t.close());

  const read = async <T>(resource: Resource, token: string, id: string): Promise<T> =>
    (await request(t.http).get(`/api/v1/${resource}/${id}`).set(auth(token)).expect(200)).body as T;
  /** The console's body: the writable fields of the record as loaded, with the clerk's edits. */
  const form = (resource: Resource, loaded: object, edits: Record<string, unknown> = {}): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    for (const field of WRITABLE_FIELDS[resource] as readonly string[])
      if (field in loaded) body[field] = (loaded as Record<string, unknown>)[field];
    return { ...body, ...edits };
  };
  const put = (resource: Resource, token: string, id: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put(`/api/v1/${resource}/${id}`).set(auth(token)).send(body);
  const REFUSED = { errors: [{ field: null, template: 'recordChangedMeanwhile', parameters: {} }] };

  describe('exemption orders', () => {
    it('a save from a form read before another clerk’s change of the amount is refused 409 and loses nothing', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Verloren', givenName: 'Vera' });
      const order = await createOrder(t.http, t.adminToken, validOrder(m.id, { amount: 30_000 }));
      const readByA = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      const readByB = await read<ExemptionOrderDto>('exemptionorders', tokenB, order.id);

      const a = await put(
        'exemptionorders',
        t.adminToken,
        order.id,
        form('exemptionorders', readByA, { amount: 80_000 }),
      );
      expect(a.status).toBe(200);
      const b = await put(
        'exemptionorders',
        tokenB,
        order.id,
        form('exemptionorders', readByB, { date: '2023-01-03' }),
      );
      const now = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      // The amount A recorded stands: B's form read before does not write the old one back.
      expect({ status: b.status, amount: now.amount, date: now.date }).toEqual({
        status: 409,
        amount: 80_000,
        date: '2023-01-02',
      });
      expect(b.body).toEqual(expect.objectContaining(REFUSED));
      expect(readByA.masterTag).toMatch(/^[0-9a-f]{16}$/);
      expect((a.body as ExemptionOrderDto).masterTag).not.toBe(readByA.masterTag);
      expect(now.masterTag).toBe((a.body as ExemptionOrderDto).masterTag);

      // Reloaded, B's change goes through and keeps A's.
      const again = await put(
        'exemptionorders',
        tokenB,
        order.id,
        form('exemptionorders', now, { date: '2023-01-03' }),
      );
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ amount: 80_000, date: '2023-01-03' });
    });

    it('the form just read is never refused; the list answers the same tag; without masterTag nothing is checked', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Frisch', givenName: 'Fritz' });
      const order = await createOrder(t.http, t.adminToken, validOrder(m.id, { endDate: null }));
      const loaded = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      expect(loaded.masterTag).toBe(order.masterTag);
      const list = await request(t.http)
        .get(`/api/v1/exemptionorders?filter=member:${m.id}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect((list.body as ExemptionOrderDto[])[0]!.masterTag).toBe(loaded.masterTag);

      // Unchanged, then each field the clerk may change, each from the record the save before answered.
      let current = loaded;
      for (const edits of [{}, { type: 1 }, { amount: 12_345 }, { endDate: '2024-12-31' }, { date: '2023-02-01' }]) {
        const res = await put('exemptionorders', t.adminToken, order.id, form('exemptionorders', current, edits));
        expect({ edits, status: res.status }).toEqual({ edits, status: 200 });
        current = res.body as ExemptionOrderDto;
        expect(current.masterTag).toBe((await read<ExemptionOrderDto>('exemptionorders', tokenB, order.id)).masterTag);
      }

      // An API client sending no tag (or null) is not checked, as before.
      const stale = form('exemptionorders', loaded, { amount: 20_000 });
      const untagged = await put('exemptionorders', t.adminToken, order.id, { ...stale, masterTag: undefined });
      expect(untagged.status).toBe(200);
      const nullTag = await put('exemptionorders', t.adminToken, order.id, { ...stale, masterTag: null });
      expect(nullTag.status).toBe(200);
    });

    it('two saves of one form at the same moment: one stands, the other is refused', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Gleichzeitig', givenName: 'Gabi' });
      const order = await createOrder(t.http, t.adminToken, validOrder(m.id));
      const loaded = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      const [x, y] = await Promise.all([
        put('exemptionorders', t.adminToken, order.id, form('exemptionorders', loaded, { amount: 10_000 })),
        put('exemptionorders', tokenB, order.id, form('exemptionorders', loaded, { amount: 20_000 })),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const won = (x.status === 200 ? x.body : y.body) as ExemptionOrderDto;
      expect((await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id)).amount).toBe(won.amount);
    });

    it('a joint order recorded before the spouse was linked is saved from the form read after the link', async () => {
      const spouse = await createMember(t.http, t.adminToken, { name: 'Später', givenName: 'Sabine' });
      const m = await createMember(t.http, t.adminToken, {
        name: 'Später',
        givenName: 'Stefan',
        civilStatus: 1,
        spouseName: 'Später',
        spouseGivenName: 'Sabine',
      });
      const order = await createOrder(t.http, t.adminToken, validOrder(m.id, { joint: true, amount: 100_000 }));
      expect(order.spouse).toBeNull();
      // The member's master data now link the spouse as a member.
      const loadedMember: MemberDto = await member(t.http, t.adminToken, m.id);
      const linked = await request(t.http)
        .put(`/api/v1/members/${m.id}`)
        .set(auth(t.adminToken))
        .send({
          ...validMember(),
          ...Object.fromEntries(Object.entries(loadedMember).filter(([, v]) => v !== null)),
          spouse: spouse.id,
        });
      expect(linked.status).toBe(200);

      const loaded = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      const first = await put(
        'exemptionorders',
        t.adminToken,
        order.id,
        form('exemptionorders', loaded, { amount: 90_000 }),
      );
      expect({ status: first.status, body: first.body as unknown }).toEqual({ status: 200, body: expect.anything() });
      expect(first.body).toMatchObject({ spouse: spouse.id, amount: 90_000 });
      const again = await put('exemptionorders', t.adminToken, order.id, form('exemptionorders', first.body as object));
      expect(again.status).toBe(200);
    });

    it('the order of a member whose linked spouse was erased is saved from the form it loaded', async () => {
      const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };
      const gone = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Vergangen', givenName: 'Vroni' });
      const survivor = await createMember(t.http, t.adminToken, {
        ...LONG_AGO,
        name: 'Geblieben',
        givenName: 'Gerd',
        civilStatus: 1,
        spouse: gone.id,
      });
      const order = await createOrder(t.http, t.adminToken, validOrder(survivor.id, { joint: true, amount: 100_000 }));
      expect(order.spouse).toBe(gone.id);
      await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
      const run = await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
      expect((run.body as { count: number }).count).toBeGreaterThanOrEqual(1);

      // The clean-up cut the link on the order's read model only; the order's stream keeps it.
      const loaded = await read<ExemptionOrderDto>('exemptionorders', t.adminToken, order.id);
      expect(loaded.spouse).toBeNull();
      const res = await put(
        'exemptionorders',
        t.adminToken,
        order.id,
        form('exemptionorders', loaded, { amount: 90_000 }),
      );
      expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 200, body: expect.anything() });
    });
  });

  describe('non-assessment certificates', () => {
    it('a save from a form read before another clerk’s change of the type is refused 409 and loses nothing', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Verloren', givenName: 'Nina' });
      const nv = await createNonAssessment(t.http, t.adminToken, validNonAssessment(m.id));
      const readByA = await read<NonAssessmentDto>('nonassessments', t.adminToken, nv.id);
      const readByB = await read<NonAssessmentDto>('nonassessments', tokenB, nv.id);

      const a = await put('nonassessments', t.adminToken, nv.id, form('nonassessments', readByA, { type: 60 }));
      expect(a.status).toBe(200);
      const b = await put(
        'nonassessments',
        tokenB,
        nv.id,
        form('nonassessments', readByB, { taxAuthorities: 'Finanzamt Nebenstadt' }),
      );
      const now = await read<NonAssessmentDto>('nonassessments', t.adminToken, nv.id);
      expect({ status: b.status, type: now.type, taxAuthorities: now.taxAuthorities }).toEqual({
        status: 409,
        type: 60,
        taxAuthorities: 'Finanzamt Musterstadt',
      });
      expect(b.body).toEqual(expect.objectContaining(REFUSED));
      expect(readByA.masterTag).toMatch(/^[0-9a-f]{16}$/);
      expect(now.masterTag).toBe((a.body as NonAssessmentDto).masterTag);

      const again = await put(
        'nonassessments',
        tokenB,
        nv.id,
        form('nonassessments', now, { taxAuthorities: 'Finanzamt Nebenstadt' }),
      );
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ type: 60, taxAuthorities: 'Finanzamt Nebenstadt' });
    });

    it('the form just read is never refused, whatever went through it; without masterTag nothing is checked', async () => {
      const m = await createMember(t.http, t.adminToken, { name: 'Frisch', givenName: 'Nora' });
      const nv = await createNonAssessment(
        t.http,
        t.adminToken,
        validNonAssessment(m.id, { original: null, orderNumber: '  77/88  ' }),
      );
      const loaded = await read<NonAssessmentDto>('nonassessments', t.adminToken, nv.id);
      expect(loaded.masterTag).toBe(nv.masterTag);
      const list = await request(t.http)
        .get(`/api/v1/nonassessments?filter=member:${m.id}`)
        .set(auth(t.adminToken))
        .expect(200);
      expect((list.body as NonAssessmentDto[])[0]!.masterTag).toBe(loaded.masterTag);

      let current = loaded;
      for (const edits of [
        {},
        { original: true },
        { original: false },
        { orderNumber: '99/11' },
        { type: 0 },
        { endDate: `${THIS_YEAR + 1}-12-31` },
        { date: `${THIS_YEAR}-01-06`, taxAuthorities: 'Finanzamt Anderswo' },
      ]) {
        const res = await put('nonassessments', t.adminToken, nv.id, form('nonassessments', current, edits));
        expect({ edits, status: res.status }).toEqual({ edits, status: 200 });
        current = res.body as NonAssessmentDto;
        expect(current.masterTag).toBe((await read<NonAssessmentDto>('nonassessments', tokenB, nv.id)).masterTag);
      }

      const stale = form('nonassessments', loaded, { orderNumber: '12/34' });
      const untagged = await put('nonassessments', t.adminToken, nv.id, { ...stale, masterTag: undefined });
      expect(untagged.status).toBe(200);
    });
  });
});
