import { describe, expect, it } from '@jest/globals';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { reminderLettersPdf, type ReminderLetter } from './reminder-letter-pdf.js';

/*
 * A reminder letter over two pages (many subscriptions) in a sending's printout: its second page named neither the
 * member nor the page, so it could not be told from the next member's letter. Each page of such a letter now carries
 * "Mitgliedsnummer … · <title> vom … · Seite n von m"; a one-page letter is as before.
 */
const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
  bankname: 'Bank',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
};
const letter = (memberNr: number, subscriptions: number): ReminderLetter => ({
  memberNr,
  salutation: 'Sehr geehrte Frau Muster,',
  recipient: ['Anna Muster', 'Weg 1', '12345 Ort'],
  level: 2,
  date: '2026-12-01',
  amount: subscriptions * 25_000,
  subscriptions: Array.from({ length: subscriptions }, (_, i) => ({
    balanceId: `b${i}`,
    date: '2026-01-01',
    quantity: 1,
    amount: 25_000,
    dueSince: '2026-02-01',
  })),
});

describe("a reminder letter's pages", () => {
  it('marks each page of a two-page letter with the member, the letter and the page; a one-page letter not', async () => {
    const pages = await pdfPages(
      await reminderLettersPdf(ISSUER, [letter(7, 30), letter(8, 1)], () => Promise.resolve()),
    );
    expect(pages).toHaveLength(3);
    const marks = pages.map((p) => p.filter((l) => l.startsWith('Mitgliedsnummer ') && l.includes('Seite')));
    expect(marks).toEqual([
      ['Mitgliedsnummer 7 · 2. Mahnung vom 01.12.2026 · Seite 1 von 2'],
      ['Mitgliedsnummer 7 · 2. Mahnung vom 01.12.2026 · Seite 2 von 2'],
      [],
    ]);
    expect(pages[2]).toContain('Mitgliedsnummer: 8');
  });

  it('writes a subscription of a thousand shares or more with thousands points', async () => {
    const big = { ...letter(9, 1), subscriptions: [{ ...letter(9, 1).subscriptions[0]!, quantity: 3_000 }] };
    const [page] = await pdfPages(await reminderLettersPdf(ISSUER, [big], () => Promise.resolve()));
    expect(page).toContain('3.000');
  });
});
