import { describe, expect, it } from '@jest/globals';
import { parsePain, type XmlNode } from '../../payouts/index.js';
import { pain008Xml, type SepaDebit, type SepaDebitFile } from './pain008.js';
import { pain008Violations } from './pain008-rules.js';

/*
 * Decision 310: a debit from a Swiss account (SEPA, outside the EEA) names the debtor's and the creditor's addresses
 * (EPC SDD rulebook AT-09 and AT-05; Regulation (EU) 2015/847), structured with town and country. The file had none, so
 * the bank refused the debit. Within the EEA the file stays without addresses.
 */
const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);
const fields = (node: XmlNode | undefined): string[][] => (node?.children ?? []).map((c) => [c.name, c.text]);

const debit = (nr: number, iban: string): SepaDebit => ({
  endToEndId: `E2E${nr}`,
  amount: 15_000,
  sequence: 'FRST',
  mandateReference: `EG-M-${nr}`,
  signedOn: '2026-09-02',
  debtorName: 'Jürg Müller',
  iban,
  bic: null,
  address: { street: 'Bahnhofstrasse 1', zip: '8001', town: 'Zürich', country: 'CH' },
  remittance: `Einzahlung Geschaeftsanteile Mitgl-Nr ${nr}`,
});
const fileOf = (debits: SepaDebit[]): SepaDebitFile => ({
  messageId: 'LS20261101090000-fd2e49',
  createdAt: '2026-11-01T09:00:00',
  collectionDate: '2026-11-02',
  creditor: {
    name: 'Bürgerenergie Inntal eG',
    iban: 'DE92711500000012345678',
    bic: 'BYLADEM1ROS',
    creditorId: 'DE98ZZZ09999999999',
    address: { street: 'Innstraße 12', zip: '83022', town: 'Rosenheim', country: 'DE' },
  },
  debits,
});

describe('addresses in the direct debit file (decision 310)', () => {
  it("names the debtor's and the creditor's address for a debit from a Swiss account", () => {
    const doc = parsePain(pain008Xml(fileOf([debit(1, 'CH9300762011623852957')])));
    expect(pain008Violations(doc)).toEqual([]);
    const block = at(doc, 'CstmrDrctDbtInitn', 'PmtInf');
    expect(fields(at(block, 'Cdtr', 'PstlAdr'))).toEqual([
      ['StrtNm', 'Innstrasse 12'],
      ['PstCd', '83022'],
      ['TwnNm', 'Rosenheim'],
      ['Ctry', 'DE'],
    ]);
    expect(fields(at(block, 'DrctDbtTxInf', 'Dbtr', 'PstlAdr'))).toEqual([
      ['StrtNm', 'Bahnhofstrasse 1'],
      ['PstCd', '8001'],
      ['TwnNm', 'Zuerich'],
      ['Ctry', 'CH'],
    ]);
  });

  it('writes no address for debits from accounts in the EEA', () => {
    const doc = parsePain(pain008Xml(fileOf([debit(1, 'DE02120300000000202051'), debit(2, 'AT611904300234573201')])));
    expect(pain008Violations(doc)).toEqual([]);
    const block = at(doc, 'CstmrDrctDbtInitn', 'PmtInf');
    expect(at(block, 'Cdtr', 'PstlAdr')).toBeUndefined();
    expect(block?.children.filter((c) => c.name === 'DrctDbtTxInf').map((d) => at(d, 'Dbtr', 'PstlAdr'))).toEqual([
      undefined,
      undefined,
    ]);
  });
});
