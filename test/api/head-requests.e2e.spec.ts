import request from 'supertest';
import type { DividendDto, MemberDto } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { closedWithThreeHolders } from './support/tax-documents.js';

/*
 * HEAD asks for a GET's headers only (RFC 9110 9.3.2), and Fastify answers it on every GET route by running the GET's
 * handler. A probe: `HEAD /dividend/tax-pdf/{id}` recorded a certificate issue (decision 406), and above the
 * synchronous limit a HEAD on the member PDFs and the member list export queued a background task, which made the whole
 * file for nobody (decision 407). Here every GET route of the API document is asked HEAD, with the synchronous limits
 * at 0 (so every file route answers with a task) and path parameters naming what exists: none of them may append an
 * event (a task queued, an issue recorded, anything marked) or queue a task.
 */
const THIS_YEAR = new Date().getFullYear();

describe('HEAD on every GET route changes nothing', () => {
  let t: TestApp;
  let closure: DividendDto;
  let member: MemberDto;
  beforeAll(async () => {
    t = await startApp({ PDF_SYNC_LIMIT: '0', EXPORT_SYNC_LIMIT: '0', TAX_CERTIFICATES_SYNC_LIMIT: '0' });
    const closed = await closedWithThreeHolders(t);
    closure = closed.closure;
    member = closed.m.plain!;
  }, 60_000);
  afterAll(async () => t?.close());

  /** A value for each path parameter that names something that exists where one does, else a stand-in (404). */
  const filled = (path: string): string =>
    path
      .replace('/dividend/tax-return/{file}', `/dividend/tax-return/${closure.id}.pdf`)
      .replace(/^\/api\/v1\/dividend\/(.*)\{id\}/, `/api/v1/dividend/$1${closure.id}`)
      .replace('{format}', 'xlsx')
      .replace('{year}', String(THIS_YEAR - 1))
      .replace('{file}', 'members.csv')
      .replace(/\{(id|memberId)\}/g, member.id)
      .replace(/\{[^}]+\}/g, 'x');

  it('appends no event and queues no task, on any GET route', async () => {
    const doc = await request(t.http).get('/api/docs-json').expect(200);
    const paths = Object.entries((doc.body as { paths: Record<string, Record<string, unknown>> }).paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => filled(path.startsWith('/api/v1') ? path : `/api/v1${path}`));
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/pdf/members', '/api/v1/export/members.xlsx']));
    const events = t.running.storage.events;
    const changed: string[] = [];
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const before = await events.headPosition();
      const head = await request(t.http).head(path).set(auth(t.adminToken));
      statuses[path] = head.status;
      if ((await events.headPosition()) !== before) changed.push(`${path} (${head.status})`);
    }
    expect(changed).toEqual([]);
    // The file routes answered as their GET would (a task above the limit), only without doing it.
    expect(statuses['/api/v1/pdf/members']).toBe(202);
    expect(statuses['/api/v1/export/members.xlsx']).toBe(202);
    expect(statuses[`/api/v1/dividend/tax-pdf/${closure.id}`]).toBe(202);
    for (const kind of ['memberPdfs', 'memberExport', 'taxCertificates'])
      await request(t.http).get(`/api/v1/tasks?filter=kind:${kind}`).set(auth(t.adminToken)).expect(204);
  }, 60_000);

  it('a GET above the limit still queues its task (202 with the task)', async () => {
    const res = await request(t.http).get('/api/v1/export/members.csv').set(auth(t.adminToken)).expect(202);
    expect((res.body as { kind: string }).kind).toBe('memberExport');
  });
});
