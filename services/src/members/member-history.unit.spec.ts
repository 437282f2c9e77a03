import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, RecordedEvent } from '@coop/contracts';
import { admitted, M, M2, ON, posted, subscribed } from '../kernel/testing/member-events.js';
import { historyEntries } from './queries/member-history.js';

/*
 * The member's history names the Geschäftsguthaben a posting moved where it differs from the nominal amount, and the
 * unpaid part of the price passed on with a transfer (decision 265) or released by a partial termination (decision
 * 267), or owed again when such a posting is annulled. It named the nominal amount only: "2 shares, -500,00 €" where
 * 300 € of Geschäftsguthaben moved and 200 € of unpaid price was passed on.
 */
const recorded = (events: readonly MemberEvent[]): RecordedEvent<MemberEvent>[] =>
  events.map(
    (e, revision) =>
      ({
        ...e,
        streamId: `member-${M}`,
        revision,
        position: BigInt(100 + revision),
        metadata: {
          cooperativeId: 'coop-1',
          user: 'admin',
          timestamp: '2025-06-10T10:00:00Z',
          correlationId: 'c',
          causationId: 'c',
          schemaVersion: 1,
        },
      }) as RecordedEvent<MemberEvent>,
  );
const postingsOf = (events: readonly MemberEvent[]) =>
  historyEntries(recorded(events))
    .filter((e) => e.posting)
    .map(({ posting }) => ({
      type: posting!.type,
      amount: posting!.amount,
      paid: posting!.paid,
      passedOn: posting!.passedOn,
      released: posting!.released,
    }));
const annulled = (balanceId: string, annulPeer: string, fields: Record<string, unknown>): MemberEvent => ({
  type: 'PostingAnnulled',
  data: { memberId: M, balanceId, annulPeer, originalType: 3, quantity: 2, amount: 50_000, ...ON, ...fields },
});

describe('the history of postings of shares not fully paid (issue 45)', () => {
  it('a posting paid in full names no Geschäftsguthaben apart from its amount: it reads as before', () => {
    const entries = historyEntries(recorded([admitted(), subscribed(3), posted('b3', 3, 1, { transferTo: M2 })]));
    for (const e of entries.filter((entry) => entry.posting)) {
      expect(e.posting).not.toHaveProperty('paid');
      expect(e.posting).not.toHaveProperty('passedOn');
      expect(e.posting).not.toHaveProperty('released');
    }
  });

  it('a transfer of 2 shares of 250 € moves 300 € and passes 200 € of unpaid price on', () => {
    const events = [
      admitted(),
      posted('b0', 0, 3, { paid: 30_000 }),
      posted('b3', 3, 2, { transferTo: M2, paid: -30_000, passedOn: [{ balanceId: 'b0', amount: 20_000 }] }),
      annulled('b5', 'b3', { paid: 30_000, passedOn: [{ balanceId: 'b0', amount: 20_000 }] }),
    ];
    expect(postingsOf(events)).toEqual([
      { type: 0, amount: 75_000, paid: 30_000, passedOn: undefined, released: undefined },
      { type: 3, amount: -50_000, paid: -30_000, passedOn: 20_000, released: undefined },
      { type: 5, amount: 50_000, paid: 30_000, passedOn: 20_000, released: undefined },
    ]);
  });

  it('the receiver’s incoming transfer names the 300 € it received', () => {
    const incoming = posted('b4', 4, 2, { transferFrom: M2, paid: 30_000 });
    expect(postingsOf([admitted(), subscribed(1), incoming])[1]).toEqual({
      type: 4,
      amount: 50_000,
      paid: 30_000,
      passedOn: undefined,
      released: undefined,
    });
  });

  it('a partial termination names the Geschäftsguthaben leaving and the unpaid part released, summed over its dues', () => {
    const released = [
      { balanceId: 'b0', amount: 12_000 },
      { balanceId: 'b1', amount: 8_000 },
    ];
    const events = [
      admitted(),
      posted('b0', 0, 2, { paid: 20_000 }),
      posted('b1', 1, 1, { paid: 10_000 }),
      posted('b2', 2, 2, { paid: -30_000, released, noticeDate: ON.date }),
    ];
    expect(postingsOf(events)[2]).toEqual({
      type: 2,
      amount: -50_000,
      paid: -30_000,
      passedOn: undefined,
      released: 20_000,
    });
  });
});
