import request from 'supertest';
import type { FieldError } from '@coop/contracts';
import { templateText } from '../../services/src/member-import/problem-texts.js';
import { auth, startApp, type TestApp } from './support/app.js';

/*
 * An error answer repeats at most 200 characters of any value the client sent (decision 419 did so for an unknown
 * route's path): a refused value of 10,000 characters came back whole as its parameter, bounded only by the body limit.
 * Cut with `…`, the message the console makes of it still says what was refused, in English and in German.
 */

const LONG = 10_000;
/** The most bytes an answer below may take: its texts, and 200 characters of what was sent (no more than 4 bytes each). */
const SMALL = 2_000;
const cut = (text: string): string => `${text.slice(0, 200)}…`;

describe('an error answer repeats at most 200 characters of what was sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  const errorsOf = (res: request.Response): FieldError[] => (res.body as { errors: FieldError[] }).errors;

  it('a refused role of 10,000 characters: 400 invalidRole, the role cut, the message still naming it (en, de)', async () => {
    const role = `ROLE_${'X'.repeat(LONG)}`;
    const res = await request(t.http)
      .post('/api/v1/users')
      .set(auth(t.adminToken))
      .send({
        username: 'lang-rolle',
        password: 'Lang-Rolle-Pa55wort',
        passwordRepeat: 'Lang-Rolle-Pa55wort',
        roles: [role],
      });
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(SMALL);
    const error = errorsOf(res).find((e) => e.template === 'invalidRole');
    expect(error).toEqual({ field: 'roles', template: 'invalidRole', parameters: { '0': cut(role) } });
    expect(templateText(error!.template, error!.parameters, 'en')).toBe(`Unknown role ${cut(role)}`);
    expect(templateText(error!.template, error!.parameters, 'de')).toBe(`Unbekannte Rolle ${cut(role)}`);
  });

  it('a process of 10,000 characters: 400 invalidChoice, its parameter cut, and the server still answers', async () => {
    const process = 'p'.repeat(LONG);
    const res = await request(t.http)
      .post('/api/v1/elmanumbers')
      .set(auth(t.adminToken))
      .send({ elmaProcess: process, elmaNumber: '12345671' });
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(SMALL);
    expect(errorsOf(res)).toEqual([
      { field: 'elmaProcess', template: 'invalidChoice', parameters: { '0': cut(process) } },
    ]);
    expect(templateText('invalidChoice', errorsOf(res)[0]!.parameters, 'de')).toBe('Ungültige Auswahl');
    await request(t.http).get('/api/v1/elmanumbers').set(auth(t.adminToken)).expect(204);
  });

  it('a filter on an unknown field of 10,000 characters: 400 unknownField, the field cut, the message naming it', async () => {
    const field = 'f'.repeat(LONG);
    const res = await request(t.http).get(`/api/v1/members?filter=${field}:1`).set(auth(t.adminToken));
    expect(res.status).toBe(400);
    expect(res.text.length).toBeLessThan(SMALL);
    const error = errorsOf(res).find((e) => e.template === 'unknownField');
    expect(error).toEqual({ field: 'filter', template: 'unknownField', parameters: { '0': cut(field) } });
    expect(templateText(error!.template, error!.parameters, 'de')).toBe(`Unbekanntes Feld ${cut(field)}`);
  });

  it('a value of 200 characters, and one of 200 characters outside the basic plane, comes back whole', async () => {
    for (const role of ['R'.repeat(200), '😀'.repeat(200)]) {
      const res = await request(t.http)
        .post('/api/v1/users')
        .set(auth(t.adminToken))
        .send({
          username: 'grenz-rolle',
          password: 'Grenz-Rolle-Pa55wort',
          passwordRepeat: 'Grenz-Rolle-Pa55wort',
          roles: [role],
        });
      expect(res.status).toBe(400);
      expect(errorsOf(res).find((e) => e.template === 'invalidRole')?.parameters).toEqual({ '0': role });
    }
  });
});
