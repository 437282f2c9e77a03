/**
 * English texts of the bank statements (CAMT.053, issue 45), merged into `en.ts` as `coop.bankStatements`. German in
 * `bankStatements.de.ts`; the server's refusals are templates in `coop.validation`.
 */
export const bankStatementsEn = {
  title: 'Bank statements',
  cardTitle: 'Bank statements',
  cardHint: 'Read a bank statement (CAMT.053) and book the transfers on shares it holds.',
  open: 'Open',
  intro:
    'Read a statement file (CAMT.053, as your bank delivers it): each credit whose text names a member number is proposed for the member’s oldest outstanding shares; you confirm, or choose the member.',
  upload: 'Read statement file',
  reading: 'Reading the statement',
  empty: 'No bank statements read yet.',
  creditsOf: '%{count} credit, %{sum} |||| %{count} credits, %{sum}',
  readBy: '%{date} (%{user})',
  statementTitle: 'Bank statement %{id}',
  summary:
    'Account %{account}: %{credits} credit of %{sum}; %{open} still to decide; %{confirmed} booked on shares. |||| Account %{account}: %{credits} credits of %{sum}; %{open} still to decide; %{confirmed} booked on shares.',
  showState: 'Show',
  allStates: 'All entries',
  noEntries: 'No entries in this state.',
  selectEntry: 'Select entry %{id}',
  chooseMember: 'Member',
  confirmSelected: 'Confirm %{count} entry (%{sum}) |||| Confirm %{count} entries (%{sum})',
  ignoreSelected: 'Set %{count} entry aside |||| Set %{count} entries aside',
  confirmTitle: 'Book the payments?',
  confirmText:
    '%{count} entry of %{sum} is booked as a payment on shares (transfer), on the member’s oldest outstanding subscriptions. |||| %{count} entries of %{sum} in all are booked as payments on shares (transfer), each on the member’s oldest outstanding subscriptions.',
  confirmYes: 'Book payments',
  ignoreTitle: 'Set the entries aside?',
  ignoreText:
    '%{count} entry is set aside: nothing is booked on shares for it. |||| %{count} entries are set aside: nothing is booked on shares for them.',
  ignoreYes: 'Set aside',
  cancel: 'Cancel',
  confirmed: 'The payments are booked',
  ignored: 'The entries are set aside',
  fields: {
    statement: 'Statement',
    account: 'Account',
    period: 'Period',
    credits: 'Credits',
    open: 'To decide',
    confirmedSum: 'Booked',
    readOn: 'Read on',
    select: 'Select',
    bookingDate: 'Booked on',
    amount: 'Amount',
    party: 'Payer / payee',
    remittance: 'Remittance text',
    member: 'Member',
    state: 'State',
    allocations: 'On shares',
  },
  states: {
    matched: 'Proposed',
    unmatched: 'To assign',
    confirmed: 'Booked',
    ignored: 'Set aside',
    listed: 'Listed only',
  },
  reasons: {
    noMemberNumber: 'no member number in the text',
    severalMemberNumbers: 'several member numbers in the text',
    nothingOutstanding: 'the member owes nothing on shares',
    aboveOutstanding: 'more than the member owes on shares',
    ownDirectDebit: 'a direct debit of this cooperative, booked with its collection: set it aside',
  },
};
