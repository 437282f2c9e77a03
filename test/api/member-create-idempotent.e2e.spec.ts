import request from 'supertest';
import type { BalanceDto, MemberDto } from '@coop/contracts';
import { auth, startApp, userWith, type TestApp } from './support/app.js';
import { setTerms, validMember } from './support/members.js';

/*
 * An admission sent again under one `Idempotency-Key` (as decision 297 for postings and payments): a retry after a
 * timeout or a 202 "saved, not yet shown", or a double submit, admits the member once with one subscription, and is
 * answered with that member. The key with another admission is refused; without a key every request admits.
 */

describe('POST /members under an Idempotency-Key', () => {
  let t: TestApp;
  const admit = (body: Record<string, unknown>, key?: string, token = t.adminToken): request.Test => {
    const req = request(t.http).post('/api/v1/members').set(auth(token));
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  /** The members named `name` (the search by name), as the list answers them. */
  const named = async (name: string): Promise<MemberDto[]> => {
    const res = await request(t.http)
      .get(`/api/v1/members?search=${encodeURIComponent(name)}`)
      .set(auth(t.adminToken));
    expect([200, 204]).toContain(res.status);
    return res.status === 204 ? [] : (res.body as MemberDto[]);
  };
  const subscriptions = async (memberId: string): Promise<BalanceDto[]> =>
    (await request(t.http).get(`/api/v1/balances?filter=member:${memberId}`).set(auth(t.adminToken)).expect(200))
      .body as BalanceDto[];
  const reused = { errors: [{ field: null, template: 'idempotencyKeyReused', parameters: {} }] };

  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  it('five identical admissions sent at once under one key admit one member, every answer 201 with its id', async () => {
    const body = validMember({ name: 'Fünfmal', givenName: 'Frieda', shareAmount: 3 });
    const key = 'a4d31f00-0000-4000-8000-000000000001';
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => admit(body, key)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = answers.map((r) => (r.body as MemberDto).id);
    expect(new Set(ids).size).toBe(1);
    for (const r of answers) expect(r.body).toEqual(answers[0]!.body);
    const members = await named('Fünfmal');
    expect(members.map((m) => m.id)).toEqual([ids[0]]);
    // One initial subscription: the money owed once.
    expect((await subscriptions(ids[0]!)).map((p) => [p.type, p.quantity])).toEqual([[0, 3]]);
  });

  it('sent again later under its key, the admission is answered with the member admitted, nothing added', async () => {
    const body = validMember({ name: 'Nachgereicht', shareAmount: 2, paid: 0, memberNr: 4711 });
    const key = 'retry-after-timeout-1';
    const first = await admit(body, key).expect(201);
    const again = await admit(body, key).expect(201);
    expect(again.body).toEqual(first.body);
    // Also with the warnings confirmed (the console sends the form again so), and with the key padded: the same key.
    const confirmed = await admit({ ...body, confirmWarnings: true }, ` ${key} `).expect(201);
    expect((confirmed.body as MemberDto).id).toBe((first.body as MemberDto).id);
    expect((await named('Nachgereicht')).map((m) => m.id)).toEqual([(first.body as MemberDto).id]);
    expect(await subscriptions((first.body as MemberDto).id)).toHaveLength(1);
  });

  it('the key with another admission is refused 409 idempotencyKeyReused, and admits nobody', async () => {
    const body = validMember({ name: 'Erstfassung', shareAmount: 2 });
    const key = 'reused-key-1';
    const first = (await admit(body, key).expect(201)).body as MemberDto;
    for (const other of [
      { ...body, name: 'Zweitfassung' },
      { ...body, shareAmount: 3 },
      { ...body, paid: 0 },
      { ...body, entryDate: '2020-01-16' },
      { ...body, memberNr: first.memberNr! + 100 },
    ]) {
      const res = await admit(other, key);
      expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 409, body: reused });
    }
    expect(await named('Zweitfassung')).toEqual([]);
    expect((await named('Erstfassung')).map((m) => m.id)).toEqual([first.id]);
    expect(await subscriptions(first.id)).toHaveLength(1);
    // Two different admissions sent at once under one key: one is admitted, the other refused.
    const race = await Promise.all([
      admit(validMember({ name: 'Wettlauf', givenName: 'Eins' }), 'race-key'),
      admit(validMember({ name: 'Wettlauf', givenName: 'Zwei' }), 'race-key'),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await named('Wettlauf')).toHaveLength(1);
  });

  it('a key longer than 100 characters is refused 400 tooLong, as for postings', async () => {
    const res = await admit(validMember({ name: 'Langschluessel' }), 'k'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ field: 'Idempotency-Key', template: 'tooLong', parameters: { '0': '100' } }],
    });
    expect(await named('Langschluessel')).toEqual([]);
    await admit(validMember({ name: 'Langschluessel' }), 'k'.repeat(100)).expect(201);
  });

  it('another user, or another key, with the same admission admits another member', async () => {
    const clerk = await userWith(t.http, t.adminToken, 'sachbearbeiterin-idem', ['ROLE_USER']);
    const body = validMember({ name: 'Anderer Schluessel' });
    const key = 'shared-key-1';
    const mine = (await admit(body, key).expect(201)).body as MemberDto;
    const theirs = (await admit(body, key, clerk.token).expect(201)).body as MemberDto;
    const next = (await admit(body, 'shared-key-2').expect(201)).body as MemberDto;
    expect(new Set([mine.id, theirs.id, next.id]).size).toBe(3);
  });

  it('without a key every request admits, as before', async () => {
    const body = validMember({ name: 'Ohneschluessel' });
    const answers = await Promise.all([admit(body), admit(body)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect((answers[0]!.body as MemberDto).id).not.toBe((answers[1]!.body as MemberDto).id);
    expect(await named('Ohneschluessel')).toHaveLength(2);
    // A blank key is no key.
    await admit(body, '  ').expect(201);
    expect(await named('Ohneschluessel')).toHaveLength(3);
  });
});
