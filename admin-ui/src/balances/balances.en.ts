import { CHOICE_LABELS_EN } from '@coop/contracts/console';

/**
 * English texts of the postings (list, new posting, annulment): `coop.balances`, merged into `i18n/en.ts`. German in
 * `balances.de.ts`.
 */
export const balancesEn = {
  balances: {
    list: 'Postings',
    annulmentOf: 'Annulment: %{type}',
    filterType: 'Type',
    filterMember: 'Member',
    allTypes: 'All types',
    filterFrom: 'Posted from',
    filterTo: 'Posted until',
    toBeforeFrom: 'Must not be before the start date',
    annul: 'Annul',
    annulled: 'annulled',
    annulment: 'annulment of a posting',
    transfer: {
      moves: 'Geschäftsguthaben moving with the shares: %{paid} of %{nominal}',
      receiverOwes: 'The receiver will owe %{owed} on the shares taken',
      staysOwed: 'The member still owes %{owed} on the shares it keeps',
    },
    amountPreview: '%{quantity} × %{price} = %{amount}',
    wholeHolding:
      'The whole holding is withdrawn: %{shares} share (%{amount}). |||| The whole holding is withdrawn: %{shares} shares (%{amount}).',
    exitWarning:
      'This ends the membership on the effective date shown. From now on the member accepts no further postings; until that date the shares count and the posting can be withdrawn.',
    dissolution: 'Dissolution',
    extraordinary: 'Extraordinary termination (§ 65 (3) GenG): three months to the end of a financial year',
    noticeDates: {
      '2': 'Notice date',
      '6': 'Date of death',
      '6d': 'Date of dissolution',
      '7': "Date of the board's decision",
      '8': 'Notice date',
    },
    effective: {
      notice:
        'Takes effect on %{date}: the end of the first financial year at least %{months} months after the notice (§ 65 (2), § 67b GenG). Until then the shares count.',
      extraordinary:
        'Takes effect on %{date}: the end of the first financial year at least 3 months after the notice (§ 65 (3) GenG). Until then the shares count.',
      exclusion:
        'Takes effect on %{date}, the end of the financial year of the decision (§ 68 GenG). From the dispatch of the registered letter the member can no longer vote or hold office.',
      death:
        'The membership passes to the heirs and ends on %{date}, the end of the financial year of death (§ 77 GenG).',
      dissolution: 'The membership ends on %{date}, the end of the financial year of the dissolution (§ 77a GenG).',
    },
    withdrawIntro:
      'The posting is withdrawn before it takes effect: it is annulled on its own date, %{date}, so the member keeps the shares.',
    confirmWithdrawTitle: '%{action}?',
    annulIntro: 'This posting will be reversed by a new annulment posting. A transfer is annulled on both members.',
    annulNotAllowed:
      'This posting cannot be annulled (initial subscriptions, annulments and postings already annulled).',
    confirmExitTitle: '%{type}: %{member}?',
    confirmExit: 'Record posting',
    confirmAnnulTitle: 'Annul this posting?',
    confirmAnnul: 'Annul posting',
    saved: 'Posting recorded',
    readOnlyHint: 'Postings are never changed; a wrong posting is annulled and posted again.',
    original: 'Posting to annul',
    types: CHOICE_LABELS_EN.balanceTypes,
    actions: {
      '1': 'Add shares',
      '2': 'Terminate shares',
      '3': 'Transfer',
      '6': 'Death',
      '7': 'Exclusion',
      '8': 'Exit',
    },
  },
};

/** The record names and field labels react-admin looks up by convention: `resources.balances`. */
export const balancesResourcesEn = {
  balances: {
    name: 'Posting |||| Postings',
    fields: {
      member: 'Member',
      amount: 'Amount',
      quantity: 'Shares',
      type: 'Type',
      date: 'Date',
      approvalDate: 'Approval date',
      interestBegin: 'Interest begin',
      transferTo: 'Transfer to',
      annulPeer: 'Annulled posting',
      noticeDate: 'Notice date',
      dispatchDate: 'Registered letter sent on',
      extraordinaryReason: 'Reason for the extraordinary termination',
    },
  },
};
