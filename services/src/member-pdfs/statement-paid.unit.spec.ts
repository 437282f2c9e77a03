import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { readMember } from '../members/index.js';
import { pdfPages } from '../platform/pdf/pdf-text.js';
import { wordsNotFound } from '../platform/testing/printed-words.js';
import { balanceDocuments, type BalanceDocument } from '../share-ledger/index.js';
import { statementLines } from './queries/member-pdf-source.js';
import { paidCells, paidClosing, statementsPdf, type Statement } from './render/statement-pdf.js';

/*
 * Issue 45, decision 272: the statement of account's Geschäftsguthaben beside the nominal amounts. Each posting's
 * payment as its register versions count it on its day, later payments and returns as lines of their own, the running
 * Geschäftsguthaben, and the closing lines (nominal amount, Geschäftsguthaben, still to be paid in).
 */

const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};
const version = (rueckpfleinzahlung: number, effectiveDate?: string): Record<string, unknown> => ({
  cdcAction: 'update',
  cdcUser: 'u',
  cdcTimestamp: '2026-01-01T00:00:00Z',
  rueckpfleinzahlung,
  interestEnd: null,
  ...(effectiveDate === undefined ? {} : { effectiveDate }),
});
const balancesOf = (docs: ({ id: string } & Record<string, unknown>)[]): Map<string, BalanceDocument> =>
  new Map(docs.map((b) => [b.id, balanceDocuments.read({ cooperativeId: 'c1', position: '1', ...b })] as const));
const memberDoc = (postings: { b: string; d: string; s: number; a: number; e?: string }[]) =>
  readMember({ id: 'm1', cooperativeId: 'c1', position: '1', postings });
const member = { id: 'm1', memberNr: 7, name: 'Weiß', legalForm: 0, entryDate: '2024-01-10' } as unknown as MemberDto;
const statementOf = (lines: Statement['lines']): Statement => {
  const last = lines.at(-1)!;
  return { member, lines, shares: last.holdingShares, cents: last.holdingCents, dividends: [], settlements: [] };
};
const row = (l: Statement['lines'][number]) => [l.date, l.type, l.shares, l.cents, l.paid, l.holdingPaid];

// 4 shares (1.000 €), 400 € paid with them; 300 € on 01.03., 200 € returned on 01.04., a payment after the date.
const SUBSCRIPTION = {
  id: 'b0',
  type: 0,
  rueckpfleinzahlung: 130_000,
  versions: [
    version(40_000, '2024-01-10'),
    version(70_000, '2024-03-01'),
    version(50_000, '2024-04-01'),
    version(130_000, '2025-02-01'),
  ],
};

describe('the statement of account with the Geschäftsguthaben (decision 272)', () => {
  it('a member paid in part: the payment with the posting, each later payment and return on its day, the rest owed', () => {
    const lines = statementLines(
      memberDoc([{ b: 'b0', d: '2024-01-10', s: 4, a: 100_000 }]),
      '2024-12-31',
      balancesOf([SUBSCRIPTION]),
    );
    expect(lines.map(row)).toEqual([
      ['2024-01-10', 'Erstzeichnung', 4, 100_000, 40_000, 40_000],
      ['2024-03-01', 'Einzahlung', 0, 0, 30_000, 70_000],
      ['2024-04-01', 'Rückbuchung Einzahlung', 0, 0, -20_000, 50_000],
    ]);
    expect(lines.map((l) => l.payment)).toEqual([false, true, true]);
    expect(paidClosing('2024-12-31', statementOf(lines))).toEqual([
      'Bestand am 31.12.2024: 4 Anteile, Nennbetrag 1.000,00 EUR',
      'Geschäftsguthaben (eingezahlt) 500,00 EUR, noch einzuzahlen 500,00 EUR',
    ]);
    expect(paidCells(lines[1]!)).toEqual(['01.03.2024', 'Einzahlung', '', '', '+300,00', '4', '1.000,00', '700,00']);
  });

  it('a register correction counts on the posting’s day; an old version without a date too', () => {
    const lines = statementLines(
      memberDoc([{ b: 'b0', d: '2024-01-10', s: 4, a: 100_000 }]),
      '2024-12-31',
      balancesOf([
        { id: 'b0', type: 0, rueckpfleinzahlung: 90_000, versions: [version(100_000), version(90_000, '2024-01-10')] },
      ]),
    );
    expect(lines.map(row)).toEqual([['2024-01-10', 'Erstzeichnung', 4, 100_000, 90_000, 90_000]]);
  });

  it('a transfer of shares paid in part: the giver hands on what was paid, keeps owing the rest; the receiver owes the price less it', () => {
    const balances = balancesOf([
      SUBSCRIPTION,
      {
        id: 'b3',
        type: 3,
        transferMemberNr: 9,
        rueckpfleinzahlung: -50_000,
        versions: [version(-50_000, '2024-06-01')],
      },
      { id: 'b4', type: 4, transferMemberNr: 7, rueckpfleinzahlung: 50_000, versions: [version(50_000, '2024-06-01')] },
    ]);
    const giver = statementLines(
      memberDoc([
        { b: 'b0', d: '2024-01-10', s: 4, a: 100_000 },
        { b: 'b3', d: '2024-06-01', s: -3, a: -75_000 },
      ]),
      '2024-12-31',
      balances,
    );
    expect(giver.map(row).at(-1)).toEqual(['2024-06-01', 'Übertragung an Mitglied 9', -3, -75_000, -50_000, 0]);
    expect(paidClosing('2024-12-31', statementOf(giver))).toEqual([
      'Bestand am 31.12.2024: 1 Anteil, Nennbetrag 250,00 EUR',
      'Geschäftsguthaben (eingezahlt) 0,00 EUR, noch einzuzahlen 250,00 EUR',
    ]);
    const receiver = statementLines(memberDoc([{ b: 'b4', d: '2024-06-01', s: 3, a: 75_000 }]), '2024-12-31', balances);
    expect(paidClosing('2024-12-31', statementOf(receiver))[1]).toBe(
      'Geschäftsguthaben (eingezahlt) 500,00 EUR, noch einzuzahlen 250,00 EUR',
    );
  });

  it('a partial termination takes out what was paid, the shares that stay owe their price; above the price is said so', () => {
    const lines = statementLines(
      memberDoc([
        { b: 'b0', d: '2024-01-10', s: 4, a: 100_000 },
        { b: 'b2', d: '2024-12-31', s: -2, a: -50_000 },
      ]),
      '2024-12-31',
      balancesOf([
        SUBSCRIPTION,
        { id: 'b2', type: 2, rueckpfleinzahlung: -50_000, versions: [version(-50_000, '2024-12-31')] },
      ]),
    );
    expect(lines.map(row).at(-1)).toEqual(['2024-12-31', 'Teilkündigung', -2, -50_000, -50_000, 0]);
    expect(paidClosing('2024-12-31', statementOf(lines))[1]).toBe(
      'Geschäftsguthaben (eingezahlt) 0,00 EUR, noch einzuzahlen 500,00 EUR',
    );
    const over = statementOf([{ ...lines[0]!, holdingPaid: 110_000 }]);
    expect(paidClosing('2024-12-31', over)[1]).toBe(
      'Geschäftsguthaben (eingezahlt) 1.100,00 EUR, über den Nennbetrag eingezahlt 100,00 EUR',
    );
  });

  it('a posting paid in full, or whose document is missing, has its amount paid: no line of payments', () => {
    const lines = statementLines(
      memberDoc([
        { b: 'b0', d: '2024-01-10', s: 4, a: 100_000 },
        { b: 'bx', d: '2024-02-10', s: 1, a: 25_000 },
      ]),
      '2024-12-31',
      balancesOf([{ id: 'b0', type: 0, rueckpfleinzahlung: 100_000, versions: [version(100_000, '2024-01-10')] }]),
    );
    expect(lines.every((l) => l.paid === l.cents && !l.payment)).toBe(true);
  });

  it('prints every word and amount in full within the page, the fully paid member without the column', async () => {
    const lines = statementLines(
      memberDoc([
        { b: 'b0', d: '2024-01-10', s: 4, a: 100_000 },
        { b: 'b4', d: '2024-06-01', s: 40_000, a: 1_000_000_000 },
      ]),
      '2024-12-31',
      balancesOf([
        SUBSCRIPTION,
        {
          id: 'b4',
          type: 4,
          transferMemberNr: 123_456,
          annulated: true,
          rueckpfleinzahlung: 500_000_000,
          versions: [version(500_000_000, '2024-06-01')],
        },
      ]),
    );
    const full = statementOf([{ ...lines[0]!, paid: 100_000, holdingPaid: 100_000 }]);
    const render = (): Promise<Buffer> =>
      statementsPdf(
        ISSUER,
        '2024-12-31',
        (async function* () {
          yield [statementOf(lines), { ...full, member: { ...member, memberNr: 8 } }];
        })(),
      );
    expect(await wordsNotFound(render)).toEqual([]);
    const [paidPage, fullPage] = await pdfPages(await render());
    expect(paidPage).toEqual(
      expect.arrayContaining([
        'eingezahlt',
        'Übertragung von Mitglied 123456',
        '(storniert)',
        '+10.000.000,00',
        '+5.000.000,00',
        '10.001.000,00',
        '5.000.500,00',
        'Geschäftsguthaben (eingezahlt) 5.000.500,00 EUR, noch einzuzahlen 5.000.500,00 EUR',
      ]),
    );
    expect(fullPage).toContain('Bestand am 31.12.2024: 4 Anteile, 1.000,00 EUR');
    expect(fullPage!.some((l) => /eingezahlt|Geschäftsguthaben|Nennbetrag/.test(l))).toBe(false);
  });

  it('a dividend credited to the Geschäftsguthaben: its row names the credit, so gross less taxes adds up (issue 45)', async () => {
    // Member 19 of the demo: 160,00 gross, 44,49 taxes, the net 115,51 credited whole, nothing paid out. The row read
    // "160,00 44,49 0,00" and left the 115,51 unexplained.
    const line = {
      date: '2024-01-10',
      type: 'Erstzeichnung',
      shares: 16,
      cents: 400_000,
      paid: 400_000,
      holdingShares: 16,
      holdingCents: 400_000,
      holdingPaid: 400_000,
      payment: false,
    };
    const statement = {
      ...statementOf([line]),
      dividends: [{ year: 2025, gross: 16_000, taxes: 4_449, credited: 11_551, net: 0 }],
    };
    const [page] = await pdfPages(
      await statementsPdf(
        ISSUER,
        '2026-11-30',
        (async function* () {
          yield [statement];
        })(),
      ),
    );
    const from = page!.indexOf('Dividenden (letzte Geschäftsjahre)');
    expect(page!.slice(from)).toEqual(
      expect.arrayContaining([
        'Gutschrift auf das',
        'Geschäftsguthaben EUR',
        '2025',
        '160,00',
        '44,49',
        '115,51',
        '0,00',
      ]),
    );
    const row = page!.slice(page!.indexOf('2025', from));
    expect(row.slice(0, 5)).toEqual(['2025', '160,00', '44,49', '115,51', '0,00']);
  });

  it('writes share counts in German, with thousands points, as the member list does', async () => {
    const line = {
      date: '2024-01-10',
      type: 'Erstzeichnung',
      shares: 3_000,
      cents: 75_000_000,
      paid: 75_000_000,
      holdingShares: 3_000,
      holdingCents: 75_000_000,
      holdingPaid: 75_000_000,
      payment: false,
    };
    const [page] = await pdfPages(
      await statementsPdf(
        ISSUER,
        '2024-12-31',
        (async function* () {
          yield [statementOf([line])];
        })(),
      ),
    );
    expect(page).toEqual(
      expect.arrayContaining(['+3.000', '3.000', 'Bestand am 31.12.2024: 3.000 Anteile, 750.000,00 EUR']),
    );
  });

  it('further shares declared in December and admitted in January: the money on its day until the shares count', () => {
    // § 15b GenG: 2 shares declared 20.12.2025 and paid then, admitted by the board on 15.01.2026 (`e`, decision 314 amended).
    const doc = memberDoc([
      { b: 'b0', d: '2024-01-10', s: 1, a: 25_000 },
      { b: 'b1', d: '2025-12-20', s: 2, a: 50_000, e: '2026-01-15' },
    ]);
    const balances = balancesOf([
      { id: 'b0', type: 0, rueckpfleinzahlung: 25_000, versions: [version(25_000, '2024-01-10')] },
      { id: 'b1', type: 1, rueckpfleinzahlung: 50_000, versions: [version(50_000, '2025-12-20')] },
    ]);
    expect(statementLines(doc, '2025-12-31', balances).map(row)).toEqual([
      ['2024-01-10', 'Erstzeichnung', 1, 25_000, 25_000, 25_000],
      ['2025-12-20', 'Einzahlung', 0, 0, 50_000, 75_000],
    ]);
    // From the admission the posting's line holds the shares and what was paid on them by then.
    const lines = statementLines(doc, '2026-01-31', balances);
    expect(lines.map(row).slice(1)).toEqual([['2026-01-15', 'Zeichnung weiterer Anteile', 2, 50_000, 50_000, 75_000]]);
    expect([lines.at(-1)!.holdingShares, lines.at(-1)!.holdingCents]).toEqual([3, 75_000]);
  });
});
