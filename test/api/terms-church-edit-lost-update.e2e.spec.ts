import request from 'supertest';
import type { MemberChurchTaxDto, MemberDto, PaymentTermsDto } from '@coop/contracts';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember } from './support/members.js';

/*
 * Two users editing the payment terms, or one member's church data, at once (a lost update). Both `PUT`s take the whole
 * record, so a form read before another's change wrote the old values back over it: administrator A records the
 * cooperative's new SEPA creditor id, administrator B (form opened before) changes the reminder days and silently
 * restores the old creditor id, named in every direct-debit file after; a clerk types in a church tax rate read before
 * another clerk recorded a new answer. The record carries `masterTag` (every field the `PUT` writes, as read); sent
 * back with the change, a change made meanwhile refuses the write `409 recordChangedMeanwhile` instead of overwriting
 * it. A form just read is never refused; without `masterTag` the write stands as before.
 */
const OLD_CREDITOR = 'DE98ZZZ09999999999';
const NEW_CREDITOR = 'DE13ZZZ00000012345';
const TAG = /^[0-9a-f]{16}$/;
const refusedMeanwhile = { errors: [{ field: null, template: 'recordChangedMeanwhile', parameters: {} }] };

describe('two administrators editing the payment terms', () => {
  let t: TestApp;
  let tokenB: string;
  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10_000 }))
      .expect(200);
    tokenB = (await userWith(t.http, t.adminToken, 'zweite-verwalterin', ['ROLE_ADMIN', 'ROLE_USER'])).token;
  }, 60_000);
  afterAll(async () => t.close());

  const read = async (token: string): Promise<PaymentTermsDto> =>
    (await request(t.http).get('/api/v1/cooperative/payment-terms').set(auth(token)).expect(200))
      .body as PaymentTermsDto;
  const put = (token: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put('/api/v1/cooperative/payment-terms').set(auth(token)).send(body);
  /** The form's body: the terms as loaded, with the administrator's edits (the console sends the tag it loaded). */
  const form = (loaded: PaymentTermsDto, edits: Record<string, unknown>): Record<string, unknown> => ({
    ...loaded,
    ...edits,
  });

  it('the defaults (never set) are answered with a tag, and the form just read is saved', async () => {
    const defaults = await read(t.adminToken);
    expect((defaults as { masterTag?: unknown }).masterTag).toMatch(TAG);
    const first = await put(t.adminToken, form(defaults, { creditorId: OLD_CREDITOR }));
    expect(first.status).toBe(200);
  });

  it('a save from a form read before another administrator’s change is refused 409 and loses nothing', async () => {
    const readByA = await read(t.adminToken);
    const readByB = await read(tokenB);

    const a = await put(t.adminToken, form(readByA, { creditorId: NEW_CREDITOR }));
    expect(a.status).toBe(200);

    const b = await put(tokenB, form(readByB, { reminderAfterDays: 30 }));
    const now = await read(t.adminToken);
    // The creditor id A recorded stands: B's form read before does not write the old one back.
    expect({ status: b.status, creditorId: now.creditorId, reminderAfterDays: now.reminderAfterDays }).toEqual({
      status: 409,
      creditorId: NEW_CREDITOR,
      reminderAfterDays: readByA.reminderAfterDays,
    });
    expect(b.body).toEqual(expect.objectContaining(refusedMeanwhile));
    const tagOf = (x: unknown): unknown => (x as { masterTag?: unknown }).masterTag;
    expect(tagOf(a.body)).not.toBe(tagOf(readByA));
    expect(tagOf(now)).toBe(tagOf(a.body));

    // Reloaded, B's change goes through and keeps A's.
    const again = await put(tokenB, form(now, { reminderAfterDays: 30 }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ creditorId: NEW_CREDITOR, reminderAfterDays: 30 });
  });

  it('a save that changes nothing, or saves the form just read, stands; so does the next from its answer', async () => {
    const loaded = await read(t.adminToken);
    const same = await put(t.adminToken, form(loaded, {}));
    expect(same.status).toBe(200);
    expect((same.body as { masterTag: string }).masterTag).toBe((loaded as { masterTag?: string }).masterTag);
    const changed = await put(t.adminToken, form(loaded, { instalments: { ...loaded.instalments, maxCount: 6 } }));
    expect(changed.status).toBe(200);
    const next = await put(t.adminToken, form(changed.body as PaymentTermsDto, { creditDividendUntilPaid: false }));
    expect(next.status).toBe(200);
  });

  it('two saves of forms read at the same moment: one stands, the other is refused 409, none is lost', async () => {
    const loaded = await read(t.adminToken);
    const [a, b] = await Promise.all([
      put(t.adminToken, form(loaded, { creditorId: OLD_CREDITOR })),
      put(tokenB, form(loaded, { reminderAfterDays: 45 })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = await read(t.adminToken);
    const winner =
      a.status === 200
        ? { creditorId: OLD_CREDITOR, reminderAfterDays: loaded.reminderAfterDays }
        : { creditorId: loaded.creditorId, reminderAfterDays: 45 };
    expect({ creditorId: now.creditorId, reminderAfterDays: now.reminderAfterDays }).toEqual(winner);
  });

  it('a change without masterTag (an API client that does not send it), or with null, stands as before', async () => {
    const { masterTag: _tag, ...loaded } = (await read(t.adminToken)) as PaymentTermsDto & { masterTag?: string };
    const res = await put(t.adminToken, { ...loaded, reminderAfterDays: 10 });
    expect(res.status).toBe(200);
    expect((res.body as PaymentTermsDto).reminderAfterDays).toBe(10);
    const nulled = await put(t.adminToken, { ...loaded, reminderAfterDays: 11, masterTag: null });
    expect(nulled.status).toBe(200);
  });
});

describe('two clerks editing a member’s church data', () => {
  let t: TestApp;
  let clerk: string;
  let restricted: string;
  let anna: MemberDto;
  let bert: MemberDto;
  const LAST = new Date().getUTCFullYear() - 1;
  const member = (name: string, church: Record<string, unknown>) =>
    createMember(t.http, t.adminToken, {
      name,
      ...church,
      state: 'nw',
      entryDate: `${LAST}-01-01`,
      approvalDate: `${LAST}-01-01`,
      interestBegin: `${LAST}-01-01`,
    });
  beforeAll(async () => {
    t = await startApp();
    await request(t.http)
      .put(`/api/v1/cooperatives/${t.cooperativeId}`)
      .set(auth(t.adminToken))
      .send(validCooperative({ balanceCost: 10, minimumShares: 1 }))
      .expect(200);
    clerk = (await userWith(t.http, t.adminToken, 'church-clerk', ['ROLE_USER'])).token;
    restricted = (await userWith(t.http, t.adminToken, 'church-restricted', ['ROLE_RESTRICTED_USER'])).token;
    anna = await member('Kirch', { churchId: 'ev', churchTaxRate: '9' });
    bert = await member('Ohnekirch', { churchId: null, churchTaxRate: null });
  }, 60_000);
  afterAll(async () => t.close());

  const read = async (token: string, id: string): Promise<MemberChurchTaxDto & { masterTag?: string }> =>
    (await request(t.http).get(`/api/v1/members/${id}/church-tax`).set(auth(token)).expect(200))
      .body as MemberChurchTaxDto & { masterTag?: string };
  const put = (token: string, id: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put(`/api/v1/members/${id}/church-tax`).set(auth(token)).send(body);
  /** The paper answer's dialog: the values read, the clerk's edits, the tag it read. */
  const form = (
    loaded: Omit<MemberChurchTaxDto, 'masterTag'> & { masterTag?: string },
    edits: Record<string, unknown>,
  ) => ({
    churchId: loaded.churchId,
    churchTaxRate: loaded.churchTaxRate,
    queriedOn: `${LAST}-06-30`,
    queryKind: 'paper',
    masterTag: loaded.masterTag,
    ...edits,
  });

  it('church data typed in with the member, never queried, are answered with a tag and saved from it', async () => {
    const loaded = await read(clerk, anna.id);
    expect(loaded.masterTag).toMatch(TAG);
    const res = await put(clerk, anna.id, form(loaded, { queriedOn: `${LAST}-03-01` }));
    expect(res.status).toBe(200);
    const none = await read(clerk, bert.id);
    expect(none.masterTag).toMatch(TAG);
    expect((await put(clerk, bert.id, form(none, {}))).status).toBe(200);
  });

  it('a rate typed in from a form read before another clerk’s answer is refused 409 and loses nothing', async () => {
    const readByA = await read(t.adminToken, anna.id);
    const readByB = await read(clerk, anna.id);

    const a = await put(t.adminToken, anna.id, form(readByA, { churchId: 'rk', churchTaxRate: '8' }));
    expect(a.status).toBe(200);

    const b = await put(clerk, anna.id, form(readByB, { queriedOn: `${LAST}-07-01` }));
    const now = await read(clerk, anna.id);
    // The church and rate A recorded stand: B's form read before does not write the old ones back.
    expect({ status: b.status, churchId: now.churchId, churchTaxRate: now.churchTaxRate }).toEqual({
      status: 409,
      churchId: 'rk',
      churchTaxRate: '8',
    });
    expect(b.body).toEqual(expect.objectContaining(refusedMeanwhile));
    expect(now.masterTag).toBe((a.body as { masterTag?: string }).masterTag);
    expect(now.masterTag).not.toBe(readByA.masterTag);

    const again = await put(clerk, anna.id, form(now, { queriedOn: `${LAST}-07-01` }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ churchId: 'rk', churchTaxRate: '8', queriedOn: `${LAST}-07-01` });
  });

  it('a change of the church data on the member form meanwhile refuses the dialog read before', async () => {
    const loaded = await read(clerk, anna.id);
    const m = (await request(t.http).get(`/api/v1/members/${anna.id}`).set(auth(t.adminToken)).expect(200))
      .body as Record<string, unknown>;
    await request(t.http)
      .put(`/api/v1/members/${anna.id}`)
      .set(auth(t.adminToken))
      .send({ ...m, churchTaxRate: '9' })
      .expect(200);
    const res = await put(clerk, anna.id, form(loaded, { churchTaxRate: '8' }));
    expect(res.status).toBe(409);
    expect((await read(clerk, anna.id)).churchTaxRate).toBe('9');
  });

  it('a null answer (the church key deleted) is answered with a tag the next save keeps', async () => {
    const loaded = await read(clerk, anna.id);
    const cleared = await put(clerk, anna.id, form(loaded, { churchId: null, churchTaxRate: null }));
    expect(cleared.status).toBe(200);
    const now = await read(clerk, anna.id);
    expect(now.masterTag).toBe((cleared.body as { masterTag?: string }).masterTag);
    const res = await put(clerk, anna.id, form(now, { churchId: 'ev', churchTaxRate: '9' }));
    expect(res.status).toBe(200);
  });

  it('a reader without church:read learns nothing: the route is refused, the member’s tag does not move', async () => {
    await request(t.http).get(`/api/v1/members/${anna.id}/church-tax`).set(auth(restricted)).expect(403);
    const before = (await request(t.http).get(`/api/v1/members/${anna.id}`).set(auth(restricted)).expect(200))
      .body as MemberDto;
    const loaded = await read(clerk, anna.id);
    expect((await put(clerk, anna.id, form(loaded, { churchId: 'rk', churchTaxRate: '8' }))).status).toBe(200);
    const after = (await request(t.http).get(`/api/v1/members/${anna.id}`).set(auth(restricted)).expect(200))
      .body as MemberDto;
    expect(after.masterTag).toBe(before.masterTag);
    expect(Object.keys(after).filter((k) => /tag/i.test(k))).toEqual(['masterTag']);
  });

  it('a change without masterTag, or with null, stands as before', async () => {
    const { masterTag: _tag, ...loaded } = await read(clerk, anna.id);
    const res = await put(clerk, anna.id, { ...form(loaded, { churchTaxRate: '9' }), masterTag: undefined });
    expect(res.status).toBe(200);
    const nulled = await put(clerk, anna.id, form(loaded, { churchTaxRate: '8', masterTag: null }));
    expect(nulled.status).toBe(200);
  });
});
