/**
 * English texts of the approval numbers (ELMA): `coop.elma`, merged into `i18n/en.ts`. German in `elmaNumbers.de.ts`.
 */
export const elmaNumbersEn = {
  elma: {
    fs: 'fs – exemption orders (FSA)',
    km: 'km – church tax (KiStAM)',
    numberHintFs: '8 digits, starting with 1, 3, 5 or 7, not ending with 0',
    numberHintKm: '11 digits',
  },
};

/** The record names and field labels react-admin looks up by convention: `resources.elmanumbers`. */
export const elmaNumbersResourcesEn = {
  elmanumbers: {
    name: 'Approval number |||| Approval numbers',
    notifications: { deleted: 'ELMA number deleted' },
    fields: {
      elmaProcess: 'Process',
      elmaNumber: 'Number',
      createdAt: 'Created',
    },
  },
};
