import { LIMIT_MESSAGES_EN } from './limits.en.js';
import { SHARE_PAYMENT_MESSAGES_EN } from './share-payments.en.js';

/**
 * English texts of the API's templates (`ValidationTemplate`, the answers' templates) and the console's own input
 * checks, as plain constants: the console's `coop.validation` (admin-ui/src/i18n/en.ts) and the server's problem texts
 * (the import's problems workbook and command line, issue 29) read the same texts. `%{0}` is the first numbered
 * parameter, `%{template}` the template (react-admin's polyglot syntax). German in `validation.de.ts`.
 */
export const VALIDATION_MESSAGES_EN = {
  ...LIMIT_MESSAGES_EN,
  ...SHARE_PAYMENT_MESSAGES_EN,
  mustNotBeEmpty: 'Must not be empty',
  // The settlement with those who leave (issue 42).
  settlementAlreadyPaid: 'This settlement is already recorded (paid on %{0})',
  settlementNothingPaidOn:
    'No settlement of this year is recorded as paid on %{0}: record the payouts first (select the leavers, then “Record payout”), then make the file',
  endSettled:
    'The settlement of this end was paid out on %{0}: correct the recorded settlement first (Settlements, “Correct”), then annul the posting',
  transferBeforeSettledEnd:
    'The member’s end was settled (paid out on %{0}): a transfer before it would change the holding paid out; correct the recorded settlement first (Settlements, “Correct”)',
  settlementNotPaid: 'This settlement is not recorded: there is nothing to correct',
  settlementEndUnknown: 'This member has no such end of membership or of shares',
  settlementBeforeEnd: 'The payout date must lie after the end of the membership (%{0})',
  settlementTopUpBeforePayout: 'The top-up must not lie before the latest payout (%{0})',
  settlementEndNotReached: 'This end takes effect on %{0}: its settlement can be recorded from that day on',
  heirsAccountMissing: "The member has died: enter the heirs' account holder and IBAN before the payout",
  heirsOnlyAfterDeath: "An heirs' account is entered only for a member whose membership ended by death",
  settlementAccountMissing: "No valid IBAN for the settlement's payout",
  settlementAboveHolding: 'The settlement %{0} is more than the holding booked out (%{1})',
  lossShareBeforeYearEnd:
    "The loss share of %{0} is decided on that year's annual accounts: the decision must lie after %{1}",
  lossSharePercentInvalid: 'A percentage above 0 and at most 100, with at most 4 decimals',
  isNotEqual: 'Passwords are not equal',
  passwordRequired: 'A password is required',
  passwordTooShort: 'At least %{0} characters',
  passwordTooCommon: 'This password is among the most common ones; choose another',
  passwordContainsUsername: 'The password must not be or contain the user name',
  currentPasswordWrong: 'The current password is not correct',
  ownPasswordNeedsCurrent: 'Your own password is changed with your current one: use “Change password” in the user menu',
  invalidTaxId: 'Invalid tax ID (11 digits)',
  invalidTaxNumber: 'Invalid tax number',
  invalidIban: 'Invalid IBAN',
  invalidBic: 'Invalid BIC',
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid web address (http:// or https://)',
  invalidNumber: 'Invalid value provided',
  usernameTaken: 'This username is already taken',
  usernameLookAlike:
    'Only ordinary letters, digits and signs: no invisible characters and no full-width or other look-alike forms',
  invalidRole: 'Unknown role %{0}',
  invalidElmaFs: 'Must be 8 digits, start with 1, 3, 5 or 7 and not end with 0',
  invalidElmaKm: 'Must be exactly 11 digits',
  invalidChoice: 'Value not valid',
  unknownField: 'Unknown field %{0}',
  bodyMustBeObject: 'The request must send its fields as one object',
  mustBeAtLeast: 'Must be at least %{0}',
  mustBeAtMost: 'Must be at most %{0}',
  exitBeforeEntry: 'The exit cannot lie before the entry on %{0}',
  postingAfterEnd: 'A posting dated %{0} lies after the end of the membership on %{1}; annul it first',
  withdrawalLeavesTooFew: 'The member holds %{0} shares on %{2}; at least %{1} must remain',
  extraordinaryNeedsFullYear:
    'An extraordinary notice is possible after one full financial year of membership, from %{0}',
  cannotDeleteSelf: 'You cannot delete your own user',
  lastAdministrator:
    'This is the cooperative’s last administrator: give another user the administrator role first, so that someone can still manage users and settings',
  retentionHoldAlreadySet: 'The member is already held from the data-protection clean-up',
  retentionHoldNotSet: 'The member is not held',
  memberErased: 'The personal data of this member were erased (data protection)',
  memberChangedMeanwhile:
    'Someone else changed this member while you were editing. Reload the member and enter your change again',
  cooperativeChangedMeanwhile:
    'Someone else changed the cooperative while you were editing. Reload the cooperative and enter your change again',
  recordChangedMeanwhile:
    'Someone else changed this entry while you were editing. Reload it and enter your change again',
  invalidAmount: 'Enter an amount in euro, e.g. 250,00',
  selectTarget: 'Please select target member',
  canNotTransferToSelf: 'You must not transfer from a member to the same member!',
  atLeastAmountMustRemain:
    'At least %{0} € must remain after the posting. Shares held: %{1}, of which at most %{2} can leave.',
  memberHasExited: 'The member has exited; no further postings',
  cannotAnnul: 'This posting cannot be annulled',
  memberNrTaken: 'Member number %{0} is already taken',
  taxIdTaken: 'This tax ID belongs to member %{0} (%{1}): a tax ID belongs to one person',
  invalidDate: 'Invalid date',
  holdingWouldBeNegative: 'The holding would become negative',
  paymentsReceivedOnPosting:
    '%{0} € were received on these shares: annulled, the money would leave the paid-in capital without a record. Record the debit’s return, or refund the money and correct the payment in the share register, then annul',
  transferBeforeMembership: 'The receiving member is a member from %{0}: date the transfer on or after that day',
  endBeforeAdmission:
    'The member is a member from %{0} (declaration and admission, § 15 GenG): an end cannot be dated before that day',
  admissionAfterEnd: 'An end of the membership is recorded from %{0}: the admission cannot lie after that day',
  mustBeEmpty: 'Must be empty for this type',
  shareCostNotSet: 'The cooperative has no share price yet',
  wholeNumber: 'Enter a whole number of at least 1',
  spouseNeededForJoint: 'Either select a spouse or change to single exemption order',
  endDateMustBeAfterStartDate: 'End date must be after start date',
  startDateMustNotBeEmpty: 'Start date must not be empty',
  endDateMustNotBeEmpty: 'End date must not be empty',
  dateRangeExceeds: 'The date range exceeds %{0} years',
  yearOutOfRange: 'Choose a year from %{0} to %{1}',
  mustBeGreaterThan: 'Must be greater than %{0}',
  amountExceedsAllowance: "The amount exceeds the saver's allowance of %{0} € for %{1}",
  conflictExemptionOrder: 'Conflict with another exemption order of this member (marked below)',
  conflictNonAssessment: 'Conflict with another non-assessment certificate of this member (marked below)',
  postalSalutationDoesNotFitLegalForm:
    'This letter salutation does not fit the legal form: a firm is addressed as "Dear Sir or Madam", a person by name',
  exemptionOrderNotForLegalEntity: "A legal entity cannot give an exemption order (no saver's allowance)",
  exemptionOrderNotForNonResident:
    'A member living abroad cannot give an exemption order (only for taxpayers resident in Germany)',
  jointOrderNeedsSpouse: "A joint order needs a spouse or civil partner recorded in the member's master data",
  jointOrderOfSpouseOverlaps: 'The spouse %{0} already holds a joint exemption order for this period',
  nonAssessmentNotForNonResident:
    'A member living abroad cannot hold a certificate of type %{0} (only for taxpayers resident in Germany)',
  dateInFuture: 'The date %{0} lies in the future',
  approvalBeforeDeclaration: 'The approval lies before the declaration of %{0}',
  interestBeginBeforeEntry: 'The interest begins before the entry on %{0}',
  unknown: 'Invalid value (%{template})',
  invalidCredentials: 'Invalid username or password',
  tooManySignInAttempts: 'Too many failed sign-in attempts, try again in %{0} seconds',
  sessionExpired: 'Your session has expired or is not valid. Please sign in again.',
  notAllowed: 'Your roles do not allow this action.',
  rolesNotHeld: 'You may not grant or remove roles you do not hold: %{0}',
  onlySuperAdminDeletesSuperAdmin: 'Only a super administrator may delete a super administrator.',
  onlySuperAdminChangesSuperAdmin: 'Only a super administrator may change a super administrator.',
  userHoldsRolesNotHeld: 'You may change only users whose roles you all hold yourself; this user also holds: %{0}',
  onlySuperAdminOtherCooperative: 'Only a super administrator may create users in another cooperative.',
  notFound: '%{0} not found',
  memberNotFound: 'Member not found',
  postingNotFound: 'Posting not found',
  userNotFound: 'User not found',
  cooperativeNotFound: 'Cooperative not found',
  statisticsNotFound: 'No figures for this cooperative yet',
  elmaNumberNotFound: 'ELMA number not found',
  exemptionOrderNotFound: 'Exemption order not found',
  nonAssessmentNotFound: 'Non-assessment certificate not found',
  dividendNotFound: 'Dividend closure not found',
  settlementNotFound: 'Settlement not found',
  importNotFound: 'Import not found',
  sharePaymentNotFound: 'Share payment not found',
  mandateNotFound: 'Direct-debit mandate not found',
  directDebitCollectionNotFound: 'Direct-debit collection not found',
  reminderRunNotFound: 'Reminder run not found',
  paymentReminderNotFound: 'Reminder not found',
  routeNotFound: 'The server does not know this request (%{0})',
  conflict: 'The record was changed by someone else at the same time. Please reload and try again.',
  rebuildInWorker:
    'The projections run in a separate worker here: stop it and rebuild with "npm run projections:rebuild".',
  notYetShown: 'Your last change is saved but does not show yet. Please try again in a moment.',
  importBusy: 'Other import files are being read just now. Please try again in a minute.',
  bankStatementBusy: 'Other bank statements are being read just now. Please try again in a minute.',
  internalError:
    'The server could not complete this request. Please try again; if it fails again, tell your administrator.',
  requestFailed: 'The request failed (HTTP %{0})',
  // The dividend's closure (issue 23): what refuses it.
  missingPaymentDate: 'Missing payment date',
  missingDecisionDate: 'Missing decision date',
  currentYearClosure: 'Cannot create closure for current year.',
  yearAlreadyClosed: 'Year %{0} is already closed',
  closureInProgress: 'The closure of %{0} is still being written (closing); try again once it is closed',
  closureInterrupted:
    'The closure of %{0} was interrupted (the server restarted while writing it) and is not finished yet. Send the same request again, or it is finished at the next start of the server',
  missingCooperativeBankname: "The cooperative's bank name is missing",
  missingCooperativeIban: "The cooperative's IBAN is missing",
  missingCooperativeBic: "The cooperative's BIC is missing",
  taxIdMissing: 'FSA impossible for this member, no tax id provided! (member no. %{0})',
  nvTaxIdMissing:
    'Non-assessment certificate (NV): the exemption cannot be reported, no tax id provided (member no. %{0})',
  spouseTaxIdMissing: "Joint FSA impossible, the spouse's tax id is missing (member no. %{0})",
  closedYear: 'The year %{0} is closed: corrections go into the next open year.',
  missingCooperativeName: "The cooperative's name is missing",
  memberBankDataMissing: 'No valid IBAN for members with a payout (member no. %{0})',
  sepaNothingToPay: 'No member has a payout above zero: there is nothing to transfer',
  dividendHeirsAccountMissing:
    "Deceased, the heirs' account is not recorded: the dividend goes to the member's account (member no. %{0}); the heirs' account is recorded under Settlements",
  sepaExecutionMoved:
    'The payment day %{0} has passed: the file asks the bank to execute it on %{1} (today); the books keep the payment day',
  missingCooperativeTaxOffice:
    "The cooperative's tax office is missing (cooperative master data): no tax certificate can be issued without it",
  missingCooperativeTaxNumber:
    "The cooperative's tax number is missing (cooperative master data): no tax certificate can be issued without it",
  taxCertificateNotIssued:
    'This member has not been issued a tax certificate for this closure yet: there is nothing to correct',
  taxCertificateUnchanged:
    'The corrected certificate of %{0} is still correct: there is nothing to correct. Asked with its own reason, it is issued again',
  taxCertificatesAllErased:
    'The personal data of every member paid in this closure were erased (data protection): there is no tax certificate to issue',
  // The import of a member register (issue 29; contracts/src/import-templates.ts).
  importUnknownKind: 'The kind of sheet %{0} is not recognised (members, postings, exemption orders, non-assessments)',
  importUnmappedRequired: 'No column is mapped to the required field %{0}',
  importMemberNrTaken: 'Member number %{0} is already taken in the cooperative',
  importMemberNrTwice: 'Member number %{0} appears twice (first in row %{1})',
  importMemberUnknown: 'Member number %{0} is not in the import',
  importHoldingDiffers: 'The file gives %{0}, the postings come to %{1}',
  importSettlementNotAnEnd:
    'A settlement (payout day, amount) belongs to an end only: partial termination (2), death (6), exclusion (7) or exit (8)',
  importAmountDiffers: 'The file gives the amount %{0}, the posting amounts to %{1}',
  importTransferWithoutPair: 'The other half of this transfer is missing',
  importAnnulledPostingUnknown: 'The annulled posting %{0} is not found',
  importEffectiveDateDiffers: 'The file gives the date %{0}, the law gives %{1}',
  importRefTwice: 'The posting reference %{0} appears twice',
  importHasProblems: 'The import has %{0} problems: nothing was written',
  importNotEmptyFile: 'No file, or a file without rows: upload at least one file with rows',
  importUnreadableFile: 'The file %{0} cannot be read as %{1} (%{2}): mend it or save it anew',
  importFileIsOds:
    'The file %{0} is an OpenDocument spreadsheet (ODS): save it as an Excel workbook (XLSX) or as CSV and upload that',
  importFileIsXls:
    'The file %{0} is an Excel 97-2003 workbook (XLS) or a workbook with a password: save it without a password as an Excel workbook (XLSX) or as CSV',
  importFileNotText:
    'The file %{0} is neither an Excel workbook (XLSX) nor a text file (CSV), but perhaps a PDF or a picture: upload the register as XLSX or CSV',
  importQuoteNotClosed:
    'In the file %{0} a quotation mark opened in row %{1} is never closed, so the rest of the file would be one cell: close or remove it',
  importBomNotUtf8:
    'The file %{0} begins as UTF-8 (a byte-order mark) but holds characters of another encoding: save it again as UTF-8',
  importWorkbookDamaged:
    'The file %{0} is damaged or not a complete Excel workbook (XLSX): open it in Excel or LibreOffice and save it again as XLSX',
  importFormulaNotCalculated:
    'In the file %{0} the formula in cell %{1} has no calculated value (a program wrote the file without calculating it): open it in Excel or LibreOffice, save it again and upload that',
  importReadStopped:
    'The file %{0} was not read to its end (another file of the upload was refused, or the reading stopped): upload it again',
  importInvalidChoice: 'Value not valid; allowed: %{1}',
  importCellError: 'The cell shows the spreadsheet error %{0}: correct its formula or its value in the file',
  importUnsupportedDelimiter: 'The file %{0} separates its columns by %{1}: save it with semicolons, commas or tabs',
  importTaxIdOfMember: 'This tax ID belongs to member %{0} (%{1}): a tax ID belongs to one person',
  importTaxIdTwice: 'This tax ID is also given in row %{0}: a tax ID belongs to one person',
  importIbanOfMember: 'The same IBAN as member %{0} (%{1}): the same person twice?',
  importIbanTwice: 'The same IBAN as row %{0}: the same person twice?',
  importNameOfMember: 'The same name and birth date as member %{0} (%{1}): the same person twice?',
  importNameTwice: 'The same name and birth date as row %{0}: the same person twice?',
  importRunning:
    'Another import is being written (%{0}, begun by %{1} at %{2}): wait for its end, repeat that import to finish it, or abandon it on the import page (administrators)',
  importNotRunning: 'The import %{0} is not being written (any more): it ended or was abandoned',
  importPlanChanged:
    'The import %{0} cannot be finished as it was begun: the cooperative changed meanwhile (share terms or members). Its written part stays; ask the administrator',
  importMemberNrTakenMeanwhile:
    'The import stopped: member number %{0} was given to another member while the import was being written. It is abandoned; what it wrote before stays. Check the number and the imported members',
  importMemberChangedMeanwhile:
    'The import stopped: member %{0} was changed while the import was being written (a posting, say). It is abandoned; what it wrote before stays. Check the member and the imported members',
  importYearClosedMeanwhile:
    'The import stopped: the closure of %{0} was begun while the import was being written, and its postings may not change that year. It is abandoned; what it wrote before stays. Check the imported members',
  importWarningsNotConfirmed: 'The check found %{0} possible duplicates: confirm them to write the import',
  importUploadTooLarge:
    'The upload is too large: at most %{0} files, %{1} MB each and %{2} MB in all. Split the import into several uploads',
  importTooManyRows: 'The file %{0} has more than %{1} rows (%{2}): split it into several files',
  importTooManyColumns:
    'The file %{0} has a row of more than %{1} columns (%{2}): remove the columns that are not imported',
  importCellTooLong: 'The file %{0} has a cell of more than %{1} characters (%{2})',
  importRowTooLong: 'The file %{0} has a row of more than %{1} characters (%{2}): is a quote left open?',
  importTooManyCells: 'The file %{0} has more than %{1} cells: split it into several files',
  importTooMuchText: 'The file %{0} holds more than %{1} characters of text: split it into several files',
  importWorkbookTooLarge: 'The workbook %{0} unpacks to more than %{1} MB: split it into several files',
  importWorkbookTooManyParts:
    'The workbook %{0} consists of more than %{1} parts: save only the sheets to import in a new workbook',
  importWorkbookPackedTooTight:
    'The workbook %{0} holds a part packed more than %{1} times (%{2}), which spreadsheet programs never write: save the workbook anew',
  importReadTooLong: 'Reading the file %{0} took longer than %{1} seconds: split it into several files',
  importReadTooLarge: 'Reading the file %{0} needs more than %{1} MB of memory: split it into several files',
  importSheetWithoutRows: 'The sheet %{0} has a header but no rows: is it the file you meant, complete?',
  // The bank statements (issue 45).
  bankStatementNoFile: 'Choose a bank statement file (CAMT.053)',
  bankStatementTooLarge: 'The file is larger than %{0} MiB',
  bankStatementReadTooLong: 'The file could not be read within %{0} seconds and %{1} MB',
  bankStatementNotCamt: 'This is no CAMT.053 bank statement (UTF-8 XML)',
  bankStatementVersion:
    'This CAMT.053 version is not read (%{0}); the product reads camt.053.001.02 and camt.053.001.08',
  bankStatementDeclarations: 'The file declares a DOCTYPE or entities, which bank statements never do: refused unread',
  bankStatementTooManyEntries: 'The file holds more than %{0} entries: ask the bank for shorter statements',
  bankStatementTextTooLong:
    'A text in the file is longer than %{0} characters, or its elements nest deeper than a bank statement does',
  bankStatementTagTooLong:
    'A tag in the file (its name and attributes) is longer than %{0} characters, longer than a bank statement has one',
  bankStatementTooManyElements:
    'The file holds more than %{0} XML elements, more than a bank statement of 20 MiB can: refused unread',
  bankStatementOneStatement: 'The file holds %{0} statements; read one statement (one account) per file',
  bankStatementNoAccount: 'The statement names no account (IBAN) or no statement number',
  bankStatementAmountInvalid: 'Entry %{0}: the amount %{1} is no amount in euros and cents',
  bankStatementDateInvalid: 'Entry %{0}: no valid booking date',
  bankStatementAlreadyRead: 'This statement was read already (on %{0}); nothing is booked twice',
  bankStatementNotFound: 'Bank statement not found',
  bankStatementEntryUnknown: 'The statement has no entry %{0}',
  bankStatementEntryDone: 'Entry %{0} is confirmed or set aside already',
  bankStatementEntryNotCredit: 'Entry %{0} is no credit in euros booked on the account',
  bankStatementMemberUnknown: 'Entry %{0}: no such member, or no outstanding subscription %{1} of the member',
  bankStatementAboveOutstanding: 'Entry %{0}: the amount is more than what the member owes on shares (%{1} €)',
  bankStatementOwnDirectDebit:
    'Entry %{0} is the credit of a direct debit collected on %{1}: it was booked when the collection was made and is not booked again; set it aside',
  // SEPA direct debits (issue 45).
  mandateReferenceInvalid: "A mandate reference has 1 to 35 characters: letters, digits and / - ? : ( ) . , ' +",
  mandateReferenceTaken: 'The mandate reference %{0} is already taken by another mandate of the cooperative',
  mandateSignedInFuture: 'The date of signature must not lie after today (%{0})',
  mandateNeedsIban: 'The member has no valid IBAN in the master data: enter it first',
  mandateIbanOutsideSepa:
    "The member's IBAN (country %{0}) lies outside the SEPA area: a SEPA direct debit cannot draw it",
  mandateUnknown: 'This member has no such mandate',
  mandateAlreadyRevoked: 'This mandate was revoked on %{0}',
  mandateRevokedBeforeSigned: 'A mandate cannot be revoked before its date of signature (%{0})',
  mandateRevokedBeforeCollection:
    'A debit was collected under this mandate on %{0}: date the revocation on or after that day (a debit taken after the mandate ended would be unauthorised), or record the debit’s return first',
  collectionDateTooLate:
    'The collection date lies too far ahead: the latest is %{0}, since its debits are booked as paid in on that day when the file is made',
  collectionDateTooEarly:
    'The collection date must be a TARGET2 business day on or after %{0} (at least one business day ahead)',
  collectionDateNotBusinessDay:
    '%{0} is no TARGET2 business day (weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December)',
  creditorIdMissing: "The cooperative's payment terms name no SEPA creditor identifier",
  collectionEmpty: 'None of the selected subscriptions can be collected by direct debit',
  paymentUnknown: 'This member has no such payment',
  paymentNotDirectDebit: 'Only a payment by direct debit can be recorded as returned',
  paymentAlreadyReturned: 'This payment was already recorded as returned on %{0}',
  returnBeforePayment: "The return date must not lie before the payment's date (%{0})",
  returnReasonInvalid: 'A return reason code has up to 4 letters and digits (e.g. AC04, MD06)',
  // Payment reminders (issue 45).
  reminderDateTooEarly: 'A reminder is dated at most a week back: the earliest date is %{0}',
};
