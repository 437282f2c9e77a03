import { describe, expect, it } from '@jest/globals';
import {
  emptiedByTransfer,
  leaveReason,
  memberMovement,
  MovementTally,
  type MemberFacts,
  type PostingFacts,
} from './domain/movement-figures.js';

const member = (over: Partial<MemberFacts> = {}): MemberFacts => ({
  entryDate: '2020-03-01',
  exitDate: null,
  exitReason: null,
  emptiedByTransfer: false,
  sharesAtEnd: 2,
  ...over,
});
/** A posting paid as posted (`paid`, default its amount), its payment dated on the posting's date. */
const posting = (
  type: number,
  date: string,
  shares: number,
  over: Partial<Omit<PostingFacts, 'paidChanges'>> = {},
): PostingFacts => {
  const paid = over.paid ?? shares * 25_000;
  return {
    type,
    originalType: null,
    date,
    sharesFrom: date,
    shares,
    cents: shares * 25_000,
    paid,
    paidChanges: [{ on: date, cents: paid }],
    ...over,
  };
};
const register = { startShares: 0, startCents: 0, endShares: 0, endCents: 0 };
const result = (t: MovementTally, liabilityPerShare: number | null = null, asOf = '2026-11-28') =>
  t.result({ asOf, liabilityPerShare, register, firstYear: 2020, lastYear: 2026 });

describe('memberMovement: the members at the start, joined, left and at the end of a year', () => {
  it('counts a member admitted before the year at the start and the end', () => {
    expect(memberMovement(member(), 2025)).toEqual({ start: true, joined: false, left: null, end: true });
  });

  it('counts a member admitted on 1 January as joined, not at the start; one admitted on 31 December of the year before at the start', () => {
    expect(memberMovement(member({ entryDate: '2025-01-01' }), 2025)).toEqual({
      start: false,
      joined: true,
      left: null,
      end: true,
    });
    expect(memberMovement(member({ entryDate: '2024-12-31' }), 2025)).toEqual({
      start: true,
      joined: false,
      left: null,
      end: true,
    });
  });

  it('counts an exit on 31 December of the year as left in it and not at its end; one on 31 December before as gone at the start', () => {
    expect(memberMovement(member({ exitDate: '2025-12-31', exitReason: 'exit' }), 2025)).toEqual({
      start: true,
      joined: false,
      left: 'notice',
      end: false,
    });
    expect(memberMovement(member({ exitDate: '2024-12-31', exitReason: 'exit' }), 2025)).toEqual({
      start: false,
      joined: false,
      left: null,
      end: false,
    });
    expect(memberMovement(member({ exitDate: '2026-12-31', exitReason: 'exit' }), 2025)).toEqual({
      start: true,
      joined: false,
      left: null,
      end: true,
    });
  });

  it('counts a member who joined and left in the same year in both', () => {
    expect(
      memberMovement(member({ entryDate: '2025-02-01', exitDate: '2025-12-31', exitReason: 'death' }), 2025),
    ).toEqual({ start: false, joined: true, left: 'death', end: false });
  });

  it('leaves a member not admitted out', () => {
    expect(memberMovement(member({ entryDate: null }), 2025)).toEqual({
      start: false,
      joined: false,
      left: null,
      end: false,
    });
  });
});

describe('leaveReason: the reasons of § 338 HGB as the register records them', () => {
  it.each([
    ['exit', false, 'notice'],
    ['exit', true, 'transfer'],
    [null, false, 'notice'],
    ['death', false, 'death'],
    ['death', true, 'death'],
    ['exclusion', false, 'exclusion'],
    ['dissolution', false, 'dissolution'],
  ] as const)('%s (holding emptied by transfer: %s) is %s', (exitReason, emptied, expected) => {
    expect(leaveReason({ exitReason, emptiedByTransfer: emptied })).toBe(expected);
  });
});

describe('emptiedByTransfer: the whole holding transferred before the exit (§ 76 GenG)', () => {
  const base = [
    { id: 'a', type: 0, date: '2020-01-01', shares: 2, annulated: false },
    { id: 'x', type: 8, date: '2025-12-31', shares: 0, annulated: false },
  ];
  it('is true when the exit withdrew nothing and the last reduction was a transfer', () => {
    expect(
      emptiedByTransfer([...base, { id: 't', type: 3, date: '2025-05-01', shares: -2, annulated: false }], 'x'),
    ).toBe(true);
  });
  it('is false when the exit withdrew shares, or the last reduction was no transfer, or the transfer was annulled', () => {
    expect(emptiedByTransfer([base[0]!, { ...base[1]!, shares: -2 }], 'x')).toBe(false);
    expect(
      emptiedByTransfer(
        [
          ...base,
          { id: 't', type: 3, date: '2025-03-01', shares: -1, annulated: false },
          { id: 'w', type: 2, date: '2025-04-01', shares: -1, annulated: false },
        ],
        'x',
      ),
    ).toBe(false);
    expect(
      emptiedByTransfer([...base, { id: 't', type: 3, date: '2025-05-01', shares: -2, annulated: true }], 'x'),
    ).toBe(false);
    expect(emptiedByTransfer(base, 'missing')).toBe(false);
  });
});

describe('MovementTally: shares and cents at the start, added, reduced, at the end', () => {
  it('counts postings before the year in the start, those of the year by kind, and leaves later ones out', () => {
    const t = new MovementTally(2025);
    t.addPosting(posting(0, '2020-03-01', 4));
    t.addPosting(posting(1, '2024-12-31', 1));
    t.addPosting(posting(1, '2025-01-01', 2));
    t.addPosting(posting(4, '2025-06-01', 1));
    t.addPosting(posting(3, '2025-06-01', -1));
    t.addPosting(posting(8, '2025-12-31', -3));
    t.addPosting(posting(1, '2026-01-01', 5));
    const r = result(t);
    expect(r.start).toEqual({ shares: 5, subscribed: 125_000, paid: 125_000 });
    expect(r.added).toEqual({ shares: 3, subscribed: 75_000, paid: 75_000 });
    expect(r.reduced).toEqual({ shares: 4, subscribed: 100_000, paid: 100_000 });
    expect(r.end).toEqual({ shares: 4, subscribed: 100_000, paid: 100_000 });
    expect(r.byKind.find((k) => k.kind === 8)).toEqual({
      kind: 8,
      postings: 1,
      annulments: 0,
      shares: 3,
      subscribed: 75_000,
      paid: 75_000,
    });
  });

  it('counts an annulation under its original kind on its own date, as the register does', () => {
    const t = new MovementTally(2025);
    t.addPosting(posting(0, '2020-03-01', 4));
    // Further shares of 2024 annulled in 2025: the start holds them, the year's additions take them back.
    t.addPosting(posting(1, '2024-10-01', 2));
    t.addPosting(posting(5, '2025-02-01', -2, { originalType: 1 }));
    // A transfer out of 2025 annulled in 2025: the reduction is taken back.
    t.addPosting(posting(3, '2025-03-01', -1));
    t.addPosting(posting(5, '2025-03-02', 1, { originalType: 3 }));
    // A subscription of 2025 annulled in 2026: counts in 2025, its annulation not.
    t.addPosting(posting(1, '2025-05-01', 3));
    t.addPosting(posting(5, '2026-01-10', -3, { originalType: 1 }));
    const r = result(t);
    expect(r.start.shares).toBe(6);
    expect(r.byKind.find((k) => k.kind === 1)).toMatchObject({ postings: 1, annulments: 1, shares: 1 });
    expect(r.byKind.find((k) => k.kind === 3)).toMatchObject({ postings: 1, annulments: 1, shares: 0 });
    expect(r.added.shares).toBe(1);
    expect(r.reduced.shares).toBe(0);
    expect(r.end.shares).toBe(7);
    expect(r.start.shares + r.added.shares - r.reduced.shares).toBe(r.end.shares);
  });

  it('refuses an annulation whose original kind is unknown rather than guess', () => {
    const t = new MovementTally(2025);
    expect(() => t.addPosting(posting(5, '2025-02-01', -2))).toThrow(RangeError);
  });

  it('keeps subscribed and paid apart: a subscription not paid in full adds its nominal amount and what was paid', () => {
    const t = new MovementTally(2025);
    t.addPosting(posting(1, '2025-05-01', 2, { paid: 10_000 }));
    const r = result(t);
    expect(r.added).toEqual({ shares: 2, subscribed: 50_000, paid: 10_000 });
    expect(r.end).toEqual({ shares: 2, subscribed: 50_000, paid: 10_000 });
  });

  it('gives the liability sums as shares × the liability per share, and none when the statutes set none', () => {
    const t = new MovementTally(2025);
    t.addPosting(posting(0, '2020-03-01', 4));
    t.addPosting(posting(1, '2025-05-01', 2));
    t.addPosting(posting(2, '2025-12-31', -1));
    expect(result(t, 50_000).liability).toEqual({
      perShare: 50_000,
      start: 200_000,
      added: 100_000,
      reduced: 50_000,
      end: 250_000,
    });
    expect(result(t, null).liability).toBeNull();
  });

  it('counts members by reason, those at the end without shares, and says whether the year is over', () => {
    const t = new MovementTally(2025);
    t.addMember(member());
    t.addMember(member({ sharesAtEnd: 0 }));
    t.addMember(member({ entryDate: '2025-04-01' }));
    t.addMember(member({ exitDate: '2025-12-31', exitReason: 'exit' }));
    t.addMember(member({ exitDate: '2025-12-31', exitReason: 'exit', emptiedByTransfer: true }));
    t.addMember(member({ exitDate: '2025-12-31', exitReason: 'death' }));
    t.addMember(member({ exitDate: '2025-12-31', exitReason: 'exclusion' }));
    t.addMember(member({ exitDate: '2025-12-31', exitReason: 'dissolution' }));
    const r = result(t);
    expect(r.members).toEqual({
      start: 7,
      joined: 1,
      left: 5,
      leftBy: [
        { reason: 'notice', count: 1 },
        { reason: 'transfer', count: 1 },
        { reason: 'death', count: 1 },
        { reason: 'exclusion', count: 1 },
        { reason: 'dissolution', count: 1 },
      ],
      end: 3,
      endWithoutShares: 1,
    });
    expect(r.members.start + r.members.joined - r.members.left).toBe(r.members.end);
    expect(r.provisional).toBe(false);
    expect(result(new MovementTally(2026)).provisional).toBe(true);
  });

  it('says whether the register as the member lists show it agrees', () => {
    const t = new MovementTally(2025);
    t.addPosting(posting(0, '2020-03-01', 4));
    const agree = t.result({
      asOf: '2026-01-01',
      liabilityPerShare: null,
      register: { startShares: 4, startCents: 100_000, endShares: 4, endCents: 100_000 },
      firstYear: 2020,
      lastYear: 2026,
    });
    expect(agree.reconciles).toBe(true);
    const differ = t.result({
      asOf: '2026-01-01',
      liabilityPerShare: null,
      register: { startShares: 4, startCents: 100_000, endShares: 5, endCents: 125_000 },
      firstYear: 2020,
      lastYear: 2026,
    });
    expect(differ.reconciles).toBe(false);
  });
});
