import { describe, expect, it } from '@jest/globals';
import { settlementsProjector } from './settlements.projector.js';
import { keyOf } from '../runner/projector.js';
import { recorded, run } from './testing/share-dues-history.js';

/*
 * The heirs' account in settlement_members (decision 316): kept with its holder, IBAN and BIC, as the dividend's
 * payment file pays a deceased member's dividend to it; blanked by the data-protection clean-up like every payee.
 */
describe("settlements projector: the heirs' account", () => {
  const admitted = recorded('MemberAdmitted', {
    memberId: 'm-1',
    cooperativeId: 'c-1',
    memberNr: 7,
    name: 'Berger',
    legalForm: 0,
    entryDate: '2020-01-10',
  });
  const heirs = recorded('HeirsAccountRecorded', {
    memberId: 'm-1',
    accountHolder: 'Erbengemeinschaft Berger',
    iban: 'DE02120300000000202051',
    bic: null,
  });
  const erased = recorded('MembersErased', {
    erasureId: 'e-1',
    cooperativeId: 'c-1',
    asOf: '2036-01-01',
    rule: 'x',
    retentionYears: 10,
    members: [{ memberId: 'm-1', balances: [] }],
  });
  const member = (events: Parameters<typeof run>[1]) =>
    run(settlementsProjector, events).get(keyOf({ collection: 'settlement_members', id: 'm-1' }));

  it('keeps the account recorded, and the clean-up blanks it', () => {
    expect(member([admitted, heirs])).toMatchObject({
      heirsAccount: true,
      heirsAccountHolder: 'Erbengemeinschaft Berger',
      heirsIban: 'DE02120300000000202051',
      heirsBic: null,
    });
    expect(settlementsProjector.keys(erased)).toContainEqual({ collection: 'settlement_members', id: 'm-1' });
    expect(member([admitted, heirs, erased])).toMatchObject({
      heirsAccount: true,
      heirsAccountHolder: null,
      heirsIban: null,
      heirsBic: null,
    });
  });
});
