import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, PaymentReminderSent } from '@coop/contracts';
import { evolveMemberStream, initialMemberState } from '../kernel/member-stream.js';
import { admitted, M, M2, posted } from '../kernel/testing/member-events.js';
import type { Decision, DemoWriter } from './demo-writer.js';
import type { Sim } from './demo-plan.js';
import { prng } from './demo-random.js';
import { sendReminders } from './demo-reminders.js';

/** A simulated member with the given stream. */
const sim = (memberId: string, events: MemberEvent[]): Sim =>
  ({
    person: { memberId },
    state: events.reduce(evolveMemberStream, initialMemberState),
    revision: events.length - 1,
    leaving: false,
    activeIndex: 0,
    spouse: null,
  }) as unknown as Sim;
const unpaid = (memberId: string, balanceId: string, paid: number): MemberEvent => {
  const e = posted(balanceId, 1, 2, {
    date: '2025-03-01',
    approvalDate: '2025-03-01',
    interestBegin: '2025-04-01',
    paid,
  }) as MemberEvent & { data: Record<string, unknown> };
  return { ...e, data: { ...e.data, memberId } } as MemberEvent;
};

describe('demo: payment reminders (issue 45)', () => {
  it('reminds those overdue today, the first five weeks ago, every second one a second time; the paid-up none', async () => {
    const written: Decision[] = [];
    const writer = {
      write: async (d: readonly Decision[]) => void d.forEach((one) => written.push(one)),
    } as unknown as DemoWriter;
    const sims = [
      sim(M, [admitted(), unpaid(M, 'b1', 0)]),
      sim('m-paid', [admitted({}, 'm-paid'), unpaid('m-paid', 'b3', 50_000)]),
      sim(M2, [admitted({}, M2), unpaid(M2, 'b2', 20_000)]),
    ];
    const summary = await sendReminders(prng(1), sims, writer, { cooperativeId: 'coop-1', today: '2025-06-15' });
    expect(summary).toEqual({ first: 2, second: 1 });
    const sent = written.flatMap((d) =>
      d.events.map((e) => [
        d.streamId,
        d.expected,
        (e as PaymentReminderSent).data.level,
        (e as PaymentReminderSent).data.date,
        (e as PaymentReminderSent).data.amount,
      ]),
    );
    expect(sent).toEqual([
      [`member-${M}`, 1, 1, '2025-05-11', 50_000],
      [`member-${M2}`, 1, 1, '2025-05-11', 30_000],
      [`member-${M2}`, 1, 2, '2025-05-25', 30_000],
    ]);
    // One sending per day: the first reminders share their run.
    const runs = written.flatMap((d) => d.events.map((e) => (e as PaymentReminderSent).data.letterId));
    expect(runs[0]).toBe(runs[1]);
    expect(runs[2]).not.toBe(runs[0]);
    expect(sims[2]!.revision).toBe(3);
  });
});
