import request from 'supertest';
import type { CooperativeDto, ElmaNumberDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

/*
 * An approval number and a cooperative sent again under one `Idempotency-Key` (as decision 421 for admissions): a double
 * submit or a retry after a lost answer records once and answers the record made. The key with other contents is
 * refused; without a key every request records, as before.
 */

describe('POST /elmanumbers and POST /cooperatives under an Idempotency-Key', () => {
  let t: TestApp;
  const post = (path: string, body: object, key?: string, token = t.adminToken): request.Test => {
    const req = request(t.http).post(`/api/v1/${path}`).set(auth(token));
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  /** The approval numbers `number` of the token's cooperative. */
  const numbers = async (number: string, token = t.adminToken): Promise<ElmaNumberDto[]> => {
    const res = await request(t.http).get('/api/v1/elmanumbers?limit=100').set(auth(token));
    expect([200, 204]).toContain(res.status);
    return res.status === 204 ? [] : (res.body as ElmaNumberDto[]).filter((n) => n.elmaNumber === number);
  };
  /** The cooperatives named `name` (the super administrator lists them all). */
  const cooperatives = async (name: string): Promise<CooperativeDto[]> => {
    const res = await request(t.http).get('/api/v1/cooperatives?limit=100').set(auth(t.adminToken));
    expect(res.status).toBe(200);
    return (res.body as CooperativeDto[]).filter((c) => c.name === name);
  };
  const reused = { errors: [{ field: null, template: 'idempotencyKeyReused', parameters: {} }] };
  const tooLong = { errors: [{ field: 'Idempotency-Key', template: 'tooLong', parameters: { '0': '100' } }] };

  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  describe('an approval number', () => {
    it('sent twice under one key is added once, both answers 201 with it', async () => {
      const body = { elmaProcess: 'fs', elmaNumber: '12345671' };
      const first = await post('elmanumbers', body, 'elma-key-1').expect(201);
      const again = await post('elmanumbers', body, 'elma-key-1').expect(201);
      expect(again.body).toEqual(first.body);
      expect((await numbers('12345671')).map((n) => n.id)).toEqual([(first.body as ElmaNumberDto).id]);
    });

    it('sent twice at once under one key is added once, both answers 201 with it', async () => {
      const body = { elmaProcess: 'km', elmaNumber: '12345678901' };
      const answers = await Promise.all([1, 2, 3].map(() => post('elmanumbers', body, 'elma-key-2')));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
      for (const r of answers) expect(r.body).toEqual(answers[0]!.body);
      expect((await numbers('12345678901')).map((n) => n.id)).toEqual([(answers[0]!.body as ElmaNumberDto).id]);
    });

    it('the key with another number, or after the number was removed, is refused 409 and adds nothing', async () => {
      const body = { elmaProcess: 'fs', elmaNumber: '32345671' };
      const first = (await post('elmanumbers', body, 'elma-key-3').expect(201)).body as ElmaNumberDto;
      const other = await post('elmanumbers', { ...body, elmaNumber: '52345671' }, 'elma-key-3');
      expect({ status: other.status, body: other.body as unknown }).toEqual({ status: 409, body: reused });
      expect(await numbers('52345671')).toEqual([]);
      await request(t.http).delete(`/api/v1/elmanumbers/${first.id}`).set(auth(t.adminToken)).expect(204);
      const late = await post('elmanumbers', body, 'elma-key-3');
      expect({ status: late.status, body: late.body as unknown }).toEqual({ status: 409, body: reused });
      expect(await numbers('32345671')).toEqual([]);
    });

    it('another user, or no key, adds another, as before', async () => {
      const body = { elmaProcess: 'fs', elmaNumber: '72345671' };
      const clerk = await userWith(t.http, t.adminToken, 'elma-idem-admin', ['ROLE_ADMIN', 'ROLE_USER']);
      await post('elmanumbers', body, 'elma-key-4').expect(201);
      await post('elmanumbers', body, 'elma-key-4', clerk.token).expect(201);
      await Promise.all([post('elmanumbers', body).expect(201), post('elmanumbers', body).expect(201)]);
      expect(await numbers('72345671')).toHaveLength(4);
    });

    it('a key of 10,000 characters is refused 400 tooLong, nothing added, and the server still answers', async () => {
      const body = { elmaProcess: 'fs', elmaNumber: '14345671' };
      const res = await post('elmanumbers', body, 'k'.repeat(10_000));
      expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: tooLong });
      expect(await numbers('14345671')).toEqual([]);
      await post('elmanumbers', body, 'k'.repeat(100)).expect(201);
    });
  });

  describe('a cooperative (the super administrator)', () => {
    it('sent twice under one key is registered once, both answers 201 with it', async () => {
      const body = validCooperative({ name: 'einmal-eg' });
      const first = await post('cooperatives', body, 'coop-key-1').expect(201);
      const again = await post('cooperatives', body, ' coop-key-1 ').expect(201);
      expect(again.body).toEqual(first.body);
      expect((await cooperatives('einmal-eg')).map((c) => c.id)).toEqual([(first.body as CooperativeDto).id]);
    });

    it('sent twice at once under one key is registered once, both answers 201 with it', async () => {
      const body = validCooperative({ name: 'zugleich-eg' });
      const answers = await Promise.all([1, 2, 3].map(() => post('cooperatives', body, 'coop-key-2')));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
      for (const r of answers) expect(r.body).toEqual(answers[0]!.body);
      expect((await cooperatives('zugleich-eg')).map((c) => c.id)).toEqual([(answers[0]!.body as CooperativeDto).id]);
    });

    it('the key with other fields is refused 409 and registers nothing; without a key every request registers', async () => {
      await post('cooperatives', validCooperative({ name: 'erste-fassung-eg' }), 'coop-key-3').expect(201);
      const other = await post('cooperatives', validCooperative({ name: 'zweite-fassung-eg' }), 'coop-key-3');
      expect({ status: other.status, body: other.body as unknown }).toEqual({ status: 409, body: reused });
      expect(await cooperatives('zweite-fassung-eg')).toEqual([]);
      const body = validCooperative({ name: 'ohne-schluessel-eg' });
      await Promise.all([post('cooperatives', body).expect(201), post('cooperatives', body).expect(201)]);
      expect(await cooperatives('ohne-schluessel-eg')).toHaveLength(2);
    });

    it('a key of 10,000 characters is refused 400 tooLong, nothing registered, and the server still answers', async () => {
      const body = validCooperative({ name: 'langschluessel-eg' });
      const res = await post('cooperatives', body, 'k'.repeat(10_000));
      expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: tooLong });
      expect(await cooperatives('langschluessel-eg')).toEqual([]);
      await post('cooperatives', body, 'k'.repeat(100)).expect(201);
    });
  });
});
