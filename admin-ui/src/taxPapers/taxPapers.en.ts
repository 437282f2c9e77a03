import { CHOICE_LABELS_EN } from '@coop/contracts/console';
import type { TaxPaperState } from '@coop/contracts/console';

/**
 * English texts of the tax papers: exemption orders and non-assessment certificates: `coop.taxPapers`, merged into
 * `i18n/en.ts`. German in `taxPapers.de.ts`.
 */
export const taxPapersEn = {
  taxPapers: {
    exemptionOrders: 'Exemption orders',
    nonAssessments: 'Non-assessment certificates',
    addExemptionOrder: 'Add exemption order',
    addNonAssessment: 'Add certificate',
    chooseMember: 'For which member?',
    chooseMemberHint: 'Type a name or member number, then continue to the form.',
    continue: 'Continue',
    filterMember: 'Member',
    filterState: 'State',
    allStates: 'All',
    edit: 'Edit',
    view: 'View',
    toMember: 'Member dashboard',
    untilRevoked: 'until revoked',
    fromJanuary: 'Valid from 1 January of the year',
    toDecember: 'Valid until 31 December of the year',
    toDecemberOrRevoked: 'Until 31 December of the year, or until revoked',
    maxYears: 'At most 3 years',
    periodOpen: 'since %{from}',
    allowanceHint: "Saver's allowance: %{single} single, %{joint} joint (%{year})",
    allowanceLimit: 'This order may exempt at most %{amount} (allowance of %{year}).',
    amountHint: 'In euro, e.g. 1.000,00',
    jointHint: 'A joint order of spouses or civil partners assessed together',
    spouseFromMember: 'Prefilled with the spouse recorded for the member',
    otherOrders: 'Exemption orders of the member',
    otherCertificates: 'Certificates of the member',
    noOthers: 'None.',
    conflictWith: 'Overlaps',
    current: 'this one',
    correctionHint: 'A correction is recorded as a new entry in the history; every earlier version stays visible.',
    history: 'History',
    noHistory: 'No changes recorded yet.',
    historyKinds: {
      recorded: 'Recorded',
      corrected: 'Corrected',
    },
    states: { active: 'Active', inactive: 'Inactive' } satisfies Record<TaxPaperState, string>,
    single: 'Single',
    joint: 'Joint',
    jointWith: 'Joint with %{name}',
    jointCovers: 'Covers the spouse recorded in the master data: %{name}',
    jointNoSpouse:
      'No spouse or civil partner is recorded in the master data. A joint order needs one: record the spouse (civil status married or partnered) first.',
    memberTaxIdMissing: "The member's tax id (Steuer-ID) is missing: the closure will refuse this order.",
    spouseTaxIdMissing: "The spouse's tax id (Steuer-ID) is missing: the closure will refuse this joint order.",
    taxIdMissingShort: 'Tax id missing',
    taxIdsMissing:
      'Exemption orders without the tax id (Steuer-ID) of the member or the spouse: the closure will refuse them. Enter the missing tax id in the master data.',
    noExemptionOrderLegalEntity: 'A legal entity cannot give an exemption order.',
    noExemptionOrderNonResident: 'A member living abroad cannot give an exemption order.',
    nvNonResident:
      'The member lives abroad: only "No certificate" or "Unknown" can be recorded; a certificate that exempts needs residence in Germany.',
    exemptionTypes: CHOICE_LABELS_EN.exemptionTypes,
    nvTypes: CHOICE_LABELS_EN.nvTypes,
    nvTypesShort: CHOICE_LABELS_EN.nvTypesShort,
    original: { present: 'Original on file', missing: 'Original missing' },
    originalColumn: 'Original',
    numberColumn: 'Number',
    validColumn: 'Valid',
    originalHint: 'Switch on when the original certificate is kept on file',
    orderNumberHint: 'Tax and list number of the certificate',
  },
};

/**
 * The record names and field labels react-admin looks up by convention: `resources.exemptionorders`,
 * `resources.nonassessments`.
 */
export const taxPapersResourcesEn = {
  exemptionorders: {
    name: 'Exemption order |||| Exemption orders',
    fields: {
      member: 'Member',
      memberName: 'Member',
      memberNr: 'Member no.',
      type: 'Type',
      joint: 'Joint order (spouses)',
      fsatyp: 'Single / joint',
      spouse: 'Spouse (member)',
      amount: 'Amount',
      date: 'Date of the order',
      startDate: 'Valid from',
      endDate: 'Valid until',
      state: 'State',
    },
  },
  nonassessments: {
    name: 'Non-assessment certificate |||| Non-assessment certificates',
    fields: {
      member: 'Member',
      memberName: 'Member',
      memberNr: 'Member no.',
      type: 'Type',
      orderNumber: 'Certificate number',
      date: 'Issue date',
      taxAuthorities: 'Tax office',
      startDate: 'Valid from',
      endDate: 'Valid until',
      original: 'Original on file',
      state: 'State',
    },
  },
};
