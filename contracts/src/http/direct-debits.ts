import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { DEBIT_ABOVE_OUTSTANDING_REASONS, MANDATE_KINDS } from '../events/share-payment-events.js';
import { DIRECT_DEBIT_SKIP_REASONS } from '../direct-debit-templates.js';
import { TEXT_MAX } from '../limits.js';
import {
  AsBusinessDate,
  AsOptionalText,
  AsText,
  DateInRange,
  IsBusinessDate,
  ListOf,
  MaxText,
  Satisfies,
  rule,
  ruleNamingValue,
} from './rules.js';

/*
 * SEPA direct debits (issue 45, DEBIT; docs/direct-debits.md): a member's mandates (`GET|POST /members/{id}/mandates`,
 * `POST /members/{id}/mandates/{mandateId}/revoke`), collections (`GET|POST /direct-debits`, `GET
 * /direct-debits/{id}/file`: the pain.008.001.08 file) and returned debits (`POST
 * /members/{id}/share-payments/{paymentId}/return`). Amounts in cents, dates `YYYY-MM-DD`.
 */

/** The longest mandate reference (pain.008 MndtId: Max35Text). */
export const MANDATE_REFERENCE_MAX = 35;
/** A mandate reference: the SEPA set without the space (the German banks' rules for MndtId), 1 to 35 characters. */
export const MANDATE_REFERENCE = /^[A-Za-z0-9/\-?:().,'+]{1,35}$/;
/** The most subscriptions one collection takes (the request body's 100 KiB hold about 2,600 ids of 36 characters). */
export const COLLECTION_ITEMS_MAX = 10_000;
/** A return reason: an ISO 20022 reason code, up to 4 letters and digits (AC04, MD06, MS02 …). */
export const RETURN_REASON = /^[A-Z0-9]{1,4}$/;

/** `POST /members/{id}/mandates`. */
export class MandateWrite {
  @AsText(true)
  @MaxText(MANDATE_REFERENCE_MAX)
  @Satisfies(
    'isMandateReference',
    (v) => typeof v === 'string' && MANDATE_REFERENCE.test(v),
    rule('mandateReferenceInvalid'),
  )
  reference: string = '';
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() signedOn: string = '';
  @AsText(true) @IsIn(MANDATE_KINDS, ruleNamingValue('invalidChoice')) kind: string = 'recurring';
}

/** `POST /members/{id}/mandates/{mandateId}/revoke`. */
export class MandateRevocation {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() date: string = '';
}

/** One mandate of a member (`GET /members/{id}/mandates`). */
export class MandateDto {
  @IsString() readonly id!: string;
  @IsString() readonly memberId!: string;
  @IsString() readonly reference!: string;
  @IsString() readonly signedOn!: string;
  @IsIn(MANDATE_KINDS) readonly kind!: string;
  @IsIn(['active', 'revoked']) readonly status!: string;
  @IsOptional() @IsString() readonly revokedOn!: string | null;
  /** Collections drawn under it so far (the first is FRST, later ones RCUR). */
  @IsInt() readonly collections!: number;
  @IsOptional() @IsString() readonly lastCollectionDate!: string | null;
}

/** `POST /direct-debits`: the subscriptions (`ShareDueView.id`, the posting's balance id) to collect on `collectionDate`. */
export class CollectionWrite {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() collectionDate: string = '';
  @IsArray(rule('invalidChoice'))
  @ArrayMinSize(1, rule('mustNotBeEmpty'))
  @ArrayMaxSize(COLLECTION_ITEMS_MAX, rule('mustBeAtMost', String(COLLECTION_ITEMS_MAX)))
  @IsString({ each: true, ...rule('invalidChoice') })
  @MaxText(TEXT_MAX.id, true)
  balanceIds: string[] = [];
}

/** A selected subscription left out of the collection, and why. */
export class SkippedDueDto {
  @IsString() readonly balanceId!: string;
  @IsOptional() @IsString() readonly memberId!: string | null;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsIn(DIRECT_DEBIT_SKIP_REASONS) readonly reason!: string;
}

/**
 * A debit of a collection booked above what its subscription still owed (decision 270): of the `amount` the bank
 * collects, `booked` paid the subscription and `excess` is the member's money, to refund.
 */
export class DebitAboveOutstandingDto {
  @IsString() readonly memberId!: string;
  @IsOptional() @IsInt() readonly memberNr!: number | null;
  @IsString() readonly balanceId!: string;
  @IsString() readonly paymentId!: string;
  @IsInt() readonly amount!: number;
  @IsInt() readonly booked!: number;
  @IsInt() readonly excess!: number;
  @IsIn(DEBIT_ABOVE_OUTSTANDING_REASONS) readonly reason!: string;
}

/** One collection (`GET /direct-debits`). */
export class CollectionDto {
  @IsString() readonly id!: string;
  @IsString() readonly collectionDate!: string;
  @IsString() readonly createdOn!: string;
  @IsString() readonly messageId!: string;
  /** Debits in the file and their sum in cents. */
  @IsInt() readonly count!: number;
  @IsInt() readonly totalCents!: number;
  /** Debits booked on the members' accounts so far (equal to `count` once the collection is written whole). */
  @IsInt() readonly booked!: number;
  /** Debits that came back (Rücklastschriften) and their sum in cents. */
  @IsInt() readonly returned!: number;
  @IsInt() readonly returnedCents!: number;
  /** Debits collected above what was owed when booked, and the sum of their excess in cents (decision 270). */
  @ListOf(() => DebitAboveOutstandingDto) readonly aboveOutstanding!: DebitAboveOutstandingDto[];
  @IsInt() readonly aboveOutstandingCents!: number;
  @IsBoolean() readonly complete!: boolean;
}

/**
 * `POST /direct-debits/preview`: what `POST /direct-debits` with the same body would draw now (its debits' count and sum
 * in cents) and leave out with the reason, asked before the clerk confirms; nothing is written.
 */
export class CollectionPreviewDto {
  @IsString() readonly collectionDate!: string;
  @IsInt() readonly count!: number;
  @IsInt() readonly totalCents!: number;
  @ListOf(() => SkippedDueDto) readonly skipped!: SkippedDueDto[];
}

/** `POST /direct-debits`: the collection made, and the selected subscriptions it left out with the reason. */
export class CollectionCreatedDto extends CollectionDto {
  @ListOf(() => SkippedDueDto) readonly skipped!: SkippedDueDto[];
}

/** `POST /members/{id}/share-payments/{paymentId}/return`: the day the debit came back and the bank's reason code. */
export class PaymentReturnWrite {
  @AsBusinessDate() @IsBusinessDate(rule('invalidDate')) @DateInRange() date: string = '';
  @AsOptionalText()
  @IsOptional()
  @IsString(rule('returnReasonInvalid'))
  @MaxText(4)
  @Satisfies(
    'isReturnReason',
    (v) => v === null || (typeof v === 'string' && RETURN_REASON.test(v)),
    rule('returnReasonInvalid'),
  )
  reason: string | null = null;
}

/** A member's payment by direct debit (`GET /members/{id}/direct-debit-payments`), with its return when it came back. */
export class DirectDebitPaymentDto {
  @IsString() readonly id!: string;
  @IsString() readonly memberId!: string;
  @IsString() readonly balanceId!: string;
  /** The collection that drew it; null for a payment by direct debit recorded by hand (`POST /members/{id}/share-payments`). */
  @IsOptional() @IsString() readonly collectionId!: string | null;
  @IsString() readonly date!: string;
  @IsInt() readonly amount!: number;
  @IsOptional() @IsString() readonly returnedOn!: string | null;
  @IsOptional() @IsString() readonly returnReason!: string | null;
}
