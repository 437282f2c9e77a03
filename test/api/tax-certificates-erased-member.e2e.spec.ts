import request from 'supertest';
import { taxCertificatesStream, type DividendDto, type MemberDto, type TaxCertificateIssued } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { auth, startApp, type TestApp } from './support/app.js';
import { closureWithErasedMember, pdf } from './support/tax-documents.js';

/*
 * A member erased by the data-protection clean-up (issue 27) after a closure paid her: the creditor is gone from the
 * records, so no certificate is issued to her any more. It named nobody ("Gläubiger der Kapitalerträge: (Mitgliedsnummer
 * 1)", no address) and the register recorded a replacement and a correction nobody could receive.
 */
describe('tax certificates: none for an erased member', () => {
  let t: TestApp;
  let closure: DividendDto;
  let gone: MemberDto;
  let stays: MemberDto;
  const refused = { errors: [{ field: null, template: 'memberErased', parameters: {} }] };
  const register = async (): Promise<[string, string[]][]> =>
    (await t.running.storage.events.readStream(taxCertificatesStream(closure.id!))).map((e) => {
      const d = e.data as TaxCertificateIssued['data'];
      return [d.version, d.memberIds];
    });

  beforeAll(async () => {
    t = await startApp();
    const made = await closureWithErasedMember(t, [{ name: 'Bleibt', givenName: 'Bernd' }]);
    ({ closure, gone } = made);
    stays = made.stay[0]!;
  }, 60_000);
  afterAll(async () => t.close());

  it('refuses her certificate and a corrected one (400 memberErased), recording nothing', async () => {
    const one = await request(t.http)
      .get(`/api/v1/dividend/tax-pdf/${closure.id}?member=${gone.id}`)
      .set(auth(t.adminToken));
    expect([one.status, one.body]).toEqual([400, refused]);
    const corrected = await request(t.http)
      .post(`/api/v1/dividend/tax-pdf/${closure.id}/corrections`)
      .set(auth(t.adminToken))
      .send({ member: gone.id, reason: 'Anschrift berichtigt' });
    expect([corrected.status, corrected.body]).toEqual([400, refused]);
    expect(await register()).toEqual([['original', [gone.id]]]);
  });

  it('leaves her out of the closure’s certificates: one page, the other member’s, and only his issue recorded', async () => {
    const res = await pdf(t.http, t.adminToken, `/api/v1/dividend/tax-pdf/${closure.id}`).expect(200);
    const pages = await pdfPages(res.body as Buffer);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Bernd Bleibt');
    expect(await register()).toEqual([
      ['original', [gone.id]],
      ['original', [stays.id]],
    ]);
  });
});
