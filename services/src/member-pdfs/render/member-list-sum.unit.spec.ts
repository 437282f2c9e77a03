import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { memberListPdf } from './member-list-pdf.js';

/*
 * The member lists' closing sum in German: counts with thousands points, as the movement report writes them (the demo's
 * list closed "3263 Anteile" where the report said "2.367"), and one member or share in the singular ("Summe: 1
 * Mitglieder, 1 Anteile" read wrong).
 */
const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};
const memberWith = (memberNr: number, shareAmount: number): MemberDto =>
  ({
    id: `m${memberNr}`,
    memberNr,
    name: 'Muster',
    legalForm: 0,
    shareAmount,
    shareTotalEUR: shareAmount * 25_000,
  }) as unknown as MemberDto;

const closing = async (members: MemberDto[], document: 'members' | 'memberBalances'): Promise<string | undefined> => {
  const request = { issuer: ISSUER, date: '2025-12-31', document, onlyActive: false, total: members.length };
  const { pdf } = await memberListPdf(
    request,
    (async function* () {
      yield members;
    })(),
  );
  return (await pdfPages(pdf)).flat().find((l) => l.startsWith('Summe:'));
};

describe("the member lists' sum", () => {
  it('writes thousands points in the counts, of the sum and of a row', async () => {
    expect(await closing([memberWith(1, 3_000), memberWith(2, 263)], 'members')).toBe(
      'Summe: 2 Mitglieder, 3.263 Anteile, 815.750,00 EUR',
    );
    const { pdf } = await memberListPdf(
      { issuer: ISSUER, date: '2025-12-31', document: 'memberBalances', onlyActive: false, total: 1 },
      (async function* () {
        yield [memberWith(1, 3_000)];
      })(),
    );
    // A member's shares in the row too: 3.000, beside 750.000,00.
    expect((await pdfPages(pdf)).flat()).toEqual(expect.arrayContaining(['3.000', '750.000,00']));
  });

  it('names one member and one share in the singular', async () => {
    expect(await closing([memberWith(1, 1)], 'memberBalances')).toBe('Summe: 1 Mitglied, 1 Anteil, 250,00 EUR');
  });
});
