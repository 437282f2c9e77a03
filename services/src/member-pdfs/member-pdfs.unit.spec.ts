import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { readMember, type MemberDocument } from '../members/index.js';
import { settlementDocuments } from '../settlements/reads.js';
import { balanceDocuments, type BalanceDocument } from '../share-ledger/index.js';
import { pdfPages } from '../platform/pdf/pdf-text.js';
import { pdfDocument } from '../platform/pdf/pdf-fonts.js';
import { wordsNotFound } from '../platform/testing/printed-words.js';
import { fileSlug, postingWords, statementLines, statementSettlements } from './queries/member-pdf-source.js';
import { MEMBER_BALANCES, MEMBER_LIST, memberBalanceRow, memberListRow } from './render/member-lists.js';
import { statementsPdf, type Statement } from './render/statement-pdf.js';
import { pagesFor, rowsPerPage, tablePdf } from './render/table-pdf.js';

/* The member PDFs' pure parts: statement lines as of a date, the posting words, file names, page numbering. */

const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};
const doc = (postings: { b: string; d: string; s: number; a: number }[]): MemberDocument =>
  readMember({ id: 'm1', cooperativeId: 'c1', position: '1', postings });
const balances = new Map<string, BalanceDocument>(
  [
    { id: 'b0', type: 0 },
    { id: 'b1', type: 1, annulated: true },
    { id: 'b2', type: 5 },
    { id: 'b3', type: 3, transferMemberNr: 17 },
  ].map((b) => [b.id, balanceDocuments.read({ cooperativeId: 'c1', position: '1', ...b })]),
);
const member = {
  id: 'm1',
  memberNr: 7,
  salutation: 'Frau',
  title: 'Dr',
  givenName: 'Anna',
  name: 'Weiß',
  legalForm: 0,
  street: 'Lindenweg',
  streetHomeNumber: '7',
  zipCode: '12345',
  city: 'Musterstadt',
  isForeign: false,
  country: null,
  birthDate: '1980-04-12',
  entryDate: '2020-01-15',
  approvalDate: '2020-01-20',
  exitDate: null,
  exitReason: null,
  shareAmount: 3,
  shareTotalEUR: 75_000,
} as unknown as MemberDto;

describe('member PDFs', () => {
  it('lists the postings up to the date in date order with the running holding; annulled ones marked, the annulation beside', () => {
    const lines = statementLines(
      doc([
        { b: 'b0', d: '2020-01-15', s: 4, a: 100_000 },
        { b: 'b3', d: '2021-06-01', s: -1, a: -25_000 },
        { b: 'b1', d: '2021-03-01', s: 2, a: 50_000 },
        { b: 'b2', d: '2021-03-01', s: -2, a: -50_000 },
        { b: 'b9', d: '2024-01-01', s: 9, a: 225_000 },
      ]),
      '2023-12-31',
      balances,
    );
    expect(lines.map((l) => [l.date, l.type, l.shares, l.holdingShares, l.holdingCents])).toEqual([
      ['2020-01-15', 'Erstzeichnung', 4, 4, 100_000],
      ['2021-03-01', 'Zeichnung weiterer Anteile (storniert)', 2, 6, 150_000],
      ['2021-03-01', 'Storno', -2, 4, 100_000],
      ['2021-06-01', 'Übertragung an Mitglied 17', -1, 3, 75_000],
    ]);
    expect(postingWords(undefined)).toBe('');
  });

  it('names files in lower-case ASCII', () => {
    expect(fileSlug('Bürgerenergie Groß-Umstadt eG')).toBe('buergerenergie-gross-umstadt-eg');
    expect(fileSlug('!!')).toBe('genossenschaft');
  });

  it('numbers each statement on its own: "Seite n von m" of that member', async () => {
    const long: Statement = {
      member,
      lines: Array.from({ length: 80 }, (_, i) => ({
        date: '2021-01-01',
        type: 'Zeichnung weiterer Anteile',
        shares: 1,
        cents: 25_000,
        paid: 25_000,
        holdingShares: i + 1,
        holdingCents: (i + 1) * 25_000,
        holdingPaid: (i + 1) * 25_000,
        payment: false,
      })),
      shares: 80,
      cents: 2_000_000,
      dividends: [{ year: 2024, gross: 12_345, taxes: 3_256, net: 9_089 }],
      settlements: [],
    };
    const short: Statement = { member, lines: [], shares: 0, cents: 0, dividends: [], settlements: [] };
    async function* batches(): AsyncGenerator<Statement[]> {
      yield [long, short];
    }
    const pages = await pdfPages(await statementsPdf(ISSUER, '2025-12-31', batches()));
    expect(pages.map((p) => p.find((l) => l.startsWith('Seite ')))).toEqual([
      'Seite 1 von 2',
      'Seite 2 von 2',
      'Seite 1 von 1',
    ]);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        'Energiegenossenschaft Musterstadt eG',
        'Hauptstraße 1, 12345 Musterstadt',
        'Stand: 31.12.2025',
        'Frau Dr. Anna Weiß',
      ]),
    );
    expect(pages[1]).toEqual(
      expect.arrayContaining(['Bestand am 31.12.2025: 80 Anteile, 20.000,00 EUR', '2024', '123,45', '32,56', '90,89']),
    );
    expect(pages[2]).toEqual(expect.arrayContaining(['Keine Buchungen bis zu diesem Tag.', 'Keine Dividenden.']));
  });

  it('shows the settlements paid by the date: the credit booked out, the loss share deducted, the payout (issue 42)', async () => {
    const row = (id: string, fields: Record<string, unknown>) =>
      settlementDocuments.read({ id, cooperativeId: 'c1', position: '1', memberId: 'm1', status: 'paid', ...fields });
    const docs = [
      row('m1.b9', {
        endDate: '2025-12-31',
        reason: 'exit',
        holding: 50_000,
        lossShare: 6_250,
        amount: 43_750,
        payoutDate: '2026-06-15',
        heirs: false,
      }),
      row('m1.b4', {
        endDate: '2023-12-31',
        reason: 'partial',
        holding: 25_000,
        lossShare: 0,
        amount: 25_000,
        payoutDate: '2024-05-02',
        heirs: false,
      }),
      // Paid after the statement's date, and one reversed (due again): not on it.
      row('m1.b10', {
        endDate: '2025-12-31',
        reason: 'partial',
        holding: 25_000,
        lossShare: 0,
        amount: 25_000,
        payoutDate: '2026-07-01',
        heirs: false,
      }),
      row('m1.b11', {
        endDate: '2025-12-31',
        reason: 'exit',
        holding: 25_000,
        status: 'due',
        lossShare: null,
        amount: null,
        payoutDate: null,
      }),
    ];
    const settlements = statementSettlements(docs, '2026-06-30').get('m1') ?? [];
    expect(settlements.map((x) => [x.endDate, x.reason, x.payoutDate])).toEqual([
      ['2023-12-31', 'Teilkündigung', '2024-05-02'],
      ['2025-12-31', 'Kündigung', '2026-06-15'],
    ]);
    async function* batches(): AsyncGenerator<Statement[]> {
      yield [{ member, lines: [], shares: 0, cents: 0, dividends: [], settlements }];
    }
    const [page] = await pdfPages(await statementsPdf(ISSUER, '2026-06-30', batches()));
    const after = (label: string): string | undefined => page![page!.indexOf(label) + 1];
    expect(page).toContain('Auseinandersetzung (§ 73 GenG)');
    expect([
      after('Auseinandersetzungsguthaben zum 31.12.2025 (Kündigung)'),
      after('Auszahlung am 15.06.2026'),
    ]).toEqual(['500,00 EUR', '437,50 EUR']);
    expect(page!.filter((l) => l === 'abzüglich Anteil am Verlustvortrag').length).toBe(2);
    expect(page).toEqual(
      expect.arrayContaining([
        '-62,50 EUR',
        'Auseinandersetzungsguthaben zum 31.12.2023 (Teilkündigung)',
        'Auszahlung am 02.05.2024',
      ]),
    );
  });

  it('knows the list’s page count before the first page and numbers every page with it', async () => {
    const per = rowsPerPage(MEMBER_LIST);
    const total = per + 1;
    async function* rows(): AsyncGenerator<string[][]> {
      yield Array.from({ length: total }, (_, i) => memberListRow({ ...member, memberNr: i + 1 }));
    }
    expect(pagesFor(MEMBER_LIST, total, 1)).toBe(2);
    const made = await tablePdf(ISSUER, '2025-12-31', MEMBER_LIST, total, rows(), () => ['Summe']);
    const pages = await pdfPages(made.pdf);
    expect(made.rows).toBe(total);
    expect(pages.map((p) => p.find((l) => l.startsWith('Seite ')))).toEqual(['Seite 1 von 2', 'Seite 2 von 2']);
    expect(pages[0]).toEqual(
      expect.arrayContaining([
        '1',
        'Frau',
        'Dr.',
        'Weiß',
        'Anna',
        'Lindenweg',
        '7',
        '12345',
        'Musterstadt',
        'DE',
        '12.04.1980',
        '15.01.2020',
        '20.01.2020',
        '3',
        '750,00',
      ]),
    );
  });

  it('prints every heading and a long name, firm, street and city whole: smaller or on two lines, never cut (issue 43)', async () => {
    const long = {
      ...member,
      name: 'Gemeindewerke Wasserburg am Inn Versorgungs-GmbH & Co. KG',
      legalForm: 1,
      street: 'Oberbürgermeister-Dr.-Müller-Straße',
      city: 'Wasserburg am Inn',
    };
    async function* rows(): AsyncGenerator<string[][]> {
      yield [memberListRow(long), memberListRow({ ...member, memberNr: 8 })];
    }
    const made = await tablePdf(ISSUER, '2025-12-31', MEMBER_LIST, 2, rows(), () => []);
    const text = (await pdfPages(made.pdf)).flat();
    expect(text.filter((l) => l.includes('…'))).toEqual([]);
    expect(text).toEqual(expect.arrayContaining(MEMBER_LIST.columns.map((c) => c.heading)));
    const printed = text.join('').replace(/ /g, '');
    for (const value of [long.name, long.street, long.city]) expect(printed).toContain(value.replace(/ /g, ''));
    expect(text).toEqual(expect.arrayContaining(['Weiß', 'Anna', 'Lindenweg', 'Musterstadt', '12.04.1980']));
  });

  it('prints text a reader finds word for word in each member PDF: the list, the members with shares, the statements (issue 43)', async () => {
    // First what a tax certificate prints in bold (the same process renders both): before issue 43 its `ö` left the shared
    // bold font's `o` without a character, and every later bold `o` was lost to a reader ("K nt auszug", "V rname").
    expect(await wordsNotFound(() => boldPdf('Steuerbescheinigung einer leistenden Körperschaft'))).toEqual([]);
    async function* listRows(): AsyncGenerator<string[][]> {
      yield [
        memberListRow(member),
        memberListRow({ ...member, memberNr: 8, name: 'Gemeindewerke Wasserburg eG', legalForm: 1 }),
      ];
    }
    async function* balanceRows(): AsyncGenerator<string[][]> {
      yield [memberBalanceRow(member)];
    }
    async function* statements(): AsyncGenerator<Statement[]> {
      yield [
        {
          member,
          lines: [
            {
              date: '2021-01-01',
              type: 'Zeichnung weiterer Anteile',
              shares: 1,
              cents: 25_000,
              paid: 25_000,
              holdingShares: 1,
              holdingCents: 25_000,
              holdingPaid: 25_000,
              payment: false,
            },
          ],
          shares: 1,
          cents: 25_000,
          dividends: [{ year: 2024, gross: 12_345, taxes: 3_256, net: 9_089 }],
          settlements: [],
        },
      ];
    }
    expect(
      await wordsNotFound(
        async () =>
          (await tablePdf(ISSUER, '2025-12-31', MEMBER_LIST, 2, listRows(), () => ['Summe: 2 Mitglieder'])).pdf,
      ),
    ).toEqual([]);
    expect(
      await wordsNotFound(
        async () =>
          (await tablePdf(ISSUER, '2025-12-31', MEMBER_BALANCES, 1, balanceRows(), () => ['Summe: 1 Mitglied'])).pdf,
      ),
    ).toEqual([]);
    expect(await wordsNotFound(() => statementsPdf(ISSUER, '2025-12-31', statements()))).toEqual([]);
  });
});

async function boldPdf(text: string): Promise<Buffer> {
  const doc = pdfDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica-Bold').text(text);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
