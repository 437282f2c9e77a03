import { describe, expect, it } from '@jest/globals';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { joinedShows, LONG_RECIPIENT } from '../../platform/testing/long-address.js';
import { readMember } from '../../members/index.js';
import { salutationLine } from './letter-address.js';
import { reminderLettersPdf } from './reminder-letter-pdf.js';

/*
 * A payment reminder's address block (85 mm, the envelope's window): each line wraps instead of ending in "…". A
 * 70-character given name cut the line before the surname, so the letter went out without the member's surname.
 */
describe("a reminder letter's address", () => {
  it('prints every address line whole, wrapped within the window, the country last', async () => {
    const issuer = {
      name: 'Energiegenossenschaft Musterstadt eG',
      address: 'Hauptstraße 1',
      zip: '12345',
      city: 'Musterstadt',
      bankname: 'Bank',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
    };
    const letter = {
      memberNr: 7,
      salutation: 'Sehr geehrter Herr Dr. Muster,',
      recipient: LONG_RECIPIENT,
      level: 1 as const,
      date: '2026-12-01',
      amount: 100,
      subscriptions: [],
    };
    const [page] = await pdfPages(await reminderLettersPdf(issuer, [letter], () => Promise.resolve()));
    for (const line of LONG_RECIPIENT) expect(joinedShows(page!)).toContain(line);
    expect(page!.filter((l) => l.includes('…'))).toEqual([]);
  });

  it('greets the heirs of a member whose death is recorded neutrally, not the deceased by name (decision 373)', () => {
    const base = { id: 'm2', cooperativeId: 'c1', position: '1', name: 'Muster', postalSalutation: 'femaleDr' };
    expect(salutationLine(readMember(base))).toBe('Sehr geehrte Frau Dr. Muster,');
    expect(salutationLine(readMember({ ...base, exitReason: 'death', exitDate: '2026-12-31' }))).toBe(
      'Sehr geehrte Damen und Herren,',
    );
  });
});
