/*
 * Templates of the import of a member register (issue 29). The console translates each key (en, de); `{0}` is the
 * first numbered parameter. A problem of the import names its sheet, row and column beside the template.
 */

/** The import's own problems and refusals (ImportProblem.template, `{errors: [{field, template, parameters}]}`). */
export type ImportTemplate =
  /** A sheet (or CSV file) whose kind is neither recognised by its name nor by its headers; {0}: the sheet. */
  | 'importUnknownKind'
  /** A required field no column is mapped to; {0}: the field. */
  | 'importUnmappedRequired'
  /** The member number is already held by a member of the cooperative; {0}: the number. */
  | 'importMemberNrTaken'
  /** The member number appears twice in the file; {0}: the number, {1}: the row it appeared first. */
  | 'importMemberNrTwice'
  /** A posting, order or certificate names a member number not in the import; {0}: the number. */
  | 'importMemberUnknown'
  /** The holding the postings reach today is not the members sheet's; {0}: the file's value, {1}: the replay's. */
  | 'importHoldingDiffers'
  /** The amount of a posting is not what it amounts to; {0}: the file's amount, {1}: the posting's. */
  | 'importAmountDiffers'
  /** A transfer half (3 or 4) without its other half. */
  | 'importTransferWithoutPair'
  /** An annulation names a posting reference not found; {0}: the reference. */
  | 'importAnnulledPostingUnknown'
  /** The date of an end is not the date the law gives; {0}: the file's date, {1}: the law's. */
  | 'importEffectiveDateDiffers'
  /** A posting reference used twice; {0}: the reference. */
  | 'importRefTwice'
  /** The import cannot be written: the dry run found problems; {0}: how many. */
  | 'importHasProblems'
  /** A file of the import is empty (no sheet with rows). */
  | 'importNotEmptyFile'
  /** A file that cannot be read at all (an unclosed quote, a damaged workbook); {0}: the file, {1}: CSV or XLSX, {2}: the reader's reason (400). */
  | 'importUnreadableFile'
  /** A file of another kind, refused before it is read (decision 300); {0}: the file. An OpenDocument spreadsheet. */
  | 'importFileIsOds'
  /** An Excel 97-2003 workbook (`.xls`) or a workbook saved with a password (the OLE format); {0}: the file. */
  | 'importFileIsXls'
  /** Neither a zip (XLSX) nor text: a PDF, a picture; {0}: the file. */
  | 'importFileNotText'
  /** A CSV file's quotation mark never closed; {0}: the file, {1}: the row it opens in. */
  | 'importQuoteNotClosed'
  /** A CSV file that begins with a UTF-8 byte-order mark and holds bytes that are not UTF-8 ({0} the file; decision 348). */
  | 'importBomNotUtf8'
  /** A zip that is no complete XLSX workbook (cut short, another kind of zip, a part it names missing); {0}: the file. */
  | 'importWorkbookDamaged'
  /** A workbook's formula with no calculated value (a program wrote it uncalculated); {0}: the file, {1}: the cell. */
  | 'importFormulaNotCalculated'
  /** A read ended before its end (another file of the upload refused, the reading thread stopped); {0}: the file. */
  | 'importReadStopped'
  /** A choice cell none of whose words is known; {0}: the value, {1}: what is allowed (the console's German and English words with their codes; issue 39). */
  | 'importInvalidChoice'
  /** A cell that shows a spreadsheet's error (`#DIV/0!`, `#N/A`, `#BEZUG!`, `Err:502`), typed or a formula's; {0}: the error. */
  | 'importCellError'
  /** A CSV file whose header line is separated by none of `;`, `,` and tab; {0}: the file, {1}: what separates it (400). */
  | 'importUnsupportedDelimiter'
  /** A tax id held by a member of the cooperative (never two people); {0}: that member's number, {1}: its name. */
  | 'importTaxIdOfMember'
  /** A tax id given to another member of the import; {0}: the row it appeared first. */
  | 'importTaxIdTwice'
  /** Warning: the IBAN of a member of the cooperative; {0}: its number, {1}: its name. */
  | 'importIbanOfMember'
  /** Warning: the IBAN of another row of the import; {0}: that row. */
  | 'importIbanTwice'
  /** Warning: the same name and birth date as a member of the cooperative; {0}: its number, {1}: its name. */
  | 'importNameOfMember'
  /** Warning: the same name and birth date as another row of the import; {0}: that row. */
  | 'importNameTwice'
  /** The write was asked without confirming the dry run's warnings (`confirmWarnings`); {0}: how many (400). */
  | 'importWarningsNotConfirmed'
  /** Another import is being written (issue 40); {0}: its files, {1}: who began it, {2}: when (400). */
  | 'importRunning'
  /** A running import resumed finds its plan changed (the cooperative's terms or members meanwhile); {0}: the import's id (400). */
  | 'importPlanChanged'
  /** A member number of a running import was given to another member meanwhile; {0}: the number (decision 301). */
  | 'importMemberNrTakenMeanwhile'
  /** A member of a running import was changed meanwhile (a posting…); {0}: its number (decision 301). */
  | 'importMemberChangedMeanwhile'
  /** A year's closure was begun while a running import was being written; {0}: the year (decision 311). */
  | 'importYearClosedMeanwhile'
  /** The import to abandon is not being written (it ended, or was abandoned already); {0}: its id (409; issue 40). */
  | 'importNotRunning'
  /** The upload is larger than the import takes; {0}: files at most, {1}: MB per file, {2}: MB in all (413). */
  | 'importUploadTooLarge'
  /** A sheet of more rows than the import reads; {0}: the file, {1}: the limit, {2}: the sheet. */
  | 'importTooManyRows'
  /** A row of more columns than the import reads; {0}: the file, {1}: the limit, {2}: where. */
  | 'importTooManyColumns'
  /** A cell longer than the import reads; {0}: the file, {1}: the limit in characters, {2}: where. */
  | 'importCellTooLong'
  /** A CSV record longer than the import reads; {0}: the file, {1}: the limit in characters, {2}: where. */
  | 'importRowTooLong'
  /** A file of more cells than the import reads; {0}: the file, {1}: the limit. */
  | 'importTooManyCells'
  /** A file of more text than the import reads; {0}: the file, {1}: the limit in characters. */
  | 'importTooMuchText'
  /** A workbook that unzips to more than the import reads; {0}: the file, {1}: the limit in MB. */
  | 'importWorkbookTooLarge'
  /** A workbook of more parts than the import reads; {0}: the file, {1}: the limit. */
  | 'importWorkbookTooManyParts'
  /** A workbook part packed tighter than a spreadsheet program packs (a zip bomb); {0}: the file, {1}: the ratio, {2}: the part. */
  | 'importWorkbookPackedTooTight'
  /** Reading a file took longer than its time budget; {0}: the file, {1}: the seconds. */
  | 'importReadTooLong'
  /** Reading a file needed more memory than its budget; {0}: the file, {1}: the MB. */
  | 'importReadTooLarge'
  /** A sheet with a header and no data rows (a problem of the sheet); {0}: the sheet. */
  | 'importSheetWithoutRows'
  /** A settled leaver's payout day or amount on a postings row that is no end (only 2, 6, 7 and 8 are settled; issue 42). */
  | 'importSettlementNotAnEnd';

/** Every import template at run time (the console's and the problem texts' tests). */
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
  'importUnreadableFile',
  'importFileIsOds',
  'importFileIsXls',
  'importFileNotText',
  'importQuoteNotClosed',
  'importBomNotUtf8',
  'importWorkbookDamaged',
  'importFormulaNotCalculated',
  'importReadStopped',
  'importInvalidChoice',
  'importCellError',
  'importUnsupportedDelimiter',
  'importTaxIdOfMember',
  'importTaxIdTwice',
  'importIbanOfMember',
  'importIbanTwice',
  'importNameOfMember',
  'importNameTwice',
  'importWarningsNotConfirmed',
  'importRunning',
  'importPlanChanged',
  'importMemberNrTakenMeanwhile',
  'importMemberChangedMeanwhile',
  'importYearClosedMeanwhile',
  'importNotRunning',
  'importUploadTooLarge',
  'importTooManyRows',
  'importTooManyColumns',
  'importCellTooLong',
  'importRowTooLong',
  'importTooManyCells',
  'importTooMuchText',
  'importWorkbookTooLarge',
  'importWorkbookTooManyParts',
  'importWorkbookPackedTooTight',
  'importReadTooLong',
  'importReadTooLarge',
  'importSheetWithoutRows',
  'importSettlementNotAnEnd',
];
