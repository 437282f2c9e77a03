import { Injectable } from '@nestjs/common';
import {
  NotFoundError,
  type PaymentReminderDto,
  type PaymentReminderDueDto,
  type ReadDocument,
  type ShareDueView,
} from '@coop/contracts';
import { PAYMENT_REMINDER_MEMBERS, PAYMENT_REMINDERS, SHARE_DUES } from '@coop/projections';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { PaymentTermsQuery } from '../../share-payments/index.js';
import { addDays, dueReminder, isOverdue, type DueReminder, type DueSubscription } from '../domain/reminder-rule.js';

/** The most members the due list answers (the console shows it whole; far more than a cooperative reminds at once). */
export const DUE_LIST_MAX = 10_000;
/** The most reminders one member's list answers (three a year at most: 100 is decades). */
const MEMBER_REMINDERS_MAX = 100;
/** Dues read per query: a page of the `share_dues` read model. */
const PAGE = 1000;
/** Members named in one `in` filter (a sending of 2,000 is four queries). */
const IDS_PER_QUERY = 500;
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A member due for a reminder on a day, with what the letter needs of the dues. */
export interface MemberDue extends DueReminder {
  readonly memberId: string;
  readonly memberNr: number | null;
  readonly memberName: string;
  readonly lastReminder: string | null;
}

const dueOf = (
  doc: ReadDocument,
): DueSubscription & { member: string; memberNr: number | null; memberName: string } => {
  const v = doc as unknown as ShareDueView;
  return {
    id: v.id,
    member: v.member,
    memberNr: typeof v.memberNr === 'number' ? v.memberNr : null,
    memberName: typeof v.memberName === 'string' ? v.memberName : '',
    date: v.date,
    quantity: v.quantity,
    outstanding: v.outstanding,
    dueSince: v.dueSince,
    instalments: Array.isArray(v.instalments) ? v.instalments : [],
    reminderLevel: typeof v.reminderLevel === 'number' ? v.reminderLevel : 0,
  };
};

/** The reminders' read side, always within the caller's cooperative. */
@Injectable()
export class ReminderReads {
  constructor(
    private readonly reads: ReadModels,
    private readonly terms: PaymentTermsQuery,
  ) {}

  /** The days after which a payment is reminded (the cooperative's payment terms, else DEFAULT_PAYMENT_TERMS). */
  async reminderAfterDays(cooperativeId: string): Promise<number> {
    return (await this.terms.terms(cooperativeId)).reminderAfterDays;
  }

  /**
   * The subscriptions with something outstanding due on or before `latest` (an indexed range on `dueSince`: the oldest
   * open instalment's due date, so a later one is never overdue when it is not), page by page; only those of
   * `memberIds` when given.
   */
  private async *dueBy(
    cooperativeId: string,
    latest: string,
    memberIds?: ReadonlySet<string>,
  ): AsyncIterable<ReadDocument[]> {
    const groups = memberIds ? chunks([...memberIds], IDS_PER_QUERY) : [null];
    for (const ids of groups) {
      for (let offset = 0; ; offset += PAGE) {
        const page = await this.reads.query(SHARE_DUES, cooperativeId, {
          cooperativeId,
          filters: [
            { field: 'dueSince', op: 'range', lte: latest },
            { field: 'outstanding', op: 'range', gte: 1 },
            ...(ids ? [{ field: 'member', op: 'in' as const, values: ids }] : []),
          ],
          sort: [{ field: 'dueSince', direction: 'asc' }],
          offset,
          limit: PAGE,
        });
        yield page.items;
        if (page.items.length < PAGE) break;
        await yieldToLoop();
      }
    }
  }

  /**
   * The members due for a reminder on `date` (only `memberIds` when given), oldest due date first: the subscriptions
   * of the `share_dues` read model overdue on that day, each member's last reminder, and the rule.
   */
  async due(cooperativeId: string, date: string, memberIds?: ReadonlySet<string>): Promise<MemberDue[]> {
    const days = await this.reminderAfterDays(cooperativeId);
    const byMember = new Map<string, ReturnType<typeof dueOf>[]>();
    for await (const batch of this.dueBy(cooperativeId, addDays(date, -(days + 1)), memberIds)) {
      for (const doc of batch) {
        const due = dueOf(doc);
        if (!isOverdue(due, date, days)) continue;
        const list = byMember.get(due.member) ?? [];
        list.push(due);
        byMember.set(due.member, list);
      }
    }
    const last = await this.reads.getMany(PAYMENT_REMINDER_MEMBERS, cooperativeId, [...byMember.keys()]);
    const result: MemberDue[] = [];
    for (const [memberId, dues] of byMember) {
      const lastReminder =
        typeof last.get(memberId)?.lastDate === 'string' ? (last.get(memberId)!.lastDate as string) : null;
      const reminder = dueReminder(dues, lastReminder, date, days);
      if (reminder === null) continue;
      result.push({
        ...reminder,
        memberId,
        memberNr: dues[0]!.memberNr,
        memberName: dues[0]!.memberName,
        lastReminder,
      });
    }
    return result.sort((a, b) =>
      a.dueSince !== b.dueSince ? (a.dueSince < b.dueSince ? -1 : 1) : (a.memberNr ?? 0) - (b.memberNr ?? 0),
    );
  }

  async dueList(cooperativeId: string, date: string): Promise<PaymentReminderDueDto[]> {
    return (await this.due(cooperativeId, date)).slice(0, DUE_LIST_MAX).map((d) => ({
      id: d.memberId,
      memberNr: d.memberNr,
      memberName: d.memberName,
      level: d.level,
      amount: d.amount,
      dueSince: d.dueSince,
      lastReminder: d.lastReminder,
      subscriptions: d.subscriptions.map((s) => ({ ...s })),
    }));
  }

  /** The reminders recorded on `memberId`, newest first; a member of another cooperative is unknown (404), as on every member route. */
  async ofMember(cooperativeId: string, memberId: string): Promise<PaymentReminderDto[]> {
    await memberDocuments.get(this.reads, cooperativeId, memberId);
    const page = await this.reads.query(PAYMENT_REMINDERS, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'member', op: 'eq', value: memberId }],
      sort: [{ field: 'date', direction: 'desc' }],
      limit: MEMBER_REMINDERS_MAX,
    });
    return this.dtos(cooperativeId, page.items);
  }

  /** The reminders of one sending (its letters), by member number; unknown here: 404. */
  async ofRun(cooperativeId: string, runId: string): Promise<ReadDocument[]> {
    const page = await this.reads.query(PAYMENT_REMINDERS, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'runId', op: 'eq', value: runId }],
      limit: 100_000,
    });
    if (page.items.length === 0) throw new NotFoundError('PaymentReminderRun', runId);
    return page.items;
  }

  async members(cooperativeId: string, ids: readonly string[]): Promise<Map<string, MemberDocument>> {
    return memberDocuments.getMany(this.reads, cooperativeId, ids);
  }

  private async dtos(cooperativeId: string, docs: readonly ReadDocument[]): Promise<PaymentReminderDto[]> {
    const members = await this.members(
      cooperativeId,
      docs.map((d) => String(d.member)),
    );
    return docs.map((d) => {
      return {
        id: d.id,
        member: String(d.member),
        memberNr: members.get(String(d.member))?.memberNr ?? null,
        level: Number(d.level),
        date: String(d.date),
        dueSince: String(d.dueSince),
        amount: Number(d.amount),
        runId: String(d.runId),
      };
    });
  }
}
