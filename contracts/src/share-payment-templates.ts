/*
 * Templates of the payments on subscribed shares (issue 45; § 7, § 15b GenG), part of `ValidationTemplate`. The console
 * translates each (en, de: contracts/src/messages/share-payments.*.ts); `{0}` is the first numbered parameter.
 */
export const SHARE_PAYMENT_TEMPLATES = [
  /** No subscription (admission or additional shares, not annulled) of the member with this id. */
  'notASubscription',
  /** The payment {0} is more than is outstanding {1} (euros, `formatEuro`; the texts put `€` after each, as every money parameter of these templates). */
  'paymentAboveOutstanding',
  /** Nothing is outstanding on the member's subscriptions (on or before the payment's date). */
  'nothingOutstanding',
  /** A dividend is credited to the Geschäftsguthaben by the dividend's closure only (§ 19 (1) GenG). */
  'dividendCreditByClosureOnly',
  /** § 15b GenG: further shares are refused while an earlier subscription (not the last one) is not fully paid; {0}: outstanding (euros). */
  'earlierSharesNotPaid',
  /** § 15b GenG by day: a subscription dated before shares taken later would leave {1} (euros) unpaid but the last share when they were taken on {0}. */
  'laterSharesNeedEarlierPaid',
  /** The cooperative's terms (statutes) do not allow paying shares in instalments. */
  'instalmentsNotAllowed',
  /** The instalments sum to {0} but the unpaid part is {1} (euros). */
  'instalmentsSumMismatch',
  /** The first instalment is less than the least first payment {0} (euros; § 7 Nr. 1 GenG, the statutes). */
  'firstInstalmentTooSmall',
  /** The due dates must ascend at least {0} months apart. */
  'instalmentsTooClose',
  /** Not a SEPA creditor identifier (e.g. DE98ZZZ09999999999) or its check digits are wrong. */
  'invalidCreditorId',
  /** An amount below its least {0} (euros, `formatEuro`: the text says `€`), e.g. a payment of 0,00. */
  'amountAtLeast',
  /** An amount above its most {0} (euros, `formatEuro`), e.g. a payment beyond the product's limit, a first instalment above the share's price. */
  'amountAtMost',
  /**
   * A share register correction made on a payment read as {0} that is {1} now (euros): a payment was booked or returned
   * meanwhile, and the correction would overwrite it (decision 296). 409.
   */
  'shareChangedMeanwhile',
  /**
   * A share register correction's payment {0} outside what the posting's shares can hold paid in, {1} to {2} (euros):
   * never below nothing, never above their nominal amount less what of it passed on with shares that left (§ 7 Nr. 1
   * GenG, DOMAIN.md 1.1); a posting that takes shares out (a negative amount) the same with its sign. 400.
   */
  'paymentOutsideSharePrice',
  /**
   * A clerk's correction of the payment of a transfer's half (3, 4) or of its annulation: what a transfer moves
   * follows what the giver paid in (decisions 265, 327); the transfer is annulled and posted again instead. 400.
   */
  'transferPaymentFollows',
  /** The `Idempotency-Key` of a posting or payment already recorded, sent with another request (decision 297). 409. */
  'idempotencyKeyReused',
] as const;
export type SharePaymentTemplate = (typeof SHARE_PAYMENT_TEMPLATES)[number];
