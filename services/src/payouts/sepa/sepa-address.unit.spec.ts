import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readCooperative } from '../../cooperatives/index.js';
import { painXml } from './pain001.js';
import { pain001Violations, parsePain, type XmlNode } from './pain001-rules.js';
import { paymentFile, type SepaPayout } from './sepa-payouts.js';

/*
 * Decision 309: a dividend paid to a Swiss account (SEPA, but outside the EEA) must name the payer's address
 * (Regulation (EU) 2015/847 Art. 4; EPC SCT AT-P003), structured with town and country (DOMAIN.md 7). The file had no
 * address at all, so a bank refused such a file or its transfers to CH. Within the EEA the file stays without one.
 */

const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);

const COOP_DOC: ReadDocument = {
  id: 'c1',
  position: '1',
  cooperativeId: 'c1',
  name: 'eg',
  fullName: 'Bürgerenergie Süd eG',
  address: 'Innstraße 12',
  zip: '83022',
  city: 'Rosenheim',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};
const COOP = readCooperative(COOP_DOC);
const payout = (memberNr: number, iban: string): SepaPayout => ({
  memberNr,
  gross: 5255,
  kapest: 1313,
  soli: 72,
  churchTax: 0,
  net: 3870,
  holder: `Anna Müller ${memberNr}`,
  iban,
  bic: null,
});
const fileOf = (payouts: SepaPayout[]): XmlNode =>
  parsePain(
    painXml(paymentFile({ year: 2024, paymentDate: '2025-06-30' }, COOP, payouts, new Date('2025-06-20T10:00:00Z'))),
  );
const debtor = (doc: XmlNode): XmlNode | undefined => at(doc, 'CstmrCdtTrfInitn', 'PmtInf', 'Dbtr');

describe("the payer's address in the SEPA file (decision 309)", () => {
  it('names the cooperative structured (street, postcode, town, DE) when a transfer goes to a Swiss account', () => {
    const doc = fileOf([payout(1, 'DE02120300000000202051'), payout(2, 'CH9300762011623852957')]);
    expect(pain001Violations(doc)).toEqual([]);
    const address = at(debtor(doc), 'PstlAdr');
    expect(address?.children.map((c) => [c.name, c.text])).toEqual([
      ['StrtNm', 'Innstrasse 12'],
      ['PstCd', '83022'],
      ['TwnNm', 'Rosenheim'],
      ['Ctry', 'DE'],
    ]);
  });

  it('writes no address when every account is in the EEA (Austria, Luxembourg, Norway)', () => {
    const doc = fileOf([
      payout(1, 'AT611904300234573201'),
      payout(2, 'LU280019400644750000'),
      payout(3, 'NO9386011117947'),
    ]);
    expect(pain001Violations(doc)).toEqual([]);
    expect(debtor(doc)?.children.map((c) => c.name)).toEqual(['Nm']);
  });

  it('the rules refuse a transfer outside the EEA without the debtor address', () => {
    const xml = painXml(
      paymentFile(
        { year: 2024, paymentDate: '2025-06-30' },
        { ...COOP, city: '' },
        [payout(2, 'GB33BUKB20201555555555')],
        new Date(),
      ),
    );
    expect(pain001Violations(parsePain(xml))).toEqual([
      'PmtInf: Dbtr/PstlAdr with TwnNm and Ctry missing for a transfer outside the EEA (GB33BUKB20201555555555)',
    ]);
  });
});
