import { describe, expect, it } from '@jest/globals';
import { settlementsProjector } from './settlements.projector.js';
import { keyOf } from '../runner/projector.js';
import { recorded, run } from './testing/share-dues-history.js';

/*
 * A paid settlement whose holding rose after the payout (decision 370): the row marks it (`holdingRaised`, which the due
 * list queries), a top-up is listed beside the first payout (`topUps`, `toppedUp`) and clears the mark; a correction
 * clears both.
 */
describe('settlements projector: the top-up of a paid settlement', () => {
  const admitted = recorded('MemberAdmitted', {
    memberId: 'm-1',
    cooperativeId: 'c-1',
    memberNr: 7,
    name: 'Berger',
    legalForm: 0,
    entryDate: '2020-01-10',
  });
  const ended = recorded('SharesPosted', {
    memberId: 'm-1',
    balanceId: 'e1',
    type: 8,
    quantity: -4,
    amount: -100_000,
    paid: -50_000,
    shareCost: 25_000,
    date: '2025-12-31',
    approvalDate: null,
    interestBegin: null,
  });
  const paid = recorded('SettlementPaid', {
    memberId: 'm-1',
    cooperativeId: 'c-1',
    endBalanceId: 'e1',
    year: 2025,
    reason: 'exit',
    endDate: '2025-12-31',
    shares: 4,
    holding: 50_000,
    lossShare: 0,
    amount: 50_000,
    payoutDate: '2026-06-15',
    accountHolder: 'Erika Berger',
    iban: 'DE89370400440532013000',
    bic: null,
    heirs: false,
    recordedBy: 'u-1',
  });
  const raised = recorded('SharePaymentCorrected', {
    memberId: 'm-1',
    balanceId: 'e1',
    rueckpfleinzahlung: -75_000,
    interestEnd: null,
  });
  const toppedUp = recorded('SettlementToppedUp', {
    memberId: 'm-1',
    cooperativeId: 'c-1',
    endBalanceId: 'e1',
    year: 2025,
    holding: 75_000,
    lossShare: 0,
    amount: 25_000,
    payoutDate: '2026-07-20',
    accountHolder: 'Erika Berger',
    iban: 'DE89370400440532013000',
    bic: null,
    heirs: false,
    recordedBy: 'u-1',
  });
  const reversed = recorded('SettlementReversed', {
    memberId: 'm-1',
    endBalanceId: 'e1',
    reason: 'x',
    date: '2026-07-21',
    recordedBy: 'u-1',
  });
  const row = (events: Parameters<typeof run>[1]) =>
    run(settlementsProjector, events).get(keyOf({ collection: 'settlements', id: 'm-1.e1' }));

  it('marks a paid row whose holding rose, lists the top-up and clears the mark; a correction clears both', () => {
    expect(settlementsProjector.keys(toppedUp)).toEqual([{ collection: 'settlements', id: 'm-1.e1' }]);
    expect(row([admitted, ended, paid])).toMatchObject({ status: 'paid', holdingRaised: false, paidHolding: 50_000 });
    expect(row([admitted, ended, paid, raised])).toMatchObject({
      holding: 75_000,
      holdingRaised: true,
      amount: 50_000,
    });
    expect(row([admitted, ended, paid, raised, toppedUp])).toMatchObject({
      status: 'paid',
      amount: 50_000,
      payoutDate: '2026-06-15',
      toppedUp: 25_000,
      topUps: [expect.objectContaining({ payoutDate: '2026-07-20', amount: 25_000, holding: 75_000 })],
      holdingRaised: false,
    });
    expect(row([admitted, ended, paid, raised, toppedUp, reversed])).toMatchObject({
      status: 'due',
      toppedUp: null,
      topUps: null,
      holdingRaised: false,
    });
  });
});
