/**
 * English texts of the closure's papers (issue 25: tax certificates, SEPA payment file, KapESt return), merged into
 * `en.ts` as `coop.payouts`. German in `payouts.de.ts`.
 */
export const payoutsEn = {
  title: 'Payout and tax documents',
  taxCertificates: 'Tax certificates',
  taxCertificatesChurch:
    "The tax certificates name each member's church: only clerks who may read church data download them.",
  taxCertificatesIssued: 'Tax certificates issued on %{date}',
  reissueTitle: 'Download the tax certificates again?',
  reissueText:
    'The tax certificates of this closure were issued on %{date}. Downloading them again issues each member’s certificate as a replacement (“Ersatzbescheinigung”, § 45a Abs. 5 EStG), and every replacement is recorded for good.',
  reissueConfirm: 'Issue replacements',
  sepa: 'Payment list (SEPA)',
  taxReturnCsv: 'Tax return (CSV)',
  taxReturnPdf: 'Tax return (PDF)',
  sepaChecking: 'Checking whether the payment list can be made…',
  sepaReady:
    'Payment list: %{smart_count} transfer, total %{sum} |||| Payment list: %{smart_count} transfers, total %{sum}',
  sepaImpossible: 'The payment list cannot be made:',
  background: 'The tax certificates are being made in the background; download them from the tasks when they are done.',
  toTasks: 'Open the tasks',
  downloadFailed: 'The download failed: %{message}',
  memberCertificateHead: 'Tax certificate',
  memberCertificate: 'Tax certificate',
  memberCertificateOf: 'Download the tax certificate for %{year}',
  correctCertificate: 'Corrected certificate',
  correctCertificateOf: 'Issue a corrected certificate for %{year}',
  correctTitle: 'Corrected tax certificate %{year}',
  correctIntro:
    'The certificate is made again from today’s data and marked “Berichtigte Bescheinigung” (§ 45a Abs. 6 EStG). The reason is printed on it and recorded.',
  correctReason: 'Reason for the correction',
  correctIssue: 'Issue and download',
  cancel: 'Cancel',
  certificateIssues: 'Issued: %{versions}',
  version_original: 'original',
  version_replacement: 'replacement',
  version_corrected: 'corrected',
};
