/**
 * English texts of the movement report screen "Bestandsnachweis" (§ 338 HGB, issue 45). Loaded with the screen, not
 * merged into `en.ts`: the signed-in first load is at its size limit (350 kB gzip), and only this screen reads them
 * (`texts.ts`). German in `movement-report.de.ts`; the server's refusals are templates in `coop.validation`.
 */
export const movementReportEn = {
  title: 'Movement report %{year}',
  intro:
    'Members, shares and capital of the financial year for the notes to the annual accounts (§ 338 (1) HGB): at its start and end, and what joined and left.',
  year: 'Financial year',
  provisional: 'The year is not over yet: provisional figures (ends already noticed for 31 December included).',
  asOf: 'As of %{date}: a report of the same year shows the same figures later unless postings or payments dated in it are recorded or annulled, or payments in the register are corrected.',
  notReconciled:
    'Start or end differ from the holdings of the member list on those days, or a posting’s dated payments do not add up to its payment in the register. Please have the data checked.',
  pdf: 'Download PDF',
  xlsx: 'Download XLSX',
  downloadFailed: 'The file could not be downloaded: %{message}',
  beforeFirstYear: 'There is no movement report for %{year}: the share register begins in %{first}.',
  afterLastYear: 'There is no movement report for %{year} yet: the latest financial year is %{last}.',
  members: 'Members',
  item: 'Item',
  count: 'Number',
  start: 'At %{date}',
  joined: 'Joined',
  left: 'Left',
  end: 'At %{date}',
  endWithoutShares: 'of them without a share',
  reasons: {
    notice: 'by notice (§ 65 GenG)',
    transfer: 'by transfer of the whole holding (§ 76 GenG)',
    death: 'by death (§ 77 GenG)',
    exclusion: 'by exclusion (§ 68 GenG)',
    dissolution: 'by dissolution of a legal entity (§ 77a GenG)',
  },
  holdings: 'Shares and members’ capital',
  lines: { added: 'Added', reduced: 'Reduced' },
  shares: 'Shares',
  subscribed: 'Subscribed',
  paid: 'Paid in',
  columnsHint:
    'Subscribed: the shares at their nominal value (shares × share price). Paid in: what was paid by the day of the line (the start: 31 December of the year before; the movements and the end: 31 December of the year), the members’ capital strictly; later payments and returned debits count in the year they are dated in.',
  byKind: 'Movements by kind of posting',
  kind: 'Kind',
  postings: 'Postings',
  annulments: 'Annulments',
  annulmentsHint:
    'An annulment counts under the kind of the posting it annuls, on its own date, as the register counts it.',
  liability: 'Liability sums',
  perShare: 'Liability per share: %{amount}',
  noLiability: 'The statutes set no liability per share (the cooperative’s setting is empty).',
  amount: 'Amount',
};
