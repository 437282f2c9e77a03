import { SHARE_PAYMENT_METHODS } from './events/share-payment-events.js';

/* The limits of the payments on shares' requests (issue 45); no package import: the console takes them too. */

/** The methods a clerk records (`dividendCredit` is the dividend's closure's alone). */
export const RECORDED_PAYMENT_METHODS = SHARE_PAYMENT_METHODS.filter((m) => m !== 'dividendCredit');
/** A payment's reference (remittance text, receipt number): SEPA's unstructured remittance information holds 140. */
export const SHARE_PAYMENT_REFERENCE_MAX = 140;
/** The most instalments a plan may have (the terms' `maxCount` is at most this). */
export const INSTALMENT_COUNT_MAX = 60;
/**
 * The most members one sending of payment reminders reminds: 2,000 member ids (UUIDs, 36 characters; 39 bytes each in
 * JSON) are about 78 KB, within the 100 KiB every JSON body is held to (platform/http/json-body.ts); 5,000 would not
 * fit. Its letters render in the request that downloads them (docs/payment-reminders.md "Limits"). The console's
 * "select all" selects at most this many, the oldest dues first.
 */
export const REMINDER_RUN_MAX = 2000;
