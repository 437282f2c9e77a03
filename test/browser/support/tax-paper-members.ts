/**
 * The members tax-papers.e2e.spec.ts seeds, as their differences from the seed's default member: a married person in
 * the Birkenweg with one share.
 */
export const person = (givenName: string, name: string, extra: Record<string, unknown> = {}) => ({
  salutation: givenName.endsWith('a') || givenName === 'Karin' ? 'Frau' : 'Herr',
  postalSalutation: givenName.endsWith('a') || givenName === 'Karin' ? 'female' : 'male',
  givenName,
  name,
  birthDate: '1975-02-03',
  civilStatus: 1,
  street: 'Birkenweg',
  streetHomeNumber: '3',
  shareAmount: 1,
  ...extra,
});
