import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { BALANCES } from './balance-document.js';
import { MEMBER_STATS } from './members.projector.js';
import { MEMBERS } from './member-document.js';
import { all, COOP, history, withRunner } from './testing/members-history.js';

// The history's documents; the dates of payments are in members.projector.payment-dates, a notice of exit in
// members.projector.exit-notice.
describe('members projector', () => {
  it('builds members, postings, the share register and the sums', async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      const m1 = await store.get(MEMBERS.name, 'm1');
      expect(m1).toMatchObject({
        name: 'Berger',
        givenName: 'Anna',
        memberNr: 1,
        memberPosition: 0,
        city: 'Berlin',
        shareAmount: 4,
        shareTotalEUR: 100_000,
        exitDate: null,
        memberUntil: '9999-12-31',
      });
      expect(m1!.postings).toEqual([
        // Declared 01.01., admitted 05.01.: the shares count from the admission (§ 15 GenG, decision 314 amended).
        { b: 'b0', d: '2025-01-01', s: 4, a: 100_000, e: '2025-01-05' },
        { b: 'b2', d: '2025-03-01', s: -2, a: -50_000 },
        { b: 'b5', d: '2025-05-01', s: 2, a: 50_000 },
      ]);
      expect(await store.get(MEMBERS.name, 'm2')).toMatchObject({
        shareAmount: 0,
        exitDate: '2025-06-30',
        exitReason: 'exit',
        memberUntil: '2025-06-30',
      });
      expect(await store.get(BALANCES.name, 'b2')).toMatchObject({
        type: 3,
        member: 'm1',
        memberName: 'Berger, Anna',
        memberNr: 1,
        transferTo: 'm2',
        transferMemberNr: 2,
        annulated: true,
      });
      expect(await store.get(BALANCES.name, 'b3')).toMatchObject({
        type: 4,
        memberName: 'Stadtwerke eG',
        transferFrom: 'm1',
        transferMemberNr: 1,
        annulated: true,
      });
      expect(await store.get(BALANCES.name, 'b4')).toMatchObject({
        type: 5,
        annulPeer: 'b3',
        quantity: -2,
        amount: -50_000,
        annulated: false,
      });
      // The share register's rows are the postings' documents (decision 35).
      expect(await store.get(BALANCES.name, 'b0')).toMatchObject({
        type: 0,
        quantity: 4,
        amount: 100_000,
        shareAmount: 4,
        memberNr: 1,
        rueckpfleinzahlung: 90_000,
        interestEnd: '2030-12-31',
        approvalDate: '2025-01-05',
        cdcAction: 'update',
        cdcUser: 'super',
        versions: [
          expect.objectContaining({
            cdcAction: 'insert',
            cdcUser: 'clerk',
            rueckpfleinzahlung: 100_000,
            interestEnd: null,
          }),
          expect.objectContaining({
            cdcAction: 'update',
            cdcUser: 'super',
            rueckpfleinzahlung: 90_000,
            interestEnd: '2030-12-31',
          }),
        ],
      });
      // An annulation's row reverses the original; the annulled original keeps its own row.
      expect(await store.get(BALANCES.name, 'b4')).toMatchObject({
        type: 5,
        shareAmount: -2,
        rueckpfleinzahlung: -50_000,
        interestEnd: null,
        cdcAction: 'insert',
      });
      expect(await store.get(BALANCES.name, 'b3')).toMatchObject({
        annulated: true,
        shareAmount: 2,
        rueckpfleinzahlung: 50_000,
        versions: [expect.objectContaining({ cdcAction: 'insert' })],
      });
      expect(await store.get(MEMBER_STATS.name, COOP)).toMatchObject({
        balanceSum: 100_000,
        shareSum: 4,
        memberTotal: 2,
      });
    });
  });

  it('is idempotent: the same events again change nothing', async () => {
    await withRunner(async (runner, store) => {
      const events = history();
      await runner.apply(events);
      const once = await all(store);
      await runner.apply(events);
      await runner.apply(events.slice(3, 7));
      expect(await all(store)).toEqual(once);
    });
  });

  it('event by event gives the same documents as one batch', async () => {
    let batch: Record<string, ReadDocument[]> = {};
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      batch = await all(store);
    });
    await withRunner(async (runner, store) => {
      for (const e of history()) await runner.apply([e]);
      expect(await all(store)).toEqual(batch);
    });
  });
});
