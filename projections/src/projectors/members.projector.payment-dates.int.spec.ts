import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@coop/contracts';
import { BALANCES } from './balance-document.js';
import { COOP, master, recorded, restartPositions, withRunner } from './testing/members-history.js';

// What the share register says was paid, and on which day (decisions 232 and 234).
describe('members projector', () => {
  it('dates each change of a posting’s payment: the posting’s date, a payment’s and a return’s own date, a correction on the posting’s date (decision 232)', async () => {
    await withRunner(async (runner, store) => {
      restartPositions();
      const payment = (
        type: 'SharePaymentReceived' | 'SharePaymentReturned',
        paymentId: string,
        date: string,
        amount: number,
      ): RecordedEvent =>
        type === 'SharePaymentReceived'
          ? recorded(
              {
                type,
                data: {
                  memberId: 'm1',
                  balanceId: 'b1',
                  paymentId,
                  date,
                  amount,
                  method: 'transfer',
                  reference: null,
                  collectionId: null,
                  statementId: null,
                },
              },
              'member-m1',
            )
          : recorded(
              { type, data: { memberId: 'm1', balanceId: 'b1', paymentId, date, amount, reason: 'MD06' } },
              'member-m1',
            );
      await runner.apply([
        recorded(
          {
            type: 'MemberAdmitted',
            data: { memberId: 'm1', cooperativeId: COOP, memberNr: 1, ...master('Berger', 'Anna') },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b1',
              type: 0,
              quantity: 2,
              amount: 50_000,
              shareCost: 25_000,
              date: '2025-01-10',
              approvalDate: '2025-01-10',
              interestBegin: '2025-02-01',
              paid: 5_000,
            },
          },
          'member-m1',
        ),
        payment('SharePaymentReceived', 'p1', '2026-02-01', 20_000),
        payment('SharePaymentReturned', 'p1', '2026-03-01', 20_000),
        recorded(
          {
            type: 'SharePaymentCorrected',
            data: { memberId: 'm1', balanceId: 'b1', rueckpfleinzahlung: 10_000, interestEnd: null },
          },
          'member-m1',
          'super',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b2',
              type: 1,
              quantity: 1,
              amount: 25_000,
              shareCost: 25_000,
              date: '2025-04-01',
              approvalDate: '2025-04-01',
              interestBegin: '2025-05-01',
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'PostingAnnulled',
            data: {
              memberId: 'm1',
              balanceId: 'b3',
              annulPeer: 'b2',
              originalType: 1,
              quantity: -1,
              amount: -25_000,
              date: '2025-09-01',
              approvalDate: null,
              interestBegin: null,
            },
          },
          'member-m1',
        ),
      ]);
      const versions = (id: string) =>
        store
          .get(BALANCES.name, id)
          .then((d) =>
            (d!.versions as { rueckpfleinzahlung: number; effectiveDate: string }[]).map((v) => [
              v.rueckpfleinzahlung,
              v.effectiveDate,
            ]),
          );
      expect(await versions('b1')).toEqual([
        [5_000, '2025-01-10'],
        [25_000, '2026-02-01'],
        [5_000, '2026-03-01'],
        [10_000, '2025-01-10'],
      ]);
      expect(await versions('b2')).toEqual([[25_000, '2025-04-01']]);
      expect(await versions('b3')).toEqual([[-25_000, '2025-09-01']]);
    });
  });

  it('takes out what an end or an annulation says was paid, not its amount (decision 234)', async () => {
    await withRunner(async (runner, store) => {
      restartPositions();
      await runner.apply([
        recorded(
          {
            type: 'MemberAdmitted',
            data: { memberId: 'm1', cooperativeId: COOP, memberNr: 1, ...master('Berger', 'Anna') },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b1',
              type: 0,
              quantity: 2,
              amount: 50_000,
              shareCost: 25_000,
              date: '2025-01-10',
              approvalDate: '2025-01-10',
              interestBegin: '2025-02-01',
              paid: 5_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b2',
              type: 1,
              quantity: 1,
              amount: 25_000,
              shareCost: 25_000,
              date: '2025-04-01',
              approvalDate: '2025-04-01',
              interestBegin: '2025-05-01',
              paid: 1_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'PostingAnnulled',
            data: {
              memberId: 'm1',
              balanceId: 'b3',
              annulPeer: 'b2',
              originalType: 1,
              quantity: -1,
              amount: -25_000,
              date: '2025-09-01',
              approvalDate: null,
              interestBegin: null,
              paid: -1_000,
            },
          },
          'member-m1',
        ),
        recorded(
          {
            type: 'SharesPosted',
            data: {
              memberId: 'm1',
              balanceId: 'b4',
              type: 8,
              quantity: 2,
              amount: -50_000,
              shareCost: 25_000,
              date: '2025-12-31',
              approvalDate: '2025-10-01',
              interestBegin: '2026-01-01',
              paid: -5_000,
            },
          },
          'member-m1',
        ),
      ]);
      const register = async (id: string) => {
        const doc = (await store.get(BALANCES.name, id))!;
        return [
          doc.amount,
          doc.rueckpfleinzahlung,
          (doc.versions as { rueckpfleinzahlung: number; effectiveDate: string }[]).map((v) => [
            v.rueckpfleinzahlung,
            v.effectiveDate,
          ]),
        ];
      };
      expect(await register('b3')).toEqual([-25_000, -1_000, [[-1_000, '2025-09-01']]]);
      expect(await register('b4')).toEqual([-50_000, -5_000, [[-5_000, '2025-12-31']]]);
    });
  });
});
