/** English texts of the payments on shares' templates (contracts/src/share-payment-templates.ts), spread into VALIDATION_MESSAGES_EN. */
export const SHARE_PAYMENT_MESSAGES_EN = {
  notASubscription: 'Not a subscription of this member (admission or additional shares, not annulled)',
  paymentAboveOutstanding: 'The payment %{0} € is more than is outstanding (%{1} €)',
  nothingOutstanding: 'Nothing is outstanding on this member’s shares on that date',
  dividendCreditByClosureOnly: 'A dividend is credited to the shares by the dividend’s closure only',
  earlierSharesNotPaid:
    'Further shares are refused while earlier ones are not fully paid (§ 15b GenG): %{0} € outstanding',
  laterSharesNeedEarlierPaid:
    'Further shares were taken later, on %{0}: then every earlier share but the last had to be fully paid (§ 15b GenG), this subscription would leave %{1} € outstanding. Enter it paid, or date it after them',
  instalmentsNotAllowed: 'The cooperative’s payment terms do not allow instalments',
  instalmentsSumMismatch: 'The instalments sum to %{0} €, the unpaid part is %{1} €',
  firstInstalmentTooSmall: 'The first instalment must be at least %{0} € (§ 7 GenG, the statutes)',
  instalmentsTooClose: 'The due dates must ascend, at least %{0} months apart',
  invalidCreditorId: 'Not a valid SEPA creditor identifier (e.g. DE98ZZZ09999999999)',
  amountAtLeast: 'Must be at least %{0} €',
  amountAtMost: 'Must be at most %{0} €',
  shareChangedMeanwhile:
    'The payment changed from %{0} € to %{1} € while you were editing (a payment was booked). Reload and correct again',
  transferPaymentFollows:
    "A transfer's payment follows what the giving member paid in: annul the transfer and post it again",
  paymentOutsideSharePrice:
    'The payment %{0} € must lie between %{1} € and %{2} €: from nothing paid in up to the nominal amount of the posting’s shares (§ 7 GenG)',
  idempotencyKeyReused: 'This request was already sent with other contents. Reload and enter it again',
};
