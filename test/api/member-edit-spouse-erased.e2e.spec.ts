import request from 'supertest';
import type { MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, member, setTerms, validMember } from './support/members.js';
import { diedAndSettled } from './support/settlements.js';

/*
 * A probe of decision 418: the data-protection clean-up cuts the spouse link on the other member's read-model document
 * (projections erasure.ts membersErasure: `spouse: null`) but not in that member's stream. The record's masterTag is
 * computed from the read model (spouse null), the handler's from the stream (spouse = erased id): every save of the
 * surviving spouse from the form it loaded is refused 409 memberChangedMeanwhile, for good. The spouse is left out of the tag.
 */
const LONG_AGO = { entryDate: '2005-01-15', approvalDate: '2005-01-20', interestBegin: '2005-02-01' };

describe('attack 418: the survivor of an erased spouse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
  });
  afterAll(async () => t.close());

  it('a member whose spouse was erased can still be saved from the record it loaded', async () => {
    const gone = await createMember(t.http, t.adminToken, { ...LONG_AGO, name: 'Vergessen', givenName: 'Veronika' });
    const survivor = await createMember(t.http, t.adminToken, {
      ...LONG_AGO,
      name: 'Bleibt',
      givenName: 'Bernd',
      civilStatus: 1,
      spouse: gone.id,
    });
    await diedAndSettled(t.http, t.adminToken, gone.id, '2012-02-01', '2013-03-01');
    const run = await request(t.http).post('/api/v1/dsgvo/clean-member').set(auth(t.adminToken)).expect(200);
    expect((run.body as { count: number }).count).toBe(1);

    const loaded: MemberDto = await member(t.http, t.adminToken, survivor.id);
    expect(loaded.spouse).toBeNull();
    const body = {
      ...validMember(),
      ...Object.fromEntries(Object.entries(loaded).filter(([, v]) => v !== null)),
      privateTelephone: '030 1234567',
    };
    const res = await request(t.http).put(`/api/v1/members/${survivor.id}`).set(auth(t.adminToken)).send(body);
    expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 200, body: expect.anything() });
  });
});
