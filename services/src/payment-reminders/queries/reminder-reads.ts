import { Injectable } from '@nestjs/common';
import { NotFoundError, type PaymentReminderDto, type PaymentReminderDueDto } from '@coop/contracts';
import {
  PAYMENT_REMINDER_MEMBERS,
  PAYMENT_REMINDERS,
  readLastReminder,
  readPaymentReminder,
  type PaymentReminderDocument,
} from '@coop/projections/payment-reminders';
import { memberDocuments, type MemberDocument } from '../../members/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import { owedOnFilter, PaymentTermsQuery, shareDues, type ShareDueDocument } from '../../share-payments/index.js';
import { addDays, dueReminder, isOverdue, type DueReminder } from '../domain/reminder-rule.js';

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

/** The reminders sent and each member's last reminder day, as typed documents (this area's own collections). */
const reminders = new TypedReads<PaymentReminderDocument>(PAYMENT_REMINDERS, 'PaymentReminder', readPaymentReminder);
const lastReminders = new TypedReads<string | null>(PAYMENT_REMINDER_MEMBERS, 'Member', readLastReminder);

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
   * open instalment's due date, so a later one is never overdue when it is not) and still owed on `owedOn`, page by
   * page; only those of `memberIds` when given.
   */
  private async *dueBy(
    cooperativeId: string,
    latest: string,
    owedOn: string,
    memberIds?: ReadonlySet<string>,
  ): AsyncIterable<ShareDueDocument[]> {
    const groups = memberIds ? chunks([...memberIds], IDS_PER_QUERY) : [null];
    for (const ids of groups) {
      const query = {
        filters: [
          { field: 'dueSince', op: 'range', lte: latest },
          { field: 'outstanding', op: 'range', gte: 1 },
          // Not a leaver's dues once its end took effect (decision 269).
          owedOnFilter(owedOn),
          ...(ids ? [{ field: 'member', op: 'in' as const, values: ids }] : []),
        ],
        // The id after the due date: pages neither repeat nor skip a due among those due on the same day.
        sort: [
          { field: 'dueSince', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
      } as const;
      for await (const page of shareDues.queryPages(this.reads, cooperativeId, query, PAGE)) {
        yield page;
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
    const byMember = new Map<string, ShareDueDocument[]>();
    for await (const batch of this.dueBy(cooperativeId, addDays(date, -(days + 1)), date, memberIds)) {
      for (const due of batch) {
        if (!isOverdue(due, date, days)) continue;
        const list = byMember.get(due.member) ?? [];
        list.push(due);
        byMember.set(due.member, list);
      }
    }
    const last = await lastReminders.getMany(this.reads, cooperativeId, [...byMember.keys()]);
    const result: MemberDue[] = [];
    for (const [memberId, dues] of byMember) {
      const lastReminder = last.get(memberId) ?? null;
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
    const page = await reminders.query(this.reads, cooperativeId, {
      cooperativeId,
      filters: [{ field: 'member', op: 'eq', value: memberId }],
      sort: [{ field: 'date', direction: 'desc' }],
      limit: MEMBER_REMINDERS_MAX,
    });
    return this.dtos(cooperativeId, page.items);
  }

  /** The reminders of one sending (its letters), by member number; unknown here: 404. */
  async ofRun(cooperativeId: string, runId: string): Promise<PaymentReminderDocument[]> {
    const page = await reminders.query(this.reads, cooperativeId, {
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

  private async dtos(cooperativeId: string, docs: readonly PaymentReminderDocument[]): Promise<PaymentReminderDto[]> {
    const members = await this.members(
      cooperativeId,
      docs.map((d) => d.member),
    );
    return docs.map((d) => ({
      id: d.id,
      member: d.member,
      memberNr: members.get(d.member)?.memberNr ?? null,
      level: d.level,
      date: d.date,
      dueSince: d.dueSince,
      amount: d.amount,
      runId: d.runId,
    }));
  }
}
