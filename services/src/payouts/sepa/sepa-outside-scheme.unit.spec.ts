import { describe, expect, it } from '@jest/globals';
import { fieldError, type ReadDocument } from '@coop/contracts';
import { readCooperative } from '../../cooperatives/index.js';
import { insideSepa } from '../../kernel/sepa-area.js';
import { sepaErrors, type SepaPayout } from './sepa-payouts.js';

/*
 * A probe (stop of 2026-12-03): a member's IBAN valid by its check digits but of a country outside the SEPA scheme (a
 * Turkish or Brazilian account) went into the dividend's pain.001 file as a SEPA credit transfer (SvcLvl SEPA), and the
 * check said the file could be made; the bank refuses such a transfer (EPC SCT rulebook: both accounts in the scheme's
 * area). The check now names the member as one without a valid IBAN for the file (`memberBankDataMissing`), as it does
 * for an IBAN that fails its check digits; the scheme's members beyond the EEA (Switzerland, the United Kingdom,
 * Monaco, Serbia …) are paid as before.
 */

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

describe('a dividend paid to an account outside the SEPA scheme', () => {
  it('is refused by the check with the members whose IBAN lies outside it (Turkey, Brazil)', () => {
    const errors = sepaErrors(COOP, [
      payout(1, 'DE02120300000000202051'),
      payout(2, 'TR330006100519786457841326'),
      payout(3, 'BR1800360305000010009795493C1'),
    ]);
    expect(errors).toEqual([fieldError(null, 'memberBankDataMissing', '2, 3')]);
  });

  it('pays the scheme members beyond the EEA as before (Switzerland, United Kingdom, Monaco, Serbia)', () => {
    const errors = sepaErrors(COOP, [
      payout(1, 'CH9300762011623852957'),
      payout(2, 'GB29NWBK60161331926819'),
      payout(3, 'MC5811222000010123456789030'),
      payout(4, 'RS35260005601001611379'),
    ]);
    expect(errors).toEqual([]);
  });

  it.each([
    ['DE89370400440532013000', true],
    ['AT611904300234573201', true],
    ['CH9300762011623852957', true],
    ['SM86U0322509800000000270100', true],
    ['AL47212110090000000235698741', true],
    ['ME25505000012345678951', true],
    ['MD24AG000225100013104168', true],
    ['MK07250120000058984', true],
    ['TR330006100519786457841326', false],
    ['BR1800360305000010009795493C1', false],
    ['SA0380000000608010167519', false],
    ['UA213223130000026007233566001', false],
  ])('insideSepa(%s) is %s', (iban, inside) => {
    expect(insideSepa(iban)).toBe(inside);
  });
});
