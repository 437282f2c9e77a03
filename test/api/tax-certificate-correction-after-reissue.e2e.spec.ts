import request from 'supertest';
import type { TaxCertificateIssued } from '@coop/contracts';
import { pdfPages } from '../../services/src/platform/pdf/pdf-text.js';
import { startApp, type TestApp } from './support/app.js';
import { correctionWalk, pdf } from './support/tax-documents.js';

/*
 * Decision 429 answers a correction asked again "as issued" when it would state what the member's last corrected
 * certificate states. But a certificate issued after that correction (a replacement, made from the data of its day)
 * may state something else: the member then holds an incorrect certificate, and § 45a Abs. 6 EStG asks for a corrected
 * one. It was answered with the old correction (its old date), and nothing was recorded: the register showed the
 * replacement as the member's last certificate.
 */
describe('tax certificates: a correction after a later issue is a new correction', () => {
  let t: TestApp;
  let walk: Awaited<ReturnType<typeof correctionWalk>>;

  beforeAll(async () => {
    t = await startApp();
    walk = await correctionWalk(t);
  }, 60_000);
  afterAll(async () => t.close());

  const correct = (reason: string): request.Test => walk.correct(reason);
  const issues = (): Promise<TaxCertificateIssued['data'][]> => walk.issues();
  const moveTo = (street: string): Promise<void> => walk.moveTo(street);

  it('records the correction again when a replacement stating other data was issued after it', async () => {
    await moveTo('Neue Straße');
    await correct('Anschrift berichtigt').expect(200);
    // A wrong address typed, and the member's certificate issued again with it (a replacement).
    await moveTo('Falsche Straße');
    const reissued = await pdf(
      t.http,
      t.adminToken,
      `/api/v1/dividend/tax-pdf/${walk.closure.id}?member=${walk.member.id}`,
    ).expect(200);
    expect((await pdfPages(reissued.body as Buffer))[0]).toEqual(expect.arrayContaining(['Falsche Straße 5']));
    // The address put right: the certificate the member holds now is incorrect, and a correction is due.
    await moveTo('Neue Straße');
    const corrected = await correct('Anschrift berichtigt').expect(200);
    expect((await pdfPages(corrected.body as Buffer))[0]).toEqual(
      expect.arrayContaining(['Berichtigte Bescheinigung', 'Neue Straße 5']),
    );
    expect((await issues()).map((d) => d.version)).toEqual(['original', 'corrected', 'replacement', 'corrected']);
    // Asked once more, unchanged since: that one is answered again, nothing recorded (decision 429).
    const again = await correct('Anschrift berichtigt').expect(200);
    expect((again.body as Buffer).equals(corrected.body as Buffer)).toBe(true);
    expect(await issues()).toHaveLength(4);
  });
});
