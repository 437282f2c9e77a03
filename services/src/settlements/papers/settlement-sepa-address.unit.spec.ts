import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { readCooperative } from '../../cooperatives/index.js';
import { painXml, parsePain, type XmlNode } from '../../payouts/index.js';
import { settlementFile } from './settlement-sepa.js';

/* Decision 309: the settlement payout to a Swiss account names the cooperative's address, as the dividend's file does. */
const at = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node);

describe("the settlement file's payer address", () => {
  it('is written for a transfer to a Swiss account, structured with town and country', () => {
    const doc: ReadDocument = {
      id: 'c1',
      position: '1',
      cooperativeId: 'c1',
      name: 'eg',
      fullName: 'Bürgerenergie Süd eG',
      address: 'Innstraße 12',
      zip: '83022',
      city: 'Rosenheim',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    };
    const transfer = {
      memberNr: 7,
      gross: 25_000,
      kapest: 0,
      soli: 0,
      churchTax: 0,
      net: 25_000,
      holder: 'Erben Muster',
      iban: 'CH9300762011623852957',
      bic: null,
      endBalanceId: 'b1',
      holding: 25_000,
      lossShare: 0,
      heirs: true,
    };
    const xml = painXml(settlementFile(2025, '2026-06-15', readCooperative(doc), [transfer], new Date()));
    const address = at(parsePain(xml), 'CstmrCdtTrfInitn', 'PmtInf', 'Dbtr', 'PstlAdr');
    expect(address?.children.map((c) => [c.name, c.text])).toEqual([
      ['StrtNm', 'Innstrasse 12'],
      ['PstCd', '83022'],
      ['TwnNm', 'Rosenheim'],
      ['Ctry', 'DE'],
    ]);
  });
});
