/** English texts of the limits' templates (contracts/src/limit-templates.ts), spread into VALIDATION_MESSAGES_EN. */
export const LIMIT_MESSAGES_EN = {
  tooLong: 'At most %{0} characters',
  dateOutOfRange: 'Enter a date from %{0} to %{1}',
  controlCharacters: 'Must not contain control characters',
  tooManyTerms: 'At most %{0} terms',
  renderBudgetExceeded:
    'The file could not be made within its limit of %{0} seconds and %{1} MB; please try again later or, for a PDF, choose fewer members',
  renderBusy: 'Other PDFs and lists are being made just now. Please try again in a minute.',
  csvBodyBusy: 'Other files are being received just now. Please try again in a minute.',
  sepaNameNotRepresentable:
    'The account holder’s name cannot be written in the SEPA file (only Latin letters, digits and a few signs are allowed); enter it in Latin letters (member no. %{0})',
};
