/*
 * Templates of the settlement with those who leave (§ 73 GenG, issue 42), part of `ValidationTemplate`. The console
 * translates each (en, de: contracts/src/messages/validation.*.ts); `{0}` is the first numbered parameter.
 */
export const SETTLEMENT_TEMPLATES = [
  /** The settlement of this end is already recorded (409); {0}: its payout date. */
  'settlementAlreadyPaid',
  /** The SEPA file of a payout date {0} on which no settlement of the year is recorded as paid (it said "no member has
   *  a payout above zero" beside a list of leavers each owed an amount; a review, stop 63). */
  'settlementNothingPaidOn',
  /** The annulment of an end (2, 6, 7, 8) whose settlement stands paid out on {0} (decision 335): reversed first. */
  'endSettled',
  /** A transfer before an end whose settlement stands paid out on {0} would change the holding settled (decision 363). */
  'transferBeforeSettledEnd',
  /** A correction of a settlement that is not recorded (or already reversed). */
  'settlementNotPaid',
  /** No end of membership or of shares with this id for the member. */
  'settlementEndUnknown',
  /** The payout date lies on or before the end's date {0}: the membership had not ended. */
  'settlementBeforeEnd',
  /** A top-up of a paid settlement dated before its latest payout on {0} (decision 370). */
  'settlementTopUpBeforePayout',
  /** The end takes effect on {0}, after today: the member still holds the shares and the amount is not known yet. */
  'settlementEndNotReached',
  /** A deceased member's settlement goes to the heirs: their account is not entered. */
  'heirsAccountMissing',
  /** The heirs' account is for a deceased member only (the end by death). */
  'heirsOnlyAfterDeath',
  /** The member's account (IBAN) for the settlement is missing or invalid. */
  'settlementAccountMissing',
  /** An imported settlement's amount {0} (euros) above the holding {1} booked out: the product pays no more than the holding. */
  'settlementAboveHolding',
  /** A loss share percentage: more than 0, at most 100, at most 4 decimals. */
  'lossSharePercentInvalid',
  /** A loss share of the year {0} decided on or before that year's end {1}: it is decided on the year's annual accounts,
   *  which exist only after the year (§ 73 Abs. 2 GenG; decision 322). */
  'lossShareBeforeYearEnd',
] as const;
export type SettlementTemplate = (typeof SETTLEMENT_TEMPLATES)[number];
