/*
 * Templates of the import of a member register (issue 29; services/src/member-import). A problem of a dry run, or a
 * refusal of the import's routes (`{errors: [{field, template, parameters}]}`). `{0}` is the first numbered parameter.
 * Texts (en / de) in `messages/validation.en.ts` and `.de.ts`, read by the console and by the problems workbook and CLI.
 */
export type ImportTemplate =
  /** A sheet (or CSV file) whose kind is neither named by its name nor recognised by its headers. */
  | 'importUnknownKind'
  /** A required field of the sheet's kind that no column maps to ({0} the field). */
  | 'importUnmappedRequired'
  /** A member number already held in the cooperative ({0} the number). */
  | 'importMemberNrTaken'
  /** A member number twice in the import ({0} the number). */
  | 'importMemberNrTwice'
  /** A posting, order or certificate naming a member number not in the import ({0} the number). */
  | 'importMemberUnknown'
  /** The holding the replay reaches today differs from the members sheet's ({0} the file's value, {1} the replay's). */
  | 'importHoldingDiffers'
  /** A posting's amount differs from what it comes to ({0} the file's, {1} the posting's). */
  | 'importAmountDiffers'
  /** A transfer half (type 3 or 4) without its other half. */
  | 'importTransferWithoutPair'
  /** An annulation naming a posting not in the import ({0} the reference). */
  | 'importAnnulledPostingUnknown'
  /** An end's date differs from the date the law gives ({0} the file's, {1} the law's). */
  | 'importEffectiveDateDiffers'
  /** A posting reference twice in the import ({0} the reference). */
  | 'importRefTwice'
  /** A write refused: the dry run found problems ({0} how many; 400). */
  | 'importHasProblems'
  /** No file, or only empty files, uploaded (400). */
  | 'importNotEmptyFile';

export const IMPORT_TEMPLATES: readonly ImportTemplate[] = [
  'importUnknownKind',
  'importUnmappedRequired',
  'importMemberNrTaken',
  'importMemberNrTwice',
  'importMemberUnknown',
  'importHoldingDiffers',
  'importAmountDiffers',
  'importTransferWithoutPair',
  'importAnnulledPostingUnknown',
  'importEffectiveDateDiffers',
  'importRefTwice',
  'importHasProblems',
  'importNotEmptyFile',
];
