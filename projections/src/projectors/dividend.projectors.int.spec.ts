import { describe, expect, it } from '@jest/globals';
import type { ReadDocument } from '@coop/contracts';
import { DIVIDEND_INPUTS, DIVIDENDS } from './dividend-collections.js';
import { DIVIDEND_MEMBERS } from './dividend-member-document.js';
import { COOP, history, withRunner, all } from './testing/dividend-history.js';

describe('dividend projectors', () => {
  it("keep each member's engine input: master facts, postings with annulments flagged, orders with their use per year, certificates, death", async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await store.get(DIVIDEND_INPUTS.name, 'm1')).toMatchObject({
        memberNr: 7,
        legalForm: 0,
        isForeign: false,
        state: 'nw',
        churchId: 'rk',
        manualTaxId: '86095742719',
        spouse: 'm2',
        deathDate: null,
        exitDate: null,
        postings: [['b1', 0, 100_000, '2020-01-01', '2020-01-01', 0]],
        orders: [
          {
            id: 'f1',
            memberId: 'm1',
            joint: true,
            spouseMemberId: 'm2',
            amount: 80_000,
            issueDate: '2024-12-01',
            startDate: '2025-01-01',
            endDate: null,
            usedByYear: { '2026': 6000 },
          },
        ],
        certificates: [],
      });
      const m2 = await store.get(DIVIDEND_INPUTS.name, 'm2');
      expect(m2).toMatchObject({
        isForeign: true,
        state: null,
        churchTaxRate: '8',
        deathDate: '2026-02-03',
        exitDate: '2026-12-31',
        certificates: [{ id: 'n1', type: 60, startDate: '2025-01-01', endDate: '2027-12-31' }],
      });
      expect((m2!.postings as unknown[][]).map((p) => [p[0], p[2], p[5]])).toEqual([
        ['b2', 50_000, 0],
        ['b3', 20_000, 1],
        ['b4', -20_000, 1],
        ['b5', -50_000, 0],
      ]);
    });
  });

  it('keep the closure and each member result with its trace, joined facts from the inputs', async () => {
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await store.get(DIVIDENDS.name, 'd1')).toMatchObject({
        year: 2025,
        paymentDate: '2026-06-30',
        resolved: '4',
        amount: 6000,
        dividend: 6000,
        percent: '4.0000',
        closedBy: 'clerk',
        closedAt: '2026-03-01T10:00:00.000Z',
        taxReturn: { row33BaseEuros: 60 },
        singleChurchTax: [{ churchId: 'rk', name: 'Römisch-katholische Kirche', amount: 0 }],
      });
      expect(await store.get(DIVIDEND_MEMBERS.name, 'd1:m2')).toMatchObject({
        dividendId: 'd1',
        member: 'm2',
        memberNr: 8,
        year: 2025,
        amount: 2000,
        isForeign: true,
        isLegalEntity: false,
        hasExemptionOrder: true,
        allowanceVolume: 80_000,
        allowanceBefore: 4000,
        allowanceAfter: 6000,
        churchId: null,
        churchName: null,
        lines: [{ postingId: 'b1' }],
      });
      expect(
        (
          await store.find(DIVIDEND_MEMBERS.name, {
            cooperativeId: COOP,
            filters: [{ field: 'member', op: 'eq', value: 'm1' }],
          })
        ).items.map((d) => d.id),
      ).toEqual(['d1:m1']);
    });
  });

  it('are idempotent: the same events twice change nothing, and one batch equals event by event', async () => {
    let once: Record<string, ReadDocument[]> = {};
    await withRunner(async (runner, store) => {
      for (const e of history()) await runner.apply([e]);
      once = await all(store);
      await runner.apply(history());
      expect(await all(store)).toEqual(once);
    });
    await withRunner(async (runner, store) => {
      await runner.apply(history());
      expect(await all(store)).toEqual(once);
    });
  });
});
