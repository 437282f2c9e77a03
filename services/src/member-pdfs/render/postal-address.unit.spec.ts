import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { countryLine } from '../../kernel/german-format.js';
import { readMember } from '../../members/index.js';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import {
  joinedShows,
  LONG_ADDRESS_ABROAD,
  LONG_CITY,
  LONG_GIVEN_NAME,
  LONG_RECIPIENT,
  LONG_STREET,
  LONG_SURNAME,
} from '../../platform/testing/long-address.js';
import { recipientLines } from './postal-address.js';
import { statementsPdf } from './statement-pdf.js';

/*
 * The address block of every letter to a member (here the statement of account; the reminder, settlement and tax
 * certificate specs beside their renderers) as the post office reads it: a name, street or town of the API's longest (70 characters) goes on over
 * lines, never cut with "…" (the reminder printed "Dr. Hans-Jürgen … Ludwig…" without the surname), and a member
 * abroad has the country's German name in capitals on the last line ("ÖSTERREICH"), not the ISO code "AT".
 */

const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};
describe("a letter's address block", () => {
  it('names the country of a member abroad in German capitals, and keeps a code ICU does not know', () => {
    expect([countryLine('AT'), countryLine('lu'), countryLine('CH'), countryLine('ZZ'), countryLine(null)]).toEqual([
      'ÖSTERREICH',
      'LUXEMBURG',
      'SCHWEIZ',
      'ZZ',
      '',
    ]);
    const member = readMember({ id: 'm1', cooperativeId: 'c1', position: '1', ...LONG_ADDRESS_ABROAD });
    expect(recipientLines(member)).toEqual(LONG_RECIPIENT);
  });

  it('prints the whole name, street and town on the statement of account, with the country', async () => {
    const member = {
      id: 'm1',
      memberNr: 7,
      legalForm: 0,
      salutation: 'Herr',
      entryDate: '2024-01-10',
      ...LONG_ADDRESS_ABROAD,
    };
    const statement = {
      member: member as unknown as MemberDto,
      lines: [],
      shares: 0,
      cents: 0,
      dividends: [],
      settlements: [],
    };
    const batches = async function* () {
      yield [statement];
    };
    const [page] = await pdfPages(await statementsPdf(ISSUER, '2025-12-31', batches()));
    const text = joinedShows(page!);
    for (const field of [LONG_SURNAME, LONG_GIVEN_NAME, LONG_STREET, LONG_CITY]) expect(text).toContain(field);
    expect(page).toContain('ÖSTERREICH');
    expect(page).not.toContain('AT');
    expect(page!.filter((l) => l.includes('…'))).toEqual([]);
  });

  it("addresses a minor's statement to the legal representative, as the reminder letters do", async () => {
    const member = {
      id: 'm2',
      memberNr: 8,
      legalForm: 0,
      salutation: 'Frau',
      givenName: 'Lena',
      name: 'Kraus',
      street: 'Weg',
      streetHomeNumber: '1',
      zipCode: '12345',
      city: 'Ort',
      isForeign: false,
      legalRepresentation: 'Brigitte und Thomas Kraus (Eltern)',
      entryDate: '2024-01-10',
    };
    const statement = {
      member: member as unknown as MemberDto,
      lines: [],
      shares: 0,
      cents: 0,
      dividends: [],
      settlements: [],
    };
    const [page] = await pdfPages(
      await statementsPdf(
        ISSUER,
        '2025-12-31',
        (async function* () {
          yield [statement];
        })(),
      ),
    );
    const from = page!.indexOf('Frau Lena Kraus');
    expect(page!.slice(from, from + 4)).toEqual([
      'Frau Lena Kraus',
      'vertreten durch Brigitte und Thomas Kraus (Eltern)',
      'Weg 1',
      '12345 Ort',
    ]);
  });

  it('addresses the heirs of a member whose death is recorded (§ 77 GenG; decision 373)', () => {
    const base = {
      id: 'm2',
      cooperativeId: 'c1',
      position: '1',
      title: 'Dr',
      givenName: 'Anna',
      name: 'Muster',
      postalSalutation: 'femaleDr',
      street: 'Lindenweg',
      streetHomeNumber: '7',
      zipCode: '10115',
      city: 'Berlin',
      legalRepresentation: 'Berta Muster',
    };
    const living = readMember(base);
    const dead = readMember({ ...base, exitReason: 'death', exitDate: '2026-12-31' });
    expect(recipientLines(living)).toEqual([
      'Dr. Anna Muster',
      'vertreten durch Berta Muster',
      'Lindenweg 7',
      '10115 Berlin',
    ]);
    expect(recipientLines(dead)).toEqual(['Erben nach Dr. Anna Muster', 'Lindenweg 7', '10115 Berlin']);
  });
});
