import { describe, expect, it } from '@jest/globals';
import { readCooperative } from '../../cooperatives/index.js';
import type { ReadDocument } from '@coop/contracts';
import { painXml } from './pain001.js';
import { pain001Violations, parsePain, type XmlNode } from './pain001-rules.js';
import { paidOf, paymentFile, remittanceText, sepaErrors, type SepaPayout } from './sepa-payouts.js';

/*
 * Issue 45 (§ 19 Abs. 1 GenG, docs/dividend-credit.md): the file pays the net less what the closure credited to the
 * Geschäftsguthaben; a member credited whole is left out (and needs no bank data); the sums follow the transfers.
 */
const child = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
/** The cooperative's stored document; COOP its typed document (readCooperative: text trimmed). */
const COOP_DOC: ReadDocument = {
  id: 'c1',
  position: '1',
  cooperativeId: 'c1',
  name: 'eg',
  fullName: 'Bürgerenergie Süd eG',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};
const COOP = readCooperative(COOP_DOC);
const payout = (memberNr: number, fields: Partial<SepaPayout> = {}): SepaPayout => ({
  memberNr,
  gross: 5255,
  kapest: 1313,
  soli: 72,
  churchTax: 0,
  net: 3870,
  holder: `Anna ${memberNr}`,
  iban: 'DE02120300000000202051',
  bic: null,
  ...fields,
});

describe('SEPA file of a closure that credited dividends to the Geschäftsguthaben', () => {
  it('pays the net less the credit, leaves out a member credited whole, and its sums are those of the transfers', () => {
    const payouts = [payout(1, { credited: 1_000 }), payout(2, { credited: 3_870, iban: null }), payout(3)];
    expect(payouts.map(paidOf)).toEqual([2_870, 0, 3_870]);
    expect(sepaErrors(COOP, payouts)).toEqual([]);
    const doc = parsePain(
      painXml(paymentFile({ year: 2024, paymentDate: '2025-06-30' }, COOP, payouts, new Date('2025-06-20T10:00:00Z'))),
    );
    expect(pain001Violations(doc)).toEqual([]);
    const block = child(doc, 'CstmrCdtTrfInitn', 'PmtInf')!;
    const amounts = block.children
      .filter((c) => c.name === 'CdtTrfTxInf')
      .map((t) => [child(t, 'PmtId', 'EndToEndId')?.text, child(t, 'Amt', 'InstdAmt')?.text]);
    expect(amounts).toEqual([
      ['DIV2024-M1', '28.70'],
      ['DIV2024-M3', '38.70'],
    ]);
    expect([child(block, 'NbOfTxs')?.text, child(block, 'CtrlSum')?.text]).toEqual(['2', '67.40']);
  });

  it('names the credit in the remittance text after the net, only when there is one', () => {
    expect(remittanceText(2024, payout(1, { credited: 1_000 }))).toBe(
      'Dividende GJ 2024 Mitgl-Nr 1 brutto 52,55 KapESt 13,13 SolZ 0,72 KiSt 0,00 netto 38,70 GG-Gutschrift 10,00',
    );
    expect(remittanceText(2024, payout(1))).toBe(
      'Dividende GJ 2024 Mitgl-Nr 1 brutto 52,55 KapESt 13,13 SolZ 0,72 KiSt 0,00 netto 38,70',
    );
  });

  it('refuses a file in which everybody was credited whole (nothing to pay)', () => {
    expect(sepaErrors(COOP, [payout(1, { credited: 3_870 })]).map((e) => e.template)).toEqual(['sepaNothingToPay']);
  });
});
