import type { ImportTemplate } from '@coop/contracts/console';

/** The problems of the import of a member register (contracts `ImportTemplate`, issue 29). */
export const importValidationEn = {
  importUnknownKind: 'The kind of sheet %{0} is not recognised (members, postings, exemption orders, non-assessments)',
  importUnmappedRequired: 'No column is mapped to the required field %{0}',
  importMemberNrTaken: 'Member number %{0} is already taken in the cooperative',
  importMemberNrTwice: 'Member number %{0} appears twice (first in row %{1})',
  importMemberUnknown: 'Member number %{0} is not in the import',
  importHoldingDiffers: 'The file gives %{0}, the postings come to %{1}',
  importAmountDiffers: 'The file gives the amount %{0}, the posting amounts to %{1}',
  importTransferWithoutPair: 'The other half of this transfer is missing',
  importAnnulledPostingUnknown: 'The annulled posting %{0} is not found',
  importEffectiveDateDiffers: 'The file gives the date %{0}, the law gives %{1}',
  importRefTwice: 'The posting reference %{0} appears twice',
  importHasProblems: 'The import has %{0} problems: nothing was written',
  importNotEmptyFile: 'The file holds no rows',
} satisfies Record<ImportTemplate, string>;
