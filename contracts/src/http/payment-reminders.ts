import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { REMINDER_LEVELS } from '../events/share-payment-events.js';
import { TEXT_MAX } from '../limits.js';
import { REMINDER_RUN_MAX } from '../share-payment-limits.js';
import { AsBusinessDate, DateInRange, IsBusinessDate, ListOf, MaxText, rule } from './rules.js';

/*
 * Payment reminders on shares not paid in time (issue 45; docs/payment-reminders.md): `GET /payment-reminders/due?date=`
 * the members due for a reminder on a date, `POST /payment-reminders` sends them (records the reminder on each member
 * and makes the letters), `GET /payment-reminders/{runId}/letters.pdf` the letters of one sending, `GET
 * /payment-reminders?filter=member:<id>` the reminders recorded (a member's page).
 */

/** `POST /payment-reminders`: the day of the reminders and the members selected from the due list. */
export class PaymentReminderRun {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() date: string = '';
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(REMINDER_RUN_MAX, rule('mustBeAtMost', String(REMINDER_RUN_MAX)))
  @IsString({ each: true, ...rule('invalidChoice') })
  @MaxText(TEXT_MAX.id, true)
  memberIds: string[] = [];
}

/** One subscription of a reminder: the part due on the reminder's day (cents) and since when. */
export class RemindedSubscriptionDto {
  @IsString() readonly balanceId!: string;
  /** The day the shares were subscribed. */
  @IsString() readonly date!: string;
  @IsInt() readonly quantity!: number;
  @IsInt() readonly amount!: number;
  @IsString() readonly dueSince!: string;
}

/** A member due for a reminder on the asked day: the level it would get, the overdue amount (cents) and since when. */
export class PaymentReminderDueDto {
  /** The member's id. */
  @IsString() readonly id!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsString() readonly memberName!: string;
  @IsIn(REMINDER_LEVELS) readonly level!: number;
  @IsInt() readonly amount!: number;
  @IsString() readonly dueSince!: string;
  /** The day of the member's last reminder, or null. */
  @IsOptional() @IsString() readonly lastReminder!: string | null;
  @ListOf(() => RemindedSubscriptionDto) readonly subscriptions!: RemindedSubscriptionDto[];
}

/** `POST /payment-reminders`: what the sending recorded; its letters are at `/payment-reminders/{runId}/letters.pdf`. */
export class PaymentReminderRunDto {
  @IsString() readonly runId!: string;
  @IsString() readonly date!: string;
  /** Reminders recorded (one letter each). */
  @IsInt() readonly sent!: number;
  /** Selected members not reminded: not due (any more), reminded already that day, or unknown here. */
  @IsInt() readonly skipped!: number;
  /** The overdue amounts reminded, in cents. */
  @IsInt() readonly amount!: number;
}

/** A reminder recorded on a member (`GET /payment-reminders`). */
export class PaymentReminderDto {
  /** The reminder's id. */
  @IsString() readonly id!: string;
  @IsString() readonly member!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsIn(REMINDER_LEVELS) readonly level!: number;
  @IsString() readonly date!: string;
  @IsString() readonly dueSince!: string;
  @IsInt() readonly amount!: number;
  /** The sending whose letters hold it. */
  @IsString() readonly runId!: string;
}
