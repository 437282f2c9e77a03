/**
 * English texts of the cooperative's card and form, with its rule for the interest begin: `coop.cooperative`,
 * `coop.interestBeginRules`, `coop.interestBeginRuleHint`, merged into `i18n/en.ts`. German in `cooperative.de.ts`.
 */
export const cooperativeEn = {
  cooperative: {
    dividend: 'Dividend',
    card: 'Cooperative',
    edit: 'Edit',
    master: 'Master data',
    contact: 'Contact',
    bank: 'Bank account',
    shares: 'Shares',
    taxOfficeHint:
      'Printed with the tax number on the members’ tax certificates; without it no certificate can be issued',
    balanceCostHint: 'Price of one share in euro, e.g. 250,00',
    liabilityPerShareHint:
      'The liability sum per share the statutes set (§ 119 GenG), in euro; empty when they set none',
    noticePeriodHint: '3 to 60 months',
    retentionYearsHint: '10 to 30 years',
    sessionIdleHint: '1 to 720 minutes',
    missingSetHere: 'Missing – enter it under “%{section}”',
    missingAskAdmin: 'Missing – an administrator enters it under Cooperative › “%{section}”',
  },
  interestBeginRules: {
    nextMonth: '1st of the next month',
    sameDay: 'the posting date itself',
    nextQuarter: '1st of the next quarter',
    nextYear: 'the next 1 January',
  },
  interestBeginRuleHint: 'An empty interest begin follows this rule from the entry or posting date.',
};

/** The record names and field labels react-admin looks up by convention: `resources.cooperatives`. */
export const cooperativeResourcesEn = {
  cooperatives: {
    name: 'Cooperative |||| Cooperatives',
    fields: {
      name: 'Internal name',
      fullName: 'Full name',
      address: 'Address',
      zip: 'Zip code',
      city: 'City',
      email: 'Email',
      contactPerson: 'Contact person',
      url: 'Website',
      taxId: 'Tax number',
      taxOffice: 'Tax office (Betriebsstättenfinanzamt)',
      bankname: 'Bank',
      iban: 'IBAN',
      bic: 'BIC',
      balanceCost: 'Share price',
      minimumShares: 'Minimum shares per member',
      noticePeriodMonths: 'Notice period (months)',
      retentionYears: 'Data-protection retention period (years)',
      sessionIdleMinutes: 'Sign out after inactivity (minutes)',
      interestBeginRule: 'Interest begin',
      dividendMethod: 'Dividend basis',
      dayCount: 'Day count',
      dividendRounding: 'Rounding of the dividend',
      taxRounding: 'Rounding of KapESt and church tax',
      raiseOldExemptionOrders: 'Raise exemption orders from before 2023',
      heirsTaxedFromDeath: 'Tax the heirs from the day of death',
      allowTestTaxIds: 'Accept test tax ids (starting with 0)',
      liabilityPerShare: 'Liability per share',
    },
  },
};
