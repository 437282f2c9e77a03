import request from 'supertest';
import type { MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, setTerms, validMember } from './support/members.js';

/*
 * Two clerks edit the same member at once (a lost update). `PUT /members/{id}` takes the whole master record, so a
 * clerk saving a form read before another clerk's change wrote the old values back over it: clerk A records the
 * member's new IBAN, clerk B (form opened before) corrects the telephone and silently restores the old IBAN, and the
 * next payout or collection goes to the closed account. The record carries `masterTag` (its master data as read);
 * sent back with the change (the console sends the record it loaded), a change made meanwhile refuses the write
 * `409 memberChangedMeanwhile` instead of overwriting it. Without `masterTag` the write stands as before.
 */
describe('two clerks editing one member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  /** The form's body: the record as loaded, with the clerk's edits (the console sends what the record holds). */
  const form = (loaded: MemberDto, edits: Record<string, unknown>): Record<string, unknown> => ({
    ...validMember(),
    ...Object.fromEntries(Object.entries(loaded).filter(([, v]) => v !== null)),
    ...edits,
  });
  const put = (id: string, body: Record<string, unknown>): request.Test =>
    request(t.http).put(`/api/v1/members/${id}`).set(auth(t.adminToken)).send(body);

  it('a change saved from a form read before another clerk’s change is refused 409 and loses nothing', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Doppelt', iban: 'DE89370400440532013000' });
    const readByA = await member(t.http, t.adminToken, m.id);
    const readByB = await member(t.http, t.adminToken, m.id);
    expect(typeof readByA.masterTag).toBe('string');

    const a = await put(m.id, form(readByA, { iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }));
    expect(a.status).toBe(200);
    expect((a.body as MemberDto).masterTag).not.toBe(readByA.masterTag);

    const b = await put(m.id, form(readByB, { privateTelephone: '030 1234567' }));
    expect({ status: b.status, body: b.body as unknown }).toEqual({
      status: 409,
      body: expect.objectContaining({
        errors: [{ field: null, template: 'memberChangedMeanwhile', parameters: {} }],
      }) as unknown,
    });
    const now = await member(t.http, t.adminToken, m.id);
    expect({ iban: now.iban, bic: now.bic, tel: now.privateTelephone }).toEqual({
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      tel: null,
    });

    // Reloaded, clerk B's change goes through and keeps clerk A's.
    const again = await put(m.id, form(now, { privateTelephone: '030 1234567' }));
    expect(again.status).toBe(200);
    expect({ iban: (again.body as MemberDto).iban, tel: (again.body as MemberDto).privateTelephone }).toEqual({
      iban: 'DE02120300000000202051',
      tel: '030 1234567',
    });
  });

  it('two saves of forms read at the same moment: one stands, the other is refused 409, none is lost', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Gleichzeitig' });
    const read = await member(t.http, t.adminToken, m.id);
    const [a, b] = await Promise.all([
      put(m.id, form(read, { street: 'Neue Straße' })),
      put(m.id, form(read, { privateTelephone: '089 7654321' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = await member(t.http, t.adminToken, m.id);
    const winner =
      a.status === 200 ? { street: 'Neue Straße', tel: null } : { street: 'Lindenweg', tel: '089 7654321' };
    expect({ street: now.street, tel: now.privateTelephone }).toEqual(winner);
  });

  it('a change without masterTag (an API client that does not send it) stands as before', async () => {
    const m = await createMember(t.http, t.adminToken, { name: 'Ohne' });
    const res = await put(m.id, validMember({ street: 'Andere Straße' }));
    expect(res.status).toBe(200);
    expect((res.body as MemberDto).street).toBe('Andere Straße');
  });
});
