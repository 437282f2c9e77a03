import { describe, expect, it } from '@jest/globals';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { joinedShows, LONG_RECIPIENT } from '../../platform/testing/long-address.js';
import { settlementStatementPdf } from './settlement-statement-pdf.js';

/* The settlement statement's address block: a name, street or town of the API's longest wraps, never ends in "…". */
describe("a settlement statement's address", () => {
  it('prints every address line whole, and the shares with thousands points', async () => {
    const issuer = {
      name: 'Energiegenossenschaft Musterstadt eG',
      address: 'Hauptstraße 1',
      zip: '12345',
      city: 'Musterstadt',
    };
    const pdf = await settlementStatementPdf(issuer, {
      memberNr: 7,
      recipient: LONG_RECIPIENT,
      reason: 'exit',
      year: 2025,
      endDate: '2025-12-31',
      shares: 3_000,
      holding: 25_000,
      lossShare: 0,
      amount: 25_000,
      payoutDate: '2026-06-15',
      accountHolder: 'Muster',
      iban: 'DE02120300000000202051',
      heirs: false,
    });
    const [page] = await pdfPages(pdf);
    for (const line of LONG_RECIPIENT) expect(joinedShows(page!)).toContain(line);
    expect(page!.filter((l) => l.includes('…'))).toEqual([]);
    // The shares booked out in German, with thousands points.
    expect(page).toContain('3.000');
  });
});
