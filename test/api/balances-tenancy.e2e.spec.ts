import request from 'supertest';
import type { BalanceDto } from '@coop/contracts';
import { auth, startApp, userWith, type TestApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, DATES, member, post, posted, setTerms, validMember } from './support/members.js';

/** Postings across cooperatives and roles: another cooperative's answer 404, a restricted user only reads. */
describe('postings (balances): add, withdraw, transfer, annul, exit, register, dashboards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(WITH_READ_THREAD);
    // 250,00 € a share, at least 2 shares must stay.
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 2);
  });
  afterAll(async () => t.close());

  describe('tenancy and roles', () => {
    let otherToken: string;
    let mine: { id: string };
    let theirs: { id: string };
    let theirPosting: BalanceDto;
    beforeAll(async () => {
      const coop = await request(t.http).post('/api/v1/cooperatives').set(auth(t.adminToken)).send({
        name: 'andere-eg',
        fullName: 'Andere eG',
        address: 'Weg 1',
        zip: '54321',
        city: 'Anderswo',
        email: 'info@andere.de',
        contactPerson: 'Otto',
        url: 'https://andere.de',
        taxId: '1121081508150',
        bankname: 'Bank',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        balanceCost: 10000,
        minimumShares: 1,
      });
      expect(coop.status).toBe(201);
      otherToken = (
        await userWith(t.http, t.adminToken, 'other-coop-clerk', ['ROLE_USER'], (coop.body as { id: string }).id)
      ).token;
      mine = await createMember(t.http, t.adminToken, { name: 'Meins' });
      theirs = await createMember(t.http, otherToken, { name: 'Fremd' });
      theirPosting = await posted(t.http, otherToken, { member: theirs.id, type: 1, quantity: 1, ...DATES });
    });

    it("another cooperative's member, posting, register row, dashboard and history answer 404", async () => {
      for (const path of [
        `members/${theirs.id}`,
        `members/${theirs.id}/history`,
        `balances/${theirPosting.id}`,
        `shares/${theirPosting.id}`,
        `dashboard/member/${theirs.id}`,
      ]) {
        expect((await request(t.http).get(`/api/v1/${path}`).set(auth(t.adminToken))).status).toBe(404);
      }
      await request(t.http)
        .put(`/api/v1/members/${theirs.id}`)
        .set(auth(t.adminToken))
        .send(validMember({ name: 'x' }))
        .expect(404);
      await request(t.http)
        .put(`/api/v1/shares/${theirPosting.id}`)
        .set(auth(t.adminToken))
        .send({ rueckpfleinzahlung: 1 })
        .expect(404);
      expect((await post(t.http, t.adminToken, { member: theirs.id, type: 1, quantity: 1, ...DATES })).status).toBe(
        404,
      );
      const list = await request(t.http).get('/api/v1/members?limit=1000').set(auth(t.adminToken)).expect(200);
      expect((list.body as { id: string }[]).map((x) => x.id)).not.toContain(theirs.id);
      const theirList = await request(t.http).get('/api/v1/members').set(auth(otherToken)).expect(200);
      expect((theirList.body as { id: string }[]).map((x) => x.id)).toEqual([theirs.id]);
    });

    it("a transfer to another cooperative's member is refused like an unknown member; nor can its postings be annulled", async () => {
      const res = await post(t.http, t.adminToken, {
        member: mine.id,
        type: 3,
        quantity: 1,
        transferTo: theirs.id,
        ...DATES,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [{ field: 'transferTo', template: 'invalidChoice', parameters: { '0': theirs.id } }],
      });
      const annul = await post(t.http, t.adminToken, { type: 5, annulPeer: theirPosting.id });
      expect(annul.body).toEqual({
        errors: [{ field: 'annulPeer', template: 'invalidChoice', parameters: { '0': theirPosting.id } }],
      });
      expect((await member(t.http, otherToken, theirs.id)).shareAmount).toBe(5);
    });

    it('a restricted user reads but cannot write; the share register is for super administrators only', async () => {
      const restricted = (await userWith(t.http, t.adminToken, 'restricted-reader', ['ROLE_RESTRICTED_USER'])).token;
      await request(t.http).get(`/api/v1/members/${mine.id}`).set(auth(restricted)).expect(200);
      await request(t.http).get('/api/v1/balances').set(auth(restricted)).expect(200);
      await request(t.http).post('/api/v1/members').set(auth(restricted)).send({}).expect(403);
      expect((await post(t.http, restricted, { member: mine.id, type: 1, quantity: 1, ...DATES })).status).toBe(403);
      const clerk = (await userWith(t.http, t.adminToken, 'plain-clerk', ['ROLE_USER', 'ROLE_ADMIN'])).token;
      expect((await post(t.http, clerk, { member: mine.id, type: 1, quantity: 1, ...DATES })).status).toBe(201);
      await request(t.http).get('/api/v1/shares').set(auth(clerk)).expect(403);
      await request(t.http).put(`/api/v1/shares/${theirPosting.id}`).set(auth(clerk)).send({}).expect(403);
    });
  });
});
