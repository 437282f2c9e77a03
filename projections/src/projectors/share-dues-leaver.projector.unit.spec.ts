import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { keyOf } from '../runner/projector.js';
import { SHARE_DUES, SHARE_DUES_SETTLED } from './share-dues-collections.js';
import { shareDuesProjector } from './share-dues.projector.js';
import { admitted, recorded, run as runWith } from './testing/share-dues-history.js';

/*
 * A whole end's dues (decision 269): `MemberExited.dues` names the member's dues, each is owed until the end's effective
 * date (`owedUntil`), and `MemberExitRevoked` makes them owed again. What is outstanding does not change.
 */

const run = (events: Parameters<typeof runWith>[1]) => runWith(shareDuesProjector, events);
const outstandingDue = (store: Map<string, ReadDocument>, id: string) =>
  store.get(keyOf({ collection: SHARE_DUES.name, id }));
const settledDue = (store: Map<string, ReadDocument>, id: string) =>
  store.get(keyOf({ collection: SHARE_DUES_SETTLED.name, id }));

const posted = (balanceId: string, type: number, amount: number, paid?: number) =>
  recorded('SharesPosted', {
    memberId: 'm-1',
    balanceId,
    type,
    quantity: Math.abs(amount) / 25_000,
    amount,
    shareCost: 25_000,
    date: '2026-01-10',
    approvalDate: '2026-01-10',
    interestBegin: '2026-02-01',
    ...(paid === undefined ? {} : { paid }),
  });
const partPaid = posted('b0', 0, 100_000, 10_000);
const paidLater = posted('b1', 1, 25_000, 0);
const settle = recorded('SharePaymentReceived', {
  memberId: 'm-1',
  balanceId: 'b1',
  paymentId: 'p-1',
  date: '2026-02-03',
  amount: 25_000,
  method: 'transfer',
  reference: null,
  collectionId: null,
  statementId: null,
});
const exitPosting = posted('b-exit', 8, -125_000, -35_000);
const exited = recorded('MemberExited', {
  memberId: 'm-1',
  exitDate: '2028-12-31',
  reason: 'exit',
  balanceId: 'b-exit',
  dues: ['b0', 'b1'],
});
const revoked = recorded('MemberExitRevoked', {
  memberId: 'm-1',
  balanceId: 'b-exit',
  annulment: 'b-annul',
  dues: ['b0', 'b1'],
});

describe('share_dues projector: a whole end’s dues are owed until its effective date (decision 269)', () => {
  it('a due is owed without end (9999-12-31) until an end names it', () => {
    const store = run([admitted, partPaid]);
    expect(outstandingDue(store, 'b0')).toMatchObject({ outstanding: 90_000, owedUntil: '9999-12-31' });
  });

  it('the end sets each named due’s owedUntil to its effective date, outstanding or paid in full, amounts unchanged', () => {
    expect(shareDuesProjector.keys(exited)).toEqual([
      { collection: SHARE_DUES.name, id: 'b0' },
      { collection: SHARE_DUES_SETTLED.name, id: 'b0' },
      { collection: SHARE_DUES.name, id: 'b1' },
      { collection: SHARE_DUES_SETTLED.name, id: 'b1' },
    ]);
    const store = run([admitted, partPaid, paidLater, settle, exitPosting, exited]);
    expect(outstandingDue(store, 'b0')).toMatchObject({ outstanding: 90_000, paid: 10_000, owedUntil: '2028-12-31' });
    expect(settledDue(store, 'b1')).toMatchObject({ outstanding: 0, owedUntil: '2028-12-31' });
  });

  it('a due that opens again after the end (a returned payment) keeps the end’s date', () => {
    const returned = recorded('SharePaymentReturned', {
      memberId: 'm-1',
      balanceId: 'b1',
      paymentId: 'p-1',
      date: '2026-03-03',
      amount: 25_000,
      reason: 'MD06',
    });
    const store = run([admitted, partPaid, paidLater, settle, exitPosting, exited, returned]);
    expect(outstandingDue(store, 'b1')).toMatchObject({ outstanding: 25_000, owedUntil: '2028-12-31' });
  });

  it('the end’s revocation (a withdrawn notice, an annulled exit) makes them owed again', () => {
    const store = run([admitted, partPaid, paidLater, settle, exitPosting, exited, revoked]);
    expect(outstandingDue(store, 'b0')).toMatchObject({ outstanding: 90_000, owedUntil: '9999-12-31' });
    expect(settledDue(store, 'b1')).toMatchObject({ owedUntil: '9999-12-31' });
  });

  it('an exit recorded before decision 269 (no `dues`) touches no due: they stay owed, as before', () => {
    const old = recorded('MemberExited', {
      memberId: 'm-1',
      exitDate: '2028-12-31',
      reason: 'exit',
      balanceId: 'b-exit',
    });
    expect(shareDuesProjector.keys(old)).toEqual([]);
    const store = run([admitted, partPaid, exitPosting, old]);
    expect(outstandingDue(store, 'b0')).toMatchObject({ owedUntil: '9999-12-31' });
  });
});
