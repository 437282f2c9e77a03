import request from 'supertest';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

/*
 * Decision 377 keeps a cooperative's last administrator; decision 384: also when two administrators remove each other
 * at the same moment. Before it both requests counted one other administrator in the users' read model and both were
 * written: the cooperative was left without anyone to manage its users and settings.
 */
describe('two administrators removing each other at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  /** A new cooperative with two administrators (the platform's super administrator is not of it). */
  async function pair(name: string) {
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name }));
    expect(created.status).toBe(201);
    const cooperative = (created.body as { id: string }).id;
    const roles = ['ROLE_ADMIN', 'ROLE_USER'] as const;
    const a = await userWith(t.http, t.adminToken, `${name}-a`, roles, cooperative);
    const b = await userWith(t.http, t.adminToken, `${name}-b`, roles, cooperative);
    return { a, b };
  }

  const administrators = async (token: string): Promise<string[]> => {
    const res = await request(t.http).get('/api/v1/users').set(auth(token));
    expect(res.status).toBe(200);
    return (res.body as { username: string; roles: string[] }[])
      .filter((u) => u.roles.includes('ROLE_ADMIN'))
      .map((u) => u.username);
  };

  // Which request goes first depends on the moment: each case is tried on three pairs.
  it.each([1, 2, 3])(
    'takes ROLE_ADMIN from one of them only, the other refused as the last administrator (%i)',
    async (n) => {
      const { a, b } = await pair(`demote-eg${n}`);
      const demote = (actor: { token: string }, target: { id: string }, username: string) =>
        request(t.http)
          .put(`/api/v1/users/${target.id}`)
          .set(auth(actor.token))
          .send({ username, roles: ['ROLE_USER'] });
      const answers = await Promise.all([demote(a, b, `demote-eg${n}-b`), demote(b, a, `demote-eg${n}-a`)]);
      const statuses = answers.map((r) => r.status).sort();
      // The one written ends the sessions of its target; the other is refused (400) or, its token ended, answers 401.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const refused = answers.find((r) => r.status !== 200)!;
      if (refused.status === 400)
        expect(refused.body).toEqual({ errors: [{ field: 'roles', template: 'lastAdministrator', parameters: {} }] });
      else expect(refused.status).toBe(401);
      const winner = answers[0]!.status === 200 ? a : b;
      expect(await administrators(winner.token)).toHaveLength(1);
    },
  );

  it.each([1, 2, 3])('deletes one of them only (%i)', async (n) => {
    const { a, b } = await pair(`delete-eg${n}`);
    const remove = (actor: { token: string }, target: { id: string }) =>
      request(t.http).delete(`/api/v1/users/${target.id}`).set(auth(actor.token));
    const answers = await Promise.all([remove(a, b), remove(b, a)]);
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    const survivor = answers[0]!.status === 204 ? a : b;
    expect(await administrators(survivor.token)).toHaveLength(1);
  });
});
