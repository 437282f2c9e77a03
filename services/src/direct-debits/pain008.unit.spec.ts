import { describe, expect, it } from '@jest/globals';
import { readCooperative } from '../cooperatives/index.js';
import {
  isValidCreditorId,
  mandateUsableUntil,
  OWED_WITHOUT_END,
  type ReadDocument,
  type ShareDueView,
} from '@coop/contracts';
import { isSepaRepresentable, parsePain, type XmlNode } from '../payouts/index.js';
import { planCollection, type PlanMandate } from './domain/collection-plan.js';
import { earliestCollectionDate, easterSunday, isTarget2Day, latestCollectionDate } from './domain/target2.js';
import { creditorErrors, debitFile, debitFileName } from './sepa/collection-file.js';
import { debitSum, pain008Xml, type SepaDebitFile } from './sepa/pain008.js';
import { pain008Violations } from './sepa/pain008-rules.js';

/*
 * The direct debits' pure parts (issue 45, DEBIT): the pain.008.001.08 file parsed back (fast-xml-parser) and compared
 * with the debits to the cent, its rules (order, required elements, lengths, character set, sums per block and in the
 * header), TARGET2 days, the creditor identifier, and the plan of a collection (mandate, sequence type, skipped dues).
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
const CREDITOR_ID = 'DE98ZZZ09999999999';
const NOW = new Date('2025-06-20T10:11:12.345Z');

function due(id: string, member: string, fields: Partial<ShareDueView> = {}): ShareDueView {
  return {
    id,
    cooperativeId: 'c1',
    member,
    memberNr: Number(member.slice(1)),
    memberName: 'x',
    type: 0,
    date: '2025-01-10',
    quantity: 1,
    amount: 50_000,
    paid: 10_000,
    passedOn: 0,
    released: 0,
    outstanding: 40_000,
    dueSince: '2025-01-10',
    instalments: [],
    reminderLevel: 0,
    owedUntil: OWED_WITHOUT_END,
    ...fields,
  };
}
const mandate = (mandateId: string, fields: Partial<PlanMandate> = {}): PlanMandate => ({
  mandateId,
  reference: `MREF-${mandateId}`,
  signedOn: '2025-01-01',
  kind: 'recurring',
  revokedOn: null,
  collections: 0,
  lastCollectionDate: null,
  ...fields,
});
const debtor = (
  memberNr: number,
  fields: Partial<{ holder: string; iban: string | null; bic: string | null }> = {},
) => ({ memberNr, holder: `Anna Müller ${memberNr}`, iban: 'DE02120300000000202051', bic: 'BYLADEM1001', ...fields });

function plan() {
  let n = 0;
  return planCollection({
    balanceIds: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b1', 'b7', 'b8'],
    collectionDate: '2025-07-01',
    dues: new Map([
      ['b1', due('b1', 'm1')],
      ['b2', due('b2', 'm2', { outstanding: 12_345 })],
      ['b3', due('b3', 'm3')],
      ['b4', due('b4', 'm4', { outstanding: 0, paid: 50_000 })],
      ['b5', due('b5', 'm5')],
      [
        'b6',
        due('b6', 'm6', {
          instalments: [
            { dueDate: '2025-03-01', amount: 20_000, paid: 10_000 },
            { dueDate: '2025-06-01', amount: 10_000, paid: 0 },
            { dueDate: '2025-09-01', amount: 20_000, paid: 0 },
          ],
        }),
      ],
      ['b7', due('b7', 'm7', { instalments: [{ dueDate: '2025-12-01', amount: 40_000, paid: 0 }] })],
      ['b8', due('b8', 'm8')],
    ]),
    debtors: new Map([
      ['m1', debtor(1)],
      ['m2', debtor(2, { bic: null })],
      ['m3', debtor(3)],
      ['m5', debtor(5, { iban: 'DE00' })],
      ['m6', debtor(6)],
      ['m7', debtor(7)],
      ['m8', debtor(8, { holder: '王小明' })],
    ]),
    mandates: new Map([
      ['m1', [mandate('a1', { signedOn: '2024-01-01', revokedOn: '2024-12-31' }), mandate('a2', { collections: 2 })]],
      ['m2', [mandate('a3', { kind: 'oneOff' })]],
      ['m5', [mandate('a5')]],
      ['m6', [mandate('a6')]],
      ['m7', [mandate('a7')]],
      ['m8', [mandate('a8')]],
    ]),
    representable: (name) => isSepaRepresentable(name, 70),
    insideScheme: () => true,
    newPaymentId: () => `01936f2e-0000-7000-8000-${String(++n).padStart(12, '0')}`,
  });
}

function file(): SepaDebitFile {
  const { debits } = plan();
  return debitFile({
    messageId: 'LS20250620101112-abcdef',
    now: NOW,
    collectionDate: '2025-07-01',
    cooperative: COOP,
    creditorId: CREDITOR_ID,
    debits,
    postingDates: new Map([['b1', '2025-01-10']]),
  });
}

describe('a collection’s plan', () => {
  it('draws each due under the member’s usable mandate with its sequence type and skips the others with the reason', () => {
    const { debits, skipped, totalCents } = plan();
    expect(debits.map((d) => [d.balanceId, d.mandateId, d.sequence, d.amount])).toEqual([
      ['b1', 'a2', 'RCUR', 40_000],
      ['b2', 'a3', 'OOFF', 12_345],
      // Instalments due by the collection date: 10,000 left of the first, 10,000 of the second; not the third.
      ['b6', 'a6', 'FRST', 20_000],
    ]);
    expect(totalCents).toBe(72_345);
    expect(skipped.map((s) => [s.balanceId, s.reason])).toEqual([
      ['b3', 'noMandate'],
      ['b4', 'nothingOutstanding'],
      ['b5', 'noIban'],
      ['b7', 'notYetDue'],
      ['b8', 'nameNotRepresentable'],
    ]);
  });

  it('draws a one-off mandate once: the member’s second due under it is skipped', () => {
    const result = planCollection({
      balanceIds: ['b1', 'b2'],
      collectionDate: '2025-07-01',
      dues: new Map([
        ['b1', due('b1', 'm1')],
        ['b2', due('b2', 'm1')],
      ]),
      debtors: new Map([['m1', debtor(1)]]),
      mandates: new Map([['m1', [mandate('a1', { kind: 'oneOff' })]]]),
      representable: () => true,
      insideScheme: () => true,
      newPaymentId: () => 'p',
    });
    expect([result.debits.map((d) => d.balanceId), result.skipped.map((s) => [s.balanceId, s.reason])]).toEqual([
      ['b1'],
      [['b2', 'noMandate']],
    ]);
  });

  it('draws nothing under a mandate unused for 36 months: lapsed, said so (SEPA rulebook 4.7.1; decision 375)', () => {
    const on = (collectionDate: string, fields: Partial<PlanMandate>) =>
      planCollection({
        balanceIds: ['b1'],
        collectionDate,
        dues: new Map([['b1', due('b1', 'm1')]]),
        debtors: new Map([['m1', debtor(1)]]),
        mandates: new Map([['m1', [mandate('a1', fields)]]]),
        representable: () => true,
        insideScheme: () => true,
        newPaymentId: () => 'p',
      });
    const reasons = (r: ReturnType<typeof on>) => [r.debits.map((d) => d.mandateId), r.skipped.map((s) => s.reason)];
    // Signed 2022-01-03, never used: usable to 2025-01-03, lapsed after.
    expect(reasons(on('2025-01-03', { signedOn: '2022-01-03' }))).toEqual([['a1'], []]);
    expect(reasons(on('2025-01-06', { signedOn: '2022-01-03' }))).toEqual([[], ['mandateLapsed']]);
    // Last used 2023-03-01: 36 months count from then.
    const used = { signedOn: '2020-01-02', collections: 4, lastCollectionDate: '2023-03-01' };
    expect(reasons(on('2026-03-01', used))).toEqual([['a1'], []]);
    expect(reasons(on('2026-03-02', used))).toEqual([[], ['mandateLapsed']]);
    // A revoked one is no mandate at all, lapsed or not.
    expect(reasons(on('2025-07-01', { signedOn: '2020-01-02', revokedOn: '2024-01-01' }))).toEqual([[], ['noMandate']]);
    expect(mandateUsableUntil('2024-02-29', null)).toBe('2027-02-28');
  });

  it('draws nothing of a leaver whose whole end takes effect by the collection date (decision 269)', () => {
    const planOn = (owedUntil: string) =>
      planCollection({
        balanceIds: ['b1'],
        collectionDate: '2025-07-01',
        dues: new Map([['b1', due('b1', 'm1', { owedUntil })]]),
        debtors: new Map([['m1', debtor(1)]]),
        mandates: new Map([['m1', [mandate('a1')]]]),
        representable: () => true,
        insideScheme: () => true,
        newPaymentId: () => 'p',
      });
    const drawn = (owedUntil: string) => planOn(owedUntil).debits.map((d) => d.amount);
    expect([drawn('2025-06-30'), drawn('2025-07-01'), drawn('2025-07-02')]).toEqual([[], [], [40_000]]);
    expect(planOn('2025-07-01').skipped.map((s) => s.reason)).toEqual(['nothingOutstanding']);
  });
});

describe('pain.008.001.08 file', () => {
  it('writes one block per sequence type, each debit equal to the plan to the cent, and follows the schema’s rules', () => {
    const doc = parsePain(pain008Xml(file()));
    expect(pain008Violations(doc)).toEqual([]);
    expect(doc.attrs.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    const initiation = child(doc, 'CstmrDrctDbtInitn');
    const blocks = initiation!.children.filter((c) => c.name === 'PmtInf');
    expect(
      blocks.map((b) => [
        textAt(b, 'PmtTpInf', 'SeqTp'),
        textAt(b, 'PmtTpInf', 'LclInstrm', 'Cd'),
        textAt(b, 'NbOfTxs'),
        textAt(b, 'CtrlSum'),
        textAt(b, 'ReqdColltnDt'),
      ]),
    ).toEqual([
      ['FRST', 'CORE', '1', '200.00', '2025-07-01'],
      ['RCUR', 'CORE', '1', '400.00', '2025-07-01'],
      ['OOFF', 'CORE', '1', '123.45', '2025-07-01'],
    ]);
    const rcur = blocks[1]!;
    expect([
      textAt(rcur, 'Cdtr', 'Nm'),
      textAt(rcur, 'CdtrAcct', 'Id', 'IBAN'),
      textAt(rcur, 'CdtrAgt', 'FinInstnId', 'BICFI'),
      textAt(rcur, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'Id'),
      textAt(rcur, 'ChrgBr'),
    ]).toEqual(['Buergerenergie Sued eG', 'DE89370400440532013000', 'COBADEFFXXX', CREDITOR_ID, 'SLEV']);
    const debit = child(rcur, 'DrctDbtTxInf');
    expect([
      textAt(debit, 'PmtId', 'EndToEndId'),
      textAt(debit, 'InstdAmt'),
      textAt(debit, 'DrctDbtTx', 'MndtRltdInf', 'MndtId'),
      textAt(debit, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr'),
      textAt(debit, 'Dbtr', 'Nm'),
      textAt(debit, 'DbtrAcct', 'Id', 'IBAN'),
      textAt(debit, 'RmtInf', 'Ustrd'),
    ]).toEqual([
      '01936f2e00007000800000000000000' + '1',
      '400.00',
      'MREF-a2',
      '2025-01-01',
      'Anna Mueller 1',
      'DE02120300000000202051',
      'Einzahlung Geschaeftsanteile Mitgl-Nr 1 Zeichnung vom 10.01.2025',
    ]);
    // Without a BIC the debtor's bank is NOTPROVIDED (IBAN only).
    expect(textAt(child(blocks[2], 'DrctDbtTxInf'), 'DbtrAgt', 'FinInstnId', 'Othr', 'Id')).toBe('NOTPROVIDED');
    expect([textAt(initiation, 'GrpHdr', 'NbOfTxs'), textAt(initiation, 'GrpHdr', 'CtrlSum')]).toEqual(['3', '723.45']);
  });

  it('finds a wrong sum, count, order, sequence type, character or missing mandate', () => {
    const good = pain008Xml(file());
    const broken = (from: string | RegExp, to: string): string[] =>
      pain008Violations(parsePain(good.replace(from, to)));
    expect(broken('<CtrlSum>723.45</CtrlSum>', '<CtrlSum>723.46</CtrlSum>')).toEqual([
      'GrpHdr: CtrlSum differs from the debits',
    ]);
    expect(broken('<CtrlSum>400.00</CtrlSum>', '<CtrlSum>400.01</CtrlSum>')).toEqual([
      'PmtInf[2]: CtrlSum differs from its debits',
    ]);
    expect(broken('<InstdAmt Ccy="EUR">400.00</InstdAmt>', '<InstdAmt Ccy="EUR">400.01</InstdAmt>')).toEqual([
      'PmtInf[2]: CtrlSum differs from its debits',
      'GrpHdr: CtrlSum differs from the debits',
    ]);
    expect(broken('<NbOfTxs>3</NbOfTxs>', '<NbOfTxs>4</NbOfTxs>')).toEqual(['GrpHdr: NbOfTxs differs from the debits']);
    expect(broken('<InstdAmt Ccy="EUR">400.00</InstdAmt>', '<InstdAmt Ccy="EUR">400.0</InstdAmt>')).toEqual(
      expect.arrayContaining([expect.stringContaining('two decimals')]),
    );
    expect(broken('<SeqTp>RCUR</SeqTp>', '<SeqTp>ONCE</SeqTp>')).toEqual([
      expect.stringContaining('SeqTp ONCE unknown'),
    ]);
    expect(broken('<Cd>CORE</Cd>', '<Cd>B2B</Cd>')).toEqual([expect.stringContaining('LclInstrm must be CORE')]);
    expect(broken('<Nm>Anna Mueller 1</Nm>', '<Nm>Anna Müller 1</Nm>')).toEqual([
      expect.stringContaining('outside the SEPA set'),
    ]);
    expect(broken(/<DrctDbtTx>.*?<\/DrctDbtTx>/, '')).toEqual([expect.stringContaining('DrctDbtTx missing')]);
    expect(broken('<ChrgBr>SLEV</ChrgBr><CdtrSchmeId>', '<CdtrSchmeId>')).toEqual([]);
    expect(broken(/<CdtrSchmeId>.*?<\/CdtrSchmeId>/, '')).toEqual([expect.stringContaining('CdtrSchmeId missing')]);
    expect(broken(/(<Cdtr>.*?<\/Cdtr>)(<CdtrAcct>.*?<\/CdtrAcct>)/, '$2$1')).toEqual([
      expect.stringContaining('Cdtr out of order'),
    ]);
    expect(broken('<DtOfSgntr>2025-01-01</DtOfSgntr>', '<DtOfSgntr>2025-07-02</DtOfSgntr>')).toEqual([
      expect.stringContaining('signed after the collection date'),
    ]);
  });

  it('sums integer cents exactly and writes two decimals without floats', () => {
    const debits = Array.from({ length: 1000 }, () => ({ amount: 10 }));
    expect(debitSum(debits)).toBe(10_000);
    const doc = parsePain(
      pain008Xml({
        ...file(),
        debits: [
          { ...file().debits[0]!, amount: 1 },
          { ...file().debits[0]!, amount: 99_999_999_999 },
        ],
      }),
    );
    expect(textAt(child(doc, 'CstmrDrctDbtInitn'), 'GrpHdr', 'CtrlSum')).toBe('1000000000.00');
    expect(pain008Violations(doc)).toEqual([]);
  });

  it('names the file for the collection date and the cooperative, and refuses a creditor without name, IBAN, BIC or creditor id', () => {
    expect(debitFileName('2025-07-01', COOP)).toBe('Lastschrift-2025-07-01-Bürgerenergie-Süd-eG.xml');
    expect(creditorErrors(COOP, CREDITOR_ID)).toEqual([]);
    expect(
      creditorErrors(readCooperative({ ...COOP_DOC, fullName: '', name: '', iban: 'DE00', bic: '' }), null).map(
        (e) => e.template,
      ),
    ).toEqual(['missingCooperativeName', 'missingCooperativeIban', 'missingCooperativeBic', 'creditorIdMissing']);
    expect(creditorErrors(COOP, 'DE99ZZZ09999999999').map((e) => e.template)).toEqual(['creditorIdMissing']);
  });
});

describe('TARGET2 days and the creditor identifier', () => {
  it('knows Easter and the closing days of TARGET2', () => {
    expect([easterSunday(2024), easterSunday(2025), easterSunday(2026), easterSunday(2038)]).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2038-04-25',
    ]);
    expect(
      [
        '2025-01-01',
        '2025-04-18',
        '2025-04-21',
        '2025-05-01',
        '2025-12-25',
        '2025-12-26',
        '2025-06-21',
        '2025-06-22',
      ].filter(isTarget2Day),
    ).toEqual([]);
    // German holidays that are no TARGET2 closing days: Ascension, 3 October, 24 and 31 December.
    expect(['2025-05-29', '2025-10-03', '2025-12-24', '2025-12-31', '2025-06-23'].every(isTarget2Day)).toBe(true);
  });

  it('asks one TARGET2 day ahead: the next business day after the day the file reaches the banks', () => {
    expect(earliestCollectionDate('2025-06-23')).toBe('2025-06-24');
    expect(earliestCollectionDate('2025-06-20')).toBe('2025-06-23');
    expect(earliestCollectionDate('2025-04-17')).toBe('2025-04-22');
    expect(earliestCollectionDate('2025-12-24')).toBe('2025-12-29');
    // Made on a day TARGET2 is closed, the file reaches the banks on the next open day: the day after it is the
    // earliest (Saturday → Tuesday, Sunday → Tuesday, Good Friday → the Wednesday after Easter Monday).
    expect(earliestCollectionDate('2025-06-21')).toBe('2025-06-24');
    expect(earliestCollectionDate('2025-06-22')).toBe('2025-06-24');
    expect(earliestCollectionDate('2025-04-18')).toBe('2025-04-23');
    expect(earliestCollectionDate('2025-12-25')).toBe('2025-12-30');
  });

  it('takes a collection date at most 90 calendar days ahead (decision 323), across a year and a leap day', () => {
    expect(latestCollectionDate('2025-06-23')).toBe('2025-09-21');
    expect(latestCollectionDate('2025-12-02')).toBe('2026-03-02');
    expect(latestCollectionDate('2027-12-02')).toBe('2028-03-01');
  });

  it('checks the creditor identifier’s MOD 97-10 digits', () => {
    expect(
      ['DE98ZZZ09999999999', 'DE98 ZZZ 09999999999'.replace(/ /g, ''), 'DE98ABC09999999999'].map(isValidCreditorId),
    ).toEqual([true, true, true]);
    expect(['DE97ZZZ09999999999', 'DE98ZZZ0999999999', 'XX', ''].map(isValidCreditorId)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
