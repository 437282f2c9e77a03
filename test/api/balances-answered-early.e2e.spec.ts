import request from 'supertest';
import type { BalanceDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { createMember, DATES, member, posted, setTerms } from './support/members.js';

/**
 * A posting is answered from its own events before the read models include it (docs/decisions.md 40): the answer must
 * be what the read models then show, and the client's next request must show the posting.
 */
describe('postings answered before the read models include them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
    await setTerms(t.http, t.adminToken, t.cooperativeId, 25000, 1);
  });
  afterAll(async () => t.close());

  const shown = async (id: string): Promise<BalanceDto> =>
    (await request(t.http).get(`/api/v1/balances/${id}`).set(auth(t.adminToken)).expect(200)).body as BalanceDto;

  it('answers every posting type exactly as GET /balances/{id} shows it afterwards', async () => {
    const giver = await createMember(t.http, t.adminToken, { name: 'Antwort', givenName: 'Anna', shareAmount: 9 });
    const taker = await createMember(t.http, t.adminToken, {
      name: 'Empfang GmbH',
      legalForm: 1,
      postalSalutation: 'company',
      shareAmount: 1,
    });
    const answers: BalanceDto[] = [];
    answers.push(await posted(t.http, t.adminToken, { member: giver.id, type: 1, quantity: 2, ...DATES }));
    answers.push(await posted(t.http, t.adminToken, { member: giver.id, type: 2, quantity: 1, ...DATES }));
    const out = await posted(t.http, t.adminToken, {
      member: giver.id,
      type: 3,
      quantity: 3,
      transferTo: taker.id,
      ...DATES,
    });
    answers.push(out);
    answers.push(await posted(t.http, t.adminToken, { type: 5, annulPeer: out.id, date: '2021-06-01' }));
    answers.push(await posted(t.http, t.adminToken, { member: taker.id, type: 8, ...DATES }));
    expect(answers.map((a) => a.type)).toEqual([1, 2, 3, 5, 8]);
    expect(out).toMatchObject({
      memberName: 'Antwort, Anna',
      memberNr: giver.memberNr,
      transferTo: taker.id,
      transferMemberNr: taker.memberNr,
    });
    for (const answer of answers) {
      const later = await shown(answer.id);
      // Annulled since (the transfer) is the only field a later posting changes.
      expect(answer).toEqual({ ...later, annulated: false });
    }
    expect((await shown(out.id)).annulated).toBe(true);
  });

  it('annuls a posting the same client was answered for before the read models included it (the annulation waits for them)', async () => {
    const giver = await createMember(t.http, t.adminToken, { shareAmount: 5 });
    const taker = await createMember(t.http, t.adminToken, { shareAmount: 1 });
    const runner = t.running.storage.runner;
    await runner.stop();
    let restarted: Promise<void> | undefined;
    try {
      const out = await posted(t.http, t.adminToken, {
        member: giver.id,
        type: 3,
        quantity: 2,
        transferTo: taker.id,
        ...DATES,
      });
      // The annulation must read the transfer from the read models, which do not hold it yet: it waits for them.
      const annulling = request(t.http)
        .post('/api/v1/balances')
        .set(auth(t.adminToken))
        .send({ type: 5, annulPeer: out.id, date: '2021-06-01' })
        .then((r) => r);
      restarted = new Promise((resolve) => setTimeout(resolve, 200)).then(() => runner.start());
      const annulled = await annulling;
      expect(annulled.status).toBe(201);
      expect(annulled.body).toMatchObject({ member: giver.id, type: 5, annulPeer: out.id, quantity: 2, amount: 50000 });
    } finally {
      await (restarted ?? runner.start());
    }
    expect((await member(t.http, t.adminToken, giver.id)).shareAmount).toBe(5);
    expect((await member(t.http, t.adminToken, taker.id)).shareAmount).toBe(1);
  });
});
