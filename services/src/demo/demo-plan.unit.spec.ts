import { describe, expect, it } from '@jest/globals';
import { DEFAULT_INTEREST_BEGIN_RULE, joinedOn } from '@coop/contracts';
import { dayOf, isoOf } from './demo-days.js';
import { makePeople, type Person } from './demo-people.js';
import { Calendar, planHistory, simsOf, type Intent } from './demo-plan.js';
import { prng } from './demo-random.js';

/**
 * Decision 367: the demo plans no notice, partial termination or end before the member's admission (§ 15 GenG), which
 * the ledger refuses. A probe found a member declared on 28.12.2025, dead on 30.12.2025 and admitted on 03.01.2026.
 */
const TODAY = '2026-12-02';
const joinedDay = (p: Person): number =>
  dayOf(joinedOn(p.master['entryDate'] as string, p.master['approvalDate'] as string | null)!);
const needsMembership = (i: Intent): boolean => i.kind === 'end' || (i.kind === 'post' && i.type === 2);

/** The planned days of the intents that need the membership, each with the day the member joined. */
async function planned(people: readonly Person[], r: () => number, fromYear: number): Promise<[string, string][]> {
  const calendar = new Calendar(fromYear, 2026, TODAY);
  planHistory(r, simsOf(people), calendar, 1, 2026);
  const days: [string, string][] = [];
  await calendar.replay(
    (day, intent) => {
      if (needsMembership(intent)) days.push([isoOf(day), isoOf(joinedDay(intent.sim.person))]);
      return Promise.resolve();
    },
    () => undefined,
  );
  return days;
}

describe('the demo plan: no end before the admission', () => {
  it('plans the death of a member declared on 28.12.2025 and admitted on 03.01.2026 from the admission on', async () => {
    const person: Person = {
      memberId: 'm-1',
      kind: 'person',
      master: { entryDate: '2025-12-28', approvalDate: '2026-01-03' },
      entryDay: dayOf('2025-12-28'),
      shares: 2,
      birthYear: 1930,
      spouseIndex: null,
    };
    // Every draw 0: no posting, and a death in each year at its first possible day.
    expect(await planned([person], () => 0, 2025)).toEqual([['2026-01-03', '2026-01-03']]);
  });

  it('never plans a notice or an end before the admission, for any of 20 seeds', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = prng(seed);
      const lastDay = dayOf(TODAY);
      const people = makePeople(r, 150, 2016, lastDay, TODAY, DEFAULT_INTEREST_BEGIN_RULE);
      const early = (await planned(people, r, 2016)).filter(([day, joined]) => day < joined);
      expect({ seed, early }).toEqual({ seed, early: [] });
    }
  });
});
