import { SHARE_PAYMENT_METHODS } from './events/share-payment-events.js';

/* The limits of the payments on shares' requests (issue 45); no package import: the console takes them too. */

/** The methods a clerk records (`dividendCredit` is the dividend's closure's alone). */
export const RECORDED_PAYMENT_METHODS = SHARE_PAYMENT_METHODS.filter((m) => m !== 'dividendCredit');
/** A payment's reference (remittance text, receipt number): SEPA's unstructured remittance information holds 140. */
export const SHARE_PAYMENT_REFERENCE_MAX = 140;
/** The most instalments a plan may have (the terms' `maxCount` is at most this). */
export const INSTALMENT_COUNT_MAX = 60;
