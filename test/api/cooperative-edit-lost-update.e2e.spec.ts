import request from 'supertest';
import type { CooperativeDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

/*
 * Two administrators edit the cooperative at once (a lost update). `PUT /cooperatives/{id}` takes the whole master
 * record, so an administrator saving a form read before another's change wrote the old values back over it:
 * administrator A records the cooperative's new IBAN, administrator B (form opened before) corrects the address and
 * silently restores the old IBAN, and the next SEPA file debits the members for a closed account. The record carries
 * `masterTag` (its master data as read); sent back with the change (the console sends the record it loaded), a change
 * made meanwhile refuses the write `409 cooperativeChangedMeanwhile` instead of overwriting it. Without `masterTag` the
 * write stands as before.
 */
describe('two administrators editing the cooperative', () => {
  let t: TestApp;
  let tokenB: string;
  beforeAll(async () => {
    t = await startApp();
    tokenB = (await userWith(t.http, t.adminToken, 'zweite-verwalterin', ['ROLE_ADMIN', 'ROLE_USER'])).token;
  });
  afterAll(async () => t.close());

  const read = async (token: string): Promise<CooperativeDto> =>
    (await request(t.http).get(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(token)).expect(200))
      .body as CooperativeDto;
  /** The form's body: the record as loaded, with the administrator's edits (the console sends what it loaded). */
  const form = (loaded: CooperativeDto, edits: Record<string, unknown>): Record<string, unknown> => ({
    ...loaded,
    ...edits,
  });
  const put = (token: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put(`/api/v1/cooperatives/${t.cooperativeId}`).set(auth(token)).send(body);

  it('the first start’s cooperative (its name alone) is completed from the form read, with its tag', async () => {
    const first = await read(t.adminToken);
    expect(first.masterTag).toMatch(/^[0-9a-f]{16}$/);
    const completed = await put(t.adminToken, { ...validCooperative(), masterTag: first.masterTag });
    expect(completed.status).toBe(200);
  });

  it('a save from a form read before another administrator’s change is refused 409 and loses nothing', async () => {
    const readByA = await read(t.adminToken);
    const readByB = await read(tokenB);

    const a = await put(t.adminToken, form(readByA, { iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }));
    expect(a.status).toBe(200);

    const b = await put(tokenB, form(readByB, { address: 'Bahnhofstraße 7' }));
    const now = await read(t.adminToken);
    // The IBAN A recorded stands: B's form read before does not write the old one back.
    expect({ status: b.status, iban: now.iban, bic: now.bic, address: now.address }).toEqual({
      status: 409,
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      address: 'Hauptstraße 1',
    });
    expect(b.body).toEqual(
      expect.objectContaining({ errors: [{ field: null, template: 'cooperativeChangedMeanwhile', parameters: {} }] }),
    );
    expect(typeof readByA.masterTag).toBe('string');
    expect(readByA.masterTag).toMatch(/^[0-9a-f]{16}$/);
    expect((a.body as CooperativeDto).masterTag).not.toBe(readByA.masterTag);
    expect(now.masterTag).toBe((a.body as CooperativeDto).masterTag);

    // Reloaded, B's change goes through and keeps A's.
    const again = await put(tokenB, form(now, { address: 'Bahnhofstraße 7' }));
    expect(again.status).toBe(200);
    expect({ iban: (again.body as CooperativeDto).iban, address: (again.body as CooperativeDto).address }).toEqual({
      iban: 'DE02120300000000202051',
      address: 'Bahnhofstraße 7',
    });
  });

  it('the list answers the same tag as the record', async () => {
    const one = await read(t.adminToken);
    const list = await request(t.http).get('/api/v1/cooperatives').set(auth(t.adminToken)).expect(200);
    const item = (list.body as CooperativeDto[]).find((c) => c.id === t.cooperativeId);
    expect(item?.masterTag).toBe(one.masterTag);
  });

  it('a save that changes nothing, or saves the form just read, stands', async () => {
    const loaded = await read(t.adminToken);
    const same = await put(t.adminToken, form(loaded, {}));
    expect(same.status).toBe(200);
    expect((same.body as CooperativeDto).masterTag).toBe(loaded.masterTag);
    const changed = await put(t.adminToken, form(loaded, { taxOffice: 'Finanzamt Neustadt' }));
    expect(changed.status).toBe(200);
  });

  it('two saves of forms read at the same moment: one stands, the other is refused 409, none is lost', async () => {
    const loaded = await read(t.adminToken);
    const [a, b] = await Promise.all([
      put(t.adminToken, form(loaded, { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' })),
      put(tokenB, form(loaded, { city: 'Neustadt' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = await read(t.adminToken);
    const winner =
      a.status === 200
        ? { iban: 'DE89370400440532013000', city: loaded.city }
        : { iban: loaded.iban, city: 'Neustadt' };
    expect({ iban: now.iban, city: now.city }).toEqual(winner);
  });

  it('a change without masterTag (an API client that does not send it) stands as before', async () => {
    const res = await put(t.adminToken, validCooperative({ address: 'Andere Straße 3' }));
    expect(res.status).toBe(200);
    expect((res.body as CooperativeDto).address).toBe('Andere Straße 3');
  });
});
