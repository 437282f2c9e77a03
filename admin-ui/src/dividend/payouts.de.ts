import type { payoutsEn } from './payouts.en';

/** German texts of the closure's papers (issue 25), merged into `de.ts` as `coop.payouts`; formal ("Sie"). */
export const payoutsDe: Record<keyof typeof payoutsEn, string> = {
  title: 'Auszahlung und Steuerunterlagen',
  taxCertificates: 'Steuerbescheinigungen',
  taxCertificatesChurch:
    'Die Steuerbescheinigungen nennen die Religionsgemeinschaft jedes Mitglieds: Nur Sachbearbeiter, die Kirchensteuerdaten lesen dürfen, können sie herunterladen.',
  taxCertificatesIssued: 'Steuerbescheinigungen ausgestellt am %{date}',
  reissueTitle: 'Steuerbescheinigungen erneut herunterladen?',
  reissueText:
    'Die Steuerbescheinigungen dieses Abschlusses wurden am %{date} ausgestellt. Ein erneuter Download stellt die Bescheinigung jedes Mitglieds als Ersatzbescheinigung aus (§ 45a Abs. 5 EStG) und vermerkt jede Ersatzbescheinigung dauerhaft.',
  reissueConfirm: 'Ersatzbescheinigungen ausstellen',
  sepa: 'Zahlungsliste (SEPA)',
  taxReturnCsv: 'Steueranmeldung (CSV)',
  taxReturnPdf: 'Steueranmeldung (PDF)',
  sepaChecking: 'Es wird geprüft, ob die Zahlungsliste erstellt werden kann …',
  sepaReady:
    'Zahlungsliste: %{smart_count} Überweisung, Summe %{sum} |||| Zahlungsliste: %{smart_count} Überweisungen, Summe %{sum}',
  sepaImpossible: 'Die Zahlungsliste kann nicht erstellt werden:',
  background:
    'Die Steuerbescheinigungen werden im Hintergrund erstellt; Sie können sie unter Aufgaben herunterladen, sobald sie fertig sind.',
  toTasks: 'Zu den Aufgaben',
  downloadFailed: 'Der Download ist fehlgeschlagen: %{message}',
  memberCertificateHead: 'Steuerbescheinigung',
  memberCertificate: 'Steuerbescheinigung',
  memberCertificateOf: 'Steuerbescheinigung %{year} herunterladen',
  correctCertificate: 'Berichtigte Bescheinigung',
  correctCertificateOf: 'Berichtigte Bescheinigung %{year} ausstellen',
  correctTitle: 'Berichtigte Steuerbescheinigung %{year}',
  correctIntro:
    'Die Bescheinigung wird mit den heutigen Daten neu erstellt und als „Berichtigte Bescheinigung“ gekennzeichnet (§ 45a Abs. 6 EStG). Der Grund wird aufgedruckt und festgehalten.',
  correctReason: 'Grund der Berichtigung',
  correctIssue: 'Ausstellen und herunterladen',
  cancel: 'Abbrechen',
  certificateIssues: 'Ausgestellt: %{versions}',
  version_original: 'Original',
  version_replacement: 'Ersatzbescheinigung',
  version_corrected: 'berichtigt',
};
