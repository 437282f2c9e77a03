import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { MANDATE_KINDS, SHARE_PAYMENT_METHODS } from '../events/share-payment-events.js';
import { IsBusinessDate } from './rules.js';

/*
 * What a history entry of the money that comes in says (issue 45; `MemberHistoryEntry` in members.ts): the payment, the
 * returned debit, the instalment plan, the mandate. Amounts in cents, dates `YYYY-MM-DD`.
 */

/** `SharePaymentReceived`: `amount` cents on the subscription `balanceId`, received on `date` by `method`. */
export class HistoryPayment {
  @IsString() readonly paymentId!: string;
  @IsString() readonly balanceId!: string;
  @IsBusinessDate({}) readonly date!: string;
  @IsInt() readonly amount!: number;
  @IsIn(SHARE_PAYMENT_METHODS) readonly method!: string;
}

/** `SharePaymentReturned`: the payment `paymentId` of `amount` cents came back on `date`, with the bank's reason code. */
export class HistoryPaymentReturn {
  @IsString() readonly paymentId!: string;
  @IsString() readonly balanceId!: string;
  @IsBusinessDate({}) readonly date!: string;
  @IsInt() readonly amount!: number;
  @IsOptional() @IsString() readonly reason!: string | null;
}

/** `InstalmentPlanSet`: `count` instalments of `total` cents together on the subscription `balanceId`, due from `firstDue` to `lastDue`. */
export class HistoryInstalmentPlan {
  @IsString() readonly balanceId!: string;
  @IsInt() readonly count!: number;
  @IsInt() readonly total!: number;
  @IsBusinessDate({}) readonly firstDue!: string;
  @IsBusinessDate({}) readonly lastDue!: string;
}

/**
 * `DirectDebitMandateGranted` (its reference, signature date and kind) and `DirectDebitMandateRevoked` (its reference,
 * as granted, and `revokedOn`).
 */
export class HistoryMandate {
  @IsString() readonly mandateId!: string;
  /** The mandate reference; null when the revocation names a mandate not granted in this stream. */
  @IsOptional() @IsString() readonly reference!: string | null;
  @IsOptional() @IsBusinessDate({}) readonly signedOn?: string;
  @IsOptional() @IsIn(MANDATE_KINDS) readonly kind?: string;
  @IsOptional() @IsBusinessDate({}) readonly revokedOn?: string;
}
