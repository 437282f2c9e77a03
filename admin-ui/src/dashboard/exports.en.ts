/**
 * English texts of the members card's exports and PDFs (issue 26), merged into `en.ts` as `coop.exports`. German in
 * `exports.de.ts`. The files themselves carry German headers (the cooperative's working language).
 */
export const exportsEn = {
  title: 'Exports and lists',
  hint: 'As of today; the arrow beside each offers other dates.',
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  ods: 'OpenDocument (ODS)',
  memberList: 'Member list',
  memberListActive: 'Member list, active only',
  memberBalances: 'Members with shares',
  statements: 'Statements of account',
  otherDates: '%{name}: other dates',
  lastYearEnd: 'Last day of last year (%{date})',
  yearBeforeEnd: 'Last day of the year before (%{date})',
  otherDate: 'Other date…',
  calendarTitle: '%{name} as of',
  chosenDate: 'As of %{date}',
  download: 'Download',
  busy: 'Preparing %{name}…',
  saved: 'Downloaded %{file}.',
  background: '%{name} is being made in the background; it can be downloaded here or from the tasks when it is done.',
  toTasks: 'Open the tasks',
  failed: '%{name} could not be downloaded: %{message}',
  memberStatement: 'Statement of account',
  memberStatementHint: 'Download the statement of account as of today',
};
