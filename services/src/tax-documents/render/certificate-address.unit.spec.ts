import { describe, expect, it } from '@jest/globals';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { joinedShows, LONG_RECIPIENT } from '../../platform/testing/long-address.js';
import type { DividendMemberDocument } from '../../dividend/index.js';
import type { MemberDocument } from '../../members/index.js';
import { certificateFacts } from '../queries/tax-documents-source.js';
import { taxCertificatesPdf, type CertificateData } from './tax-certificate-pdf.js';

const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
  taxNumber: '123/456/78901',
  taxOffice: 'Finanzamt Musterstadt',
};

/*
 * The tax certificate's address: a member abroad (taxed as not resident, DOMAIN.md 7) gets a certificate, and its
 * address had no country line; the lines wrap within their width, clear of "Berichtigte Bescheinigung" at the right.
 */
describe("a tax certificate's address", () => {
  it('prints the country of a member abroad, every line whole', async () => {
    const certificate: CertificateData = {
      memberId: 'm1',
      memberNr: 7,
      name: LONG_RECIPIENT[0],
      address: LONG_RECIPIENT,
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
    const [page] = await pdfPages(await taxCertificatesPdf(ISSUER, [certificate]));
    const mark = page!.indexOf('Berichtigte Bescheinigung');
    // The address is drawn before the mark, each of its lines whole across its wrapped shows.
    for (const line of LONG_RECIPIENT) expect(joinedShows(page!.slice(0, mark))).toContain(line);
  });

  it("addresses a minor's certificate 'vertreten durch' the legal representative, as the letters and statements do", async () => {
    const minor = {
      givenName: 'Lena',
      name: 'Kraus',
      street: 'Weg',
      streetHomeNumber: '1',
      zipCode: '12345',
      city: 'Ort',
      isForeign: false,
      legalRepresentation: 'Brigitte und Thomas Kraus (Eltern)',
    } as unknown as MemberDocument;
    const result = {
      member: 'm2',
      memberNr: 8,
      year: 2025,
      paymentDate: '2026-06-15',
      dividend: 1_000,
      exemptions: 1_000,
      dividendTax: 0,
      solidarityTax: 0,
      churchTax: 0,
      churchId: null,
      basisOfTax: 'standard',
      netAmount: 1_000,
      creditedAmount: 0,
    } as unknown as DividendMemberDocument;
    const certificate: CertificateData = { ...certificateFacts(result, minor), version: 'original' };
    const [page] = await pdfPages(await taxCertificatesPdf(ISSUER, [certificate]));
    const from = page!.indexOf('Lena Kraus');
    expect(page!.slice(from, from + 4)).toEqual([
      'Lena Kraus',
      'vertreten durch Brigitte und Thomas Kraus (Eltern)',
      'Weg 1',
      '12345 Ort',
    ]);
  });

  // Decision 342 (a probe): the deceased's dividend, paid to and taxed as the heirs', was certified to the deceased.
  it("certifies a payout to the heirs to them: 'Erben nach' the member in the body and the address", async () => {
    const deceased = {
      givenName: 'Max',
      name: 'Probe',
      street: 'Weg',
      streetHomeNumber: '2',
      zipCode: '12345',
      city: 'Ort',
      isForeign: false,
      legalRepresentation: null,
    } as unknown as MemberDocument;
    const result = {
      member: 'm3',
      memberNr: 9,
      year: 2025,
      paymentDate: '2026-05-15',
      dividend: 40_000,
      exemptions: 0,
      dividendTax: 10_000,
      solidarityTax: 550,
      churchTax: 0,
      churchId: null,
      basisOfTax: 'heirs',
      netAmount: 29_450,
      creditedAmount: 0,
    } as unknown as DividendMemberDocument;
    const certificate: CertificateData = { ...certificateFacts(result, deceased), version: 'original' };
    const [page] = await pdfPages(await taxCertificatesPdf(ISSUER, [certificate]));
    const from = page!.indexOf('Erben nach Max Probe');
    expect(page!.slice(from, from + 3)).toEqual(['Erben nach Max Probe', 'Weg 2', '12345 Ort']);
    expect(joinedShows(page!)).toContain('Gläubiger der Kapitalerträge: Erben nach Max Probe (Mitgliedsnummer 9)');
  });
});
