import { describe, expect, it } from '@jest/globals';
import { readCooperative } from '../../cooperatives/index.js';
import { readMember } from '../../members/index.js';
import type { ReadDocument } from '@coop/contracts';
import { painXml } from './pain001.js';
import { pain001Violations, parsePain, type XmlNode } from './pain001-rules.js';
import {
  accountHolderOf,
  executionNotices,
  paymentFile,
  remittanceText,
  sepaErrors,
  type SepaPayout,
} from './sepa-payouts.js';
import { germanAmount, sepaLatin, sepaText, xmlAmount } from './sepa-text.js';

/*
 * The SEPA payment file's pure parts (DOMAIN.md 7): the file parsed back (fast-xml-parser) and compared with the payouts
 * to the cent, the pain.001.001.09 rules (order, required elements, lengths, character set, sums), the remittance text
 * of DOMAIN.md 7, transliteration, and the refusals.
 */

const child = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
const textAt = (node: XmlNode | undefined, ...path: string[]): string | undefined => child(node, ...path)?.text;

/** The cooperative's stored document; COOP its typed document (readCooperative: text trimmed). */
const COOP_DOC: ReadDocument = {
  id: 'c1',
  position: '1',
  cooperativeId: 'c1',
  name: 'eg',
  fullName: 'Bürgerenergie Süd eG',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};
const COOP = readCooperative(COOP_DOC);
function payout(memberNr: number, fields: Partial<SepaPayout> = {}): SepaPayout {
  return {
    memberNr,
    gross: 5255,
    kapest: 1313,
    soli: 72,
    churchTax: 0,
    net: 3870,
    holder: `Anna Müller ${memberNr}`,
    iban: 'DE02120300000000202051',
    bic: 'BYLADEM1001',
    ...fields,
  };
}
const CLOSURE = { year: 2024, paymentDate: '2025-06-30' };
const NOW = new Date('2025-06-20T10:11:12.345Z');

describe('SEPA payment file (pain.001.001.09)', () => {
  it('writes one transfer per member paid, each equal to the closure to the cent, and follows the schema’s rules', () => {
    const payouts = [
      payout(1),
      payout(2, { net: 0, iban: null }),
      payout(3, { net: 1, bic: null }),
      payout(12345, { gross: 1_234_567, net: 987_654, holder: 'Jürgen Groß & Söhne' }),
    ];
    const xml = painXml(paymentFile(CLOSURE, COOP, payouts, NOW));
    const doc = parsePain(xml);
    expect(pain001Violations(doc)).toEqual([]);
    const block = child(doc, 'CstmrCdtTrfInitn', 'PmtInf');
    const transfers = block!.children.filter((c) => c.name === 'CdtTrfTxInf');
    const paid = payouts.filter((p) => p.net > 0);
    expect(
      transfers.map((t) => [
        textAt(t, 'PmtId', 'EndToEndId'),
        Math.round(Number(textAt(t, 'Amt', 'InstdAmt')) * 100),
        textAt(t, 'CdtrAcct', 'Id', 'IBAN'),
        textAt(t, 'CdtrAgt', 'FinInstnId', 'BICFI'),
        textAt(t, 'Cdtr', 'Nm'),
        textAt(t, 'Purp', 'Cd'),
        textAt(t, 'RmtInf', 'Ustrd'),
      ]),
    ).toEqual(
      paid.map((p) => [
        `DIV2024-M${p.memberNr}`,
        p.net,
        p.iban,
        p.bic ?? undefined,
        sepaLatin(p.holder),
        'DIVD',
        remittanceText(2024, p),
      ]),
    );
    expect(textAt(transfers[2], 'Cdtr', 'Nm')).toBe('Juergen Gross + Soehne');
    expect(textAt(transfers[2], 'Amt', 'InstdAmt')).toBe('9876.54');
    const header = child(doc, 'CstmrCdtTrfInitn', 'GrpHdr');
    expect([
      textAt(header, 'NbOfTxs'),
      textAt(header, 'CtrlSum'),
      textAt(header, 'CreDtTm'),
      textAt(header, 'InitgPty', 'Nm'),
    ]).toEqual(['3', '9915.25', '2025-06-20T10:11:12', 'Buergerenergie Sued eG']);
    expect(textAt(header, 'MsgId')).toMatch(/^DIV2024-20250620101112-[0-9a-f]{6}$/);
    expect([
      textAt(block, 'ReqdExctnDt', 'Dt'),
      textAt(block, 'DbtrAcct', 'Id', 'IBAN'),
      textAt(block, 'DbtrAgt', 'FinInstnId', 'BICFI'),
      textAt(block, 'ChrgBr'),
      textAt(block, 'PmtMtd'),
      textAt(block, 'PmtTpInf', 'SvcLvl', 'Cd'),
    ]).toEqual(['2025-06-30', 'DE89370400440532013000', 'COBADEFFXXX', 'SLEV', 'TRF', 'SEPA']);
    expect(doc.attrs.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  });

  it('asks for today when the payment day has passed, and says so in the check (decision 410)', () => {
    const day = (now: Date) =>
      textAt(
        child(parsePain(painXml(paymentFile(CLOSURE, COOP, [payout(1)], now))), 'CstmrCdtTrfInitn', 'PmtInf'),
        'ReqdExctnDt',
        'Dt',
      );
    // Berlin's day: 23:30 UTC on 1 July is 2 July there.
    expect(day(new Date('2025-07-01T23:30:00Z'))).toBe('2025-07-02');
    expect(executionNotices(CLOSURE.paymentDate, new Date('2025-07-01T23:30:00Z'))).toEqual([
      { field: null, template: 'sepaExecutionMoved', parameters: { '0': '2025-06-30', '1': '2025-07-02' } },
    ]);
    // On the payment day itself and before it: the payment day, no notice.
    for (const now of [NOW, new Date('2025-06-30T08:00:00Z')]) {
      expect(day(now)).toBe('2025-06-30');
      expect(executionNotices(CLOSURE.paymentDate, now)).toEqual([]);
    }
  });

  it('gives every file its own message id', () => {
    const ids = new Set(Array.from({ length: 50 }, () => paymentFile(CLOSURE, COOP, [payout(1)], NOW).messageId));
    expect(ids.size).toBe(50);
  });

  it('finds the schema rules broken when the order, a required element, a length, a sum or an amount is wrong', () => {
    const good = painXml(paymentFile(CLOSURE, COOP, [payout(1), payout(2)], NOW));
    const broken = (from: string, to: string): string[] => pain001Violations(parsePain(good.replace(from, to)));
    expect(
      broken(
        /<Cdtr>.*?<\/CdtrAcct>/.exec(good)![0],
        `<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct><Cdtr><Nm>Anna Mueller 1</Nm></Cdtr>`,
      ),
    ).toEqual([expect.stringContaining('Cdtr out of order')]);
    expect(broken('<ReqdExctnDt><Dt>2025-06-30</Dt></ReqdExctnDt>', '')).toEqual([
      expect.stringContaining('ReqdExctnDt missing'),
    ]);
    expect(broken('<Nm>Anna Mueller 1</Nm>', `<Nm>${'A'.repeat(71)}</Nm>`)).toEqual([
      expect.stringContaining('length 71'),
    ]);
    expect(broken('<InstdAmt Ccy="EUR">38.70</InstdAmt>', '<InstdAmt Ccy="EUR">38.7</InstdAmt>')).toEqual(
      expect.arrayContaining([expect.stringContaining('two decimals')]),
    );
    expect(broken('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>3</NbOfTxs>')).toEqual([
      'GrpHdr: NbOfTxs differs from the transfers',
    ]);
    expect(broken('<Nm>Anna Mueller 1</Nm>', '<Nm>Anna Müller 1</Nm>')).toEqual([
      expect.stringContaining('outside the SEPA set'),
    ]);
  });

  it('writes DOMAIN.md 7’s remittance text, within 140 characters for the largest amounts', () => {
    expect(remittanceText(2024, payout(12345))).toBe(
      'Dividende GJ 2024 Mitgl-Nr 12345 brutto 52,55 KapESt 13,13 SolZ 0,72 KiSt 0,00 netto 38,70',
    );
    const huge = remittanceText(
      2024,
      payout(99_999_999, {
        gross: 999_999_999_99,
        kapest: 999_999_999_99,
        soli: 999_999_999_99,
        churchTax: 999_999_999_99,
        net: 999_999_999_99,
      }),
    );
    expect(huge.length).toBeLessThanOrEqual(140);
  });

  it('writes amounts with two decimals and German amounts in the text', () => {
    expect([xmlAmount(0), xmlAmount(5), xmlAmount(100), xmlAmount(123_456_789)]).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '1234567.89',
    ]);
    expect([germanAmount(5), germanAmount(525_512), germanAmount(-1234)]).toEqual(['0,05', '5.255,12', '-12,34']);
    expect(() => xmlAmount(1.5)).toThrow(RangeError);
  });

  it('transliterates to the SEPA Latin set and cuts to the schema’s lengths', () => {
    expect(sepaLatin('Jürgen Größe-Ärger')).toBe('Juergen Groesse-Aerger');
    expect(sepaLatin('François Dupré, Søren Łukasz, Æsir')).toBe('Francois Dupre, Soren Lukasz, Aesir');
    expect(sepaLatin('<Müller & Co> "GbR" € 100 % ; ok')).toBe('Mueller + Co GbR 100 ok');
    expect(sepaLatin('  Ana\u00a0 María \t ')).toBe('Ana Maria');
    expect(sepaText('Ä'.repeat(40), 70)).toBe('Ae'.repeat(35));
    expect(sepaText(`${'x'.repeat(69)} y`, 70)).toBe('x'.repeat(69));
  });

  it('lists every member paid without a valid IBAN and the cooperative’s missing bank data, never a file leaving one out', () => {
    const payouts = [
      payout(1),
      payout(2, { iban: null }),
      payout(3, { iban: 'DE02120300000000202052' }),
      payout(4, { iban: null, net: 0 }),
      payout(5, { holder: '' }),
    ];
    expect(sepaErrors(COOP, payouts)).toEqual([
      { field: null, template: 'memberBankDataMissing', parameters: { '0': '2, 3, 5' } },
    ]);
    expect(
      sepaErrors(readCooperative({ ...COOP_DOC, fullName: '', name: ' ', iban: 'DE00', bic: '' }), [payout(1)]).map(
        (e) => e.template,
      ),
    ).toEqual(['missingCooperativeName', 'missingCooperativeIban', 'missingCooperativeBic']);
    expect(sepaErrors(COOP, [payout(1, { net: 0 })]).map((e) => e.template)).toEqual(['sepaNothingToPay']);
    expect(sepaErrors(COOP, [payout(1)])).toEqual([]);
  });

  // Issue 38: `<>` or a name wholly in another script wrote an empty <Nm> while the check reported nothing.
  it('transliterates other scripts where a rule exists and refuses a payee name the file cannot carry', () => {
    expect(sepaLatin('Иванова Мария')).toBe('Ivanova Mariya');
    expect(sepaLatin('Παπαδόπουλος Νίκος')).toBe('Papadopoylos Nikos');
    expect(sepaLatin('Müller-Иванов')).toBe('Mueller-Ivanov');
    const payouts = [
      payout(1),
      payout(2, { holder: '<>' }),
      payout(3, { holder: '王小明' }),
      payout(4, { holder: 'Иванова' }),
      payout(5, { holder: '<>', net: 0 }),
    ];
    expect(sepaErrors(COOP, payouts)).toEqual([
      { field: null, template: 'sepaNameNotRepresentable', parameters: { '0': '2, 3' } },
    ]);
    expect(
      sepaErrors(readCooperative({ ...COOP_DOC, fullName: '株式会社', name: '' }), [payout(1)]).map((e) => e.template),
    ).toEqual(['missingCooperativeName']);
    const xml = painXml(paymentFile(CLOSURE, COOP, [payout(4, { holder: 'Иванова Мария' })], NOW));
    expect(textAt(child(parsePain(xml), 'CstmrCdtTrfInitn', 'PmtInf', 'CdtTrfTxInf'), 'Cdtr', 'Nm')).toBe(
      'Ivanova Mariya',
    );
  });

  it('names the account holder as the payee when the member keeps one apart, else the member (DOMAIN.md 7, Verification of Payee)', () => {
    const member = (fields: Record<string, unknown>) =>
      readMember({
        id: 'm1',
        position: '1',
        cooperativeId: 'c1',
        givenName: 'Lena',
        name: 'Groß',
        ...fields,
      });
    expect(accountHolderOf(member({}))).toBe('Lena Groß');
    expect(accountHolderOf(member({ accountHolder: '  ' }))).toBe('Lena Groß');
    expect(accountHolderOf(member({ accountHolder: null }))).toBe('Lena Groß');
    expect(accountHolderOf(member({ accountHolder: ' Jörg und Lena Groß ' }))).toBe('Jörg und Lena Groß');
    const xml = painXml(
      paymentFile(
        CLOSURE,
        COOP,
        [payout(7, { holder: accountHolderOf(member({ accountHolder: `Jörg und Lena Groß ${'x'.repeat(80)}` })) })],
        NOW,
      ),
    );
    const name = textAt(child(parsePain(xml), 'CstmrCdtTrfInitn', 'PmtInf', 'CdtTrfTxInf'), 'Cdtr', 'Nm');
    expect(name).toBe(`Joerg und Lena Gross ${'x'.repeat(49)}`);
    expect(name).toHaveLength(70);
  });
});
