import type { Messages } from '../i18n/messages';
import type { elmaNumbersEn, elmaNumbersResourcesEn } from './elmaNumbers.en';

/**
 * German texts of the approval numbers (ELMA) (the keys of `elmaNumbers.en.ts`; formal "Sie"), merged into
 * `i18n/de.ts`.
 */
export const elmaNumbersDe: Messages<typeof elmaNumbersEn> = {
  elma: {
    fs: 'fs – Freistellungsaufträge (FSA)',
    km: 'km – Kirchensteuer (KiStAM)',
    numberHintFs: '8 Ziffern, beginnt mit 1, 3, 5 oder 7, endet nicht auf 0',
    numberHintKm: '11 Ziffern',
  },
};

/** German record names and field labels (`resources.elmanumbers`). */
export const elmaNumbersResourcesDe: Messages<typeof elmaNumbersResourcesEn> = {
  elmanumbers: {
    name: 'ELMA-Kennnummer |||| ELMA-Kennnummern',
    notifications: { deleted: 'ELMA-Kennnummer gelöscht' },
    fields: {
      elmaProcess: 'Verfahren',
      elmaNumber: 'Kennnummer',
      createdAt: 'Angelegt',
    },
  },
};
