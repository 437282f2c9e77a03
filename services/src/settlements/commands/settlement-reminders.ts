import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { businessToday } from '@coop/contracts';
import { cooperativeDocuments } from '../../cooperatives/index.js';
import { EventNotifier } from '../../notifications/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { settlementReminder } from '../domain/settlement-reminder.js';
import { SettlementReads } from '../queries/settlement-reads.js';

/** How often the deadlines are looked at (a day's reminder comes within the hour the day begins). */
export const REMINDER_CHECK_MS = 60 * 60 * 1000;

/** The key a deadline's reminder is raised once under (per cooperative). */
export const reminderKey = (deadline: string): string => `settlementDeadline:${deadline}`;

/**
 * The reminder a month before the payout deadline (issue 42, decision 191): at the start and then every hour, for each
 * cooperative, the rule `settlementReminder` picks the oldest deadline of its due settlements that has not passed;
 * once its month has come, the notification `settlementDeadlineNear` (how many, which day; a link to the year's
 * settlement screen) is raised for the
 * cooperative with an id derived from the deadline, so it is raised once however often and wherever this runs.
 */
@Injectable()
export class SettlementReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SettlementReminders');
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly reads: ReadModels,
    private readonly settlements: SettlementReads,
    private readonly notifier: EventNotifier,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.checkAllLogged(), REMINDER_CHECK_MS);
    this.timer.unref();
    void this.checkAllLogged();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async checkAllLogged(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await this.checkAll(businessToday());
    } catch (error) {
      this.logger.error(
        `Looking at the settlement deadlines failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.checking = false;
    }
  }

  /** Looks at every cooperative's deadlines as of `today`; answers how many reminders this call raised. */
  async checkAll(today: string): Promise<number> {
    let raised = 0;
    for await (const page of cooperativeDocuments.pagesAcrossCooperatives(this.reads))
      for (const cooperative of page) if (await this.check(cooperative.id, today)) raised += 1;
    return raised;
  }

  /** Raises the cooperative's reminder due `today`, if any and not raised before; true when this call raised it. */
  async check(cooperativeId: string, today: string): Promise<boolean> {
    const reminder = settlementReminder(await this.settlements.due(cooperativeId, today), today);
    if (reminder === null) return false;
    return this.notifier.raiseOnce(cooperativeId, 'system', reminderKey(reminder.deadline), {
      type: 'generic',
      message: 'settlementDeadlineNear',
      parameters: [String(reminder.count), reminder.deadline],
      // The link opens the settlement screen of the year whose ends are due by the deadline.
      entityClass: 'settlements',
      entityId: String(reminder.year),
    });
  }
}
