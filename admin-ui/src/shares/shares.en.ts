/** English texts of the share register: `coop.shares`, merged into `i18n/en.ts`. German in `shares.de.ts`. */
export const sharesEn = {
  shares: {
    list: 'Share register',
    paymentHint:
      'Only the payment can be corrected; the correction is recorded, history is kept. A corrected payment counts from the posting’s date (the movement report), a payment on shares from the day it was paid.',
    cdc: 'Change tracking',
    lastChange: 'Last change',
    actions: { insert: 'Posted', update: 'Corrected' },
    filterMember: 'Member',
    // Column headers of the register's list (the full field names are their titles): short in German, so that the
    // list fits at 1024 px.
    columns: { admissionDate: 'Admission date', interestBegin: 'Interest begin', interestEnd: 'Interest end' },
  },
};

/** The record names and field labels react-admin looks up by convention: `resources.shares`. */
export const sharesResourcesEn = {
  shares: {
    name: 'Share register entry |||| Share register',
    fields: {
      memberNr: 'Member no.',
      memberName: 'Member',
      process: 'Process',
      shareAmount: 'Shares',
      rueckpfleinzahlung: 'Actual payment',
      admissionDate: 'Admission date',
      date: 'Date',
      interestBegin: 'Interest begin',
      interestEnd: 'Interest end',
      cdcUser: 'Changed by',
      cdcAction: 'Action',
      cdcTimestamp: 'Changed at',
      effectiveDate: 'Counts from',
    },
  },
};
