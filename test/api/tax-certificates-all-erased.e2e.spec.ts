import request from 'supertest';
import { taxCertificatesStream, type DividendDto, type MemberDto, type TaxCertificateIssued } from '@coop/contracts';
import { auth, startApp, type TestApp } from './support/app.js';
import { binary, closureWithErasedMember } from './support/tax-documents.js';

/*
 * Decision 430 leaves an erased member out of a closure's certificates. A closure whose every member was erased then
 * answered 200 with a "PDF" of no page (`/Count 0`, which readers refuse to open) as the closure's certificates.
 */
describe('tax certificates of a closure whose every member was erased', () => {
  let t: TestApp;
  let closure: DividendDto;
  let gone: MemberDto;

  beforeAll(async () => {
    t = await startApp();
    ({ closure, gone } = await closureWithErasedMember(t));
  }, 60_000);
  afterAll(async () => t.close());

  it('refuses the closure’s file (400 taxCertificatesAllErased), recording nothing, instead of a PDF without a page', async () => {
    const res = await request(t.http)
      .get(`/api/v1/dividend/tax-pdf/${closure.id}`)
      .set(auth(t.adminToken))
      .buffer(true)
      .parse(binary);
    const body = (res.body as Buffer).toString('latin1');
    expect([res.status, res.status === 400 ? (JSON.parse(body) as unknown) : body.slice(0, 8)]).toEqual([
      400,
      { errors: [{ field: null, template: 'taxCertificatesAllErased', parameters: {} }] },
    ]);
    const register = (await t.running.storage.events.readStream(taxCertificatesStream(closure.id!))).map((e) => {
      const d = e.data as TaxCertificateIssued['data'];
      return [d.version, d.memberIds];
    });
    expect(register).toEqual([['original', [gone.id]]]);
  });
});
