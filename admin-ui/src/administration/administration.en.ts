/**
 * English texts of the administration page and its data-protection clean-up: `coop.administration`,
 * `coop.dataProtection`, merged into `i18n/en.ts`. German in `administration.de.ts`.
 */
export const administrationEn = {
  administration: {
    elmaNumbers: 'Approval numbers',
    noElmaNumbers: 'No approval numbers yet.',
  },
  dataProtection: {
    title: 'Data protection',
    hint: 'Former members whose retention period has passed (at least %{years} full years, the cooperative’s retention period, after the end of the year of their last posting, dividend or tax document, settlement paid, not held) have their personal data erased. Member number, dates and amounts stay.',
    search: 'Search',
    found: '%{smart_count} member found |||| %{smart_count} members found',
    delete: 'Delete personal data',
    confirmTitle: 'Erase personal data?',
    confirmText:
      'The personal data of %{smart_count} member will be erased for good: names, address, birth date, bank and tax data, church and spouse data. Member number, dates and amounts stay. This cannot be undone. |||| The personal data of %{smart_count} members will be erased for good: names, address, birth date, bank and tax data, church and spouse data. Member numbers, dates and amounts stay. This cannot be undone.',
    confirmDelete: 'Erase %{smart_count} member |||| Erase %{smart_count} members',
    erased: 'Personal data of %{smart_count} member erased |||| Personal data of %{smart_count} members erased',
  },
};
