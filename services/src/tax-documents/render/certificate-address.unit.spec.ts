import { describe, expect, it } from '@jest/globals';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { joinedShows, LONG_RECIPIENT } from '../../platform/testing/long-address.js';
import { taxCertificatesPdf, type CertificateData } from './tax-certificate-pdf.js';

/*
 * The tax certificate's address: a member abroad (taxed as not resident, DOMAIN.md 7) gets a certificate, and its
 * address had no country line; the lines wrap within their width, clear of "Berichtigte Bescheinigung" at the right.
 */
describe("a tax certificate's address", () => {
  it('prints the country of a member abroad, every line whole', async () => {
    const [name, street, zipCity, country] = LONG_RECIPIENT;
    const certificate: CertificateData = {
      memberId: 'm1',
      memberNr: 7,
      name,
      street,
      zipCity,
      country,
      year: 2025,
      paymentDate: '2026-06-15',
      gross: 10_000,
      exempt: 0,
      kapest: 2_500,
      soli: 137,
      churchTax: 0,
      churchName: null,
      basisOfTax: 'standard',
      version: 'corrected',
      correctionReason: 'Tippfehler',
    };
    const issuer = {
      name: 'Energiegenossenschaft Musterstadt eG',
      address: 'Hauptstraße 1',
      zip: '12345',
      city: 'Musterstadt',
      taxNumber: '123/456/78901',
      taxOffice: 'Finanzamt Musterstadt',
    };
    const [page] = await pdfPages(await taxCertificatesPdf(issuer, [certificate]));
    const mark = page!.indexOf('Berichtigte Bescheinigung');
    // The address is drawn before the mark, each of its lines whole across its wrapped shows.
    for (const line of LONG_RECIPIENT) expect(joinedShows(page!.slice(0, mark))).toContain(line);
  });
});
