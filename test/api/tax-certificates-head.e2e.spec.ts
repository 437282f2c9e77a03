import request from 'supertest';
import type { DividendDto, MemberDto, TaxCertificateIssueDto } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { closedWithThreeHolders, pdf } from './support/tax-documents.js';

/*
 * A HEAD request on the certificates' route (Fastify answers HEAD on every GET route: a download manager or a link
 * checker asks it before the download) delivers no certificate, so it records no issue: it recorded one, and the
 * member's first certificate, downloaded after it, was marked "Ersatzbescheinigung" (§ 45a Abs. 5 EStG: a replacement
 * of a certificate that was never issued) and the register listed an original nobody received. Above
 * TAX_CERTIFICATES_SYNC_LIMIT (2 here, the closure has 3 members) a HEAD queues no `taxCertificates` task either: its run
 * records an issue of every certificate.
 */
describe('tax certificates: a HEAD request records no issue', () => {
  let t: TestApp;
  let closure: DividendDto;
  const m: Record<string, MemberDto> = {};
  beforeAll(async () => {
    t = await startApp({ TAX_CERTIFICATES_SYNC_LIMIT: '2' });
    const closed = await closedWithThreeHolders(t);
    closure = closed.closure;
    Object.assign(m, closed.m);
  }, 60_000);
  afterAll(async () => t.close());

  const issues = async (): Promise<TaxCertificateIssueDto[]> =>
    (await request(t.http).get(`/api/v1/dividend/tax-pdf/${closure.id}/issues`).set(auth(t.adminToken)).expect(200))
      .body as TaxCertificateIssueDto[];

  it('answers HEAD for one member with the headers of the PDF, recording nothing', async () => {
    const head = await request(t.http)
      .head(`/api/v1/dividend/tax-pdf/${closure.id}?member=${m.plain!.id}`)
      .set(auth(t.adminToken));
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(await issues()).toEqual([]);
  });

  it('answers HEAD for a closure above the limit with 202, queuing no task and recording nothing', async () => {
    const head = await request(t.http).head(`/api/v1/dividend/tax-pdf/${closure.id}`).set(auth(t.adminToken));
    expect(head.status).toBe(202);
    const tasks = await request(t.http).get('/api/v1/tasks?filter=kind:taxCertificates').set(auth(t.adminToken));
    expect(tasks.status).toBe(204);
    expect(await issues()).toEqual([]);
  });

  it('the first certificate downloaded after it is the original, not a replacement', async () => {
    const res = await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}?member=${m.plain!.id}`).expect(
      200,
    );
    const text = (await pdfPages(res.body as Buffer)).flat();
    expect(text).toContain('Steuerbescheinigung einer leistenden Körperschaft');
    expect(text).not.toContain('Ersatzbescheinigung');
    expect((await issues()).map((i) => [i.version, i.memberIds])).toEqual([['original', [m.plain!.id]]]);
  });
});
