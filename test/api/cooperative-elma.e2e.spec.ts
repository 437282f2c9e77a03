import request from 'supertest';
import { auth, startApp, validCooperative, type TestApp } from './support/app.js';

describe('the own cooperative', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ COOPERATIVE_NAME: 'Erste eG' });
  });
  afterAll(async () => t.close());

  const put = (body: Record<string, unknown>) =>
    request(t.http).put(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken)).send(body);

  it('starts with the name given at first start and one minimum share', async () => {
    const res = await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken));
    expect(res.body).toMatchObject({ id: t.cooperativeId, name: 'Erste eG', minimumShares: 1, balanceCost: 0 });
  });

  it('refuses an empty form with mustNotBeEmpty on every required field', async () => {
    const res = await put({});
    const fields = (res.body as { errors: { field: string; template: string }[] }).errors
      .filter((e) => e.template === 'mustNotBeEmpty')
      .map((e) => e.field);
    expect(fields.sort()).toEqual([
      'address',
      'bankname',
      'bic',
      'city',
      'contactPerson',
      'email',
      'fullName',
      'iban',
      'name',
      'taxId',
      'url',
      'zip',
    ]);
  });

  it.each([
    ['taxId', '12345678901', 'invalidTaxNumber'],
    ['taxId', '1921081508150', 'invalidTaxNumber'],
    ['taxId', '1121181508150', 'invalidTaxNumber'],
    ['iban', 'DE89370400440532013001', 'invalidIban'],
    ['iban', 'DE89-3704', 'invalidIban'],
    ['bic', 'XYZ', 'invalidBic'],
    ['email', 'info-at-eg.de', 'invalidEmail'],
    ['url', 'ftp://eg.de', 'invalidUrl'],
    ['balanceCost', 250.5, 'invalidNumber'],
    ['balanceCost', 0, 'invalidNumber'],
  ])('%s = %p answers %s', async (field, value, template) => {
    const res = await put(validCooperative({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [expect.objectContaining({ field, template })] });
  });

  it('minimumShares below one answers mustBeAtLeast 1', async () => {
    const res = await put(validCooperative({ minimumShares: 0 }));
    expect(res.body).toEqual({
      errors: [{ field: 'minimumShares', template: 'mustBeAtLeast', parameters: { '0': '1' } }],
    });
  });

  it('saves a valid form, normalising IBAN, BIC and tax number, and reads it back at once', async () => {
    const res = await put(
      validCooperative({ iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', taxId: '1121/0815/08150' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      taxId: '1121081508150',
      balanceCost: 25000,
    });
    const again = await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(t.adminToken));
    expect(again.body).toEqual(res.body);
  });

  it('records only the changed fields as an event', async () => {
    const before = await t.running.storage.events.headPosition();
    await put(
      validCooperative({
        city: 'Neustadt',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        taxId: '1121081508150',
      }),
    ).expect(200);
    const events = await t.running.storage.events.readAll(before, 10);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['CooperativeUpdated', { cooperativeId: t.cooperativeId, changes: { city: 'Neustadt' } }],
    ]);
  });
});

describe('approval numbers (ELMA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  const post = (body: Record<string, unknown>) =>
    request(t.http).post('/api/v1/elmanumbers').set(auth(t.adminToken)).send(body);

  it.each([
    [
      { elmaProcess: '', elmaNumber: '' },
      [
        ['elmaProcess', 'mustNotBeEmpty'],
        ['elmaNumber', 'mustNotBeEmpty'],
      ],
    ],
    [{ elmaProcess: 'xx', elmaNumber: '12345671' }, [['elmaProcess', 'invalidChoice']]],
    [{ elmaProcess: 'fs', elmaNumber: '12345670' }, [['elmaNumber', 'invalidElmaFs']]],
    [{ elmaProcess: 'fs', elmaNumber: '22345671' }, [['elmaNumber', 'invalidElmaFs']]],
    [{ elmaProcess: 'fs', elmaNumber: '1234567' }, [['elmaNumber', 'invalidElmaFs']]],
    [{ elmaProcess: 'km', elmaNumber: '1234567890' }, [['elmaNumber', 'invalidElmaKm']]],
    [{ elmaProcess: 'km', elmaNumber: '1234567890a' }, [['elmaNumber', 'invalidElmaKm']]],
  ])('%p is refused with %p', async (body, expected) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(
      (res.body as { errors: { field: string; template: string }[] }).errors.map((e) => [e.field, e.template]),
    ).toEqual(expected);
  });

  it('adds, lists by process, edits and removes numbers', async () => {
    const km = await post({ elmaProcess: 'km', elmaNumber: '12345678901' });
    const fs = await post({ elmaProcess: 'fs', elmaNumber: '7123 4569' });
    expect(km.status).toBe(201);
    expect(fs.body).toMatchObject({
      elmaProcess: 'fs',
      elmaNumber: '71234569',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const list = await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken));
    expect((list.body as { elmaProcess: string }[]).map((e) => e.elmaProcess)).toEqual(['fs', 'km']);
    const id = (km.body as { id: string }).id;
    const changed = await request(t.http)
      .put(`/api/v1/elmanumbers/${id}`)
      .set(auth(t.adminToken))
      .send({ elmaProcess: 'fs', elmaNumber: '31234567' });
    expect(changed.body).toMatchObject({ id, elmaProcess: 'fs', elmaNumber: '31234567' });
    const desc = await request(t.http).get('/api/v1/elmanumbers?order_by=-elmaNumber').set(auth(t.adminToken));
    expect((desc.body as { elmaNumber: string }[]).map((e) => e.elmaNumber)).toEqual(['71234569', '31234567']);
    await request(t.http).delete(`/api/v1/elmanumbers/${id}`).set(auth(t.adminToken)).expect(204);
    expect((await request(t.http).get(`/api/v1/elmanumbers/${id}`).set(auth(t.adminToken))).status).toBe(404);
    expect((await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken))).headers.totalitems).toBe('1');
  });
});
