import type { VALIDATION_MESSAGES_EN } from './validation.en.js';
import { LIMIT_MESSAGES_DE } from './limits.de.js';
import { SHARE_PAYMENT_MESSAGES_DE } from './share-payments.de.js';

/** German texts of the API's templates and the console's own input checks (the same keys as `validation.en.ts`; formal "Sie"). */
export const VALIDATION_MESSAGES_DE: Record<keyof typeof VALIDATION_MESSAGES_EN, string> = {
  ...LIMIT_MESSAGES_DE,
  ...SHARE_PAYMENT_MESSAGES_DE,
  mustNotBeEmpty: 'Darf nicht leer sein',
  // Die Auseinandersetzung mit Ausgeschiedenen (Issue 42).
  settlementAlreadyPaid: 'Diese Auseinandersetzung ist bereits erfasst (ausgezahlt am %{0})',
  settlementNothingPaidOn:
    'Für den %{0} ist keine Auszahlung dieses Jahres erfasst: Erfassen Sie zuerst die Auszahlungen (Ausgeschiedene wählen, dann „Auszahlung erfassen“), dann die Datei',
  endSettled:
    'Die Auseinandersetzung zu diesem Ende wurde am %{0} ausgezahlt: Bitte korrigieren Sie zuerst die erfasste Auseinandersetzung (Auseinandersetzung, „Korrigieren“) und stornieren Sie dann die Buchung',
  transferBeforeSettledEnd:
    'Die Auseinandersetzung zum Ende des Mitglieds wurde am %{0} ausgezahlt: Eine Übertragung davor würde das ausgezahlte Guthaben ändern; bitte korrigieren Sie zuerst die erfasste Auseinandersetzung (Auseinandersetzung, „Korrigieren“)',
  settlementNotPaid: 'Diese Auseinandersetzung ist nicht erfasst: Es gibt nichts zu korrigieren',
  settlementEndUnknown: 'Für dieses Mitglied gibt es kein solches Ende der Mitgliedschaft oder von Anteilen',
  settlementBeforeEnd: 'Das Auszahlungsdatum muss nach dem Ende der Mitgliedschaft (%{0}) liegen',
  settlementTopUpBeforePayout: 'Die Nachzahlung darf nicht vor der letzten Auszahlung (%{0}) liegen',
  settlementEndNotReached:
    'Dieses Ende wird erst am %{0} wirksam: Die Auseinandersetzung kann ab diesem Tag erfasst werden',
  heirsAccountMissing: 'Das Mitglied ist verstorben: Bitte vor der Auszahlung Kontoinhaber und IBAN der Erben erfassen',
  heirsOnlyAfterDeath: 'Ein Erbenkonto wird nur für ein durch Tod ausgeschiedenes Mitglied erfasst',
  settlementAccountMissing: 'Keine gültige IBAN für die Auszahlung des Auseinandersetzungsguthabens',
  settlementAboveHolding: 'Das Auseinandersetzungsguthaben %{0} ist höher als das ausgebuchte Geschäftsguthaben (%{1})',
  lossShareBeforeYearEnd:
    'Über den Verlustanteil %{0} wird mit dem Jahresabschluss dieses Jahres beschlossen: der Beschluss muss nach dem %{1} liegen',
  lossSharePercentInvalid: 'Ein Prozentsatz über 0 und höchstens 100, mit höchstens 4 Nachkommastellen',
  isNotEqual: 'Passwörter stimmen nicht überein',
  passwordRequired: 'Ein Passwort ist erforderlich',
  passwordTooShort: 'Mindestens %{0} Zeichen',
  passwordTooCommon: 'Dieses Passwort gehört zu den häufigsten; bitte wählen Sie ein anderes',
  passwordContainsUsername: 'Das Passwort darf nicht der Benutzername sein oder ihn enthalten',
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht richtig',
  ownPasswordNeedsCurrent:
    'Ihr eigenes Passwort ändern Sie mit Ihrem aktuellen Passwort: über „Passwort ändern“ im Benutzermenü',
  invalidTaxId: 'Ungültige Steuer-ID (11 Ziffern)',
  invalidTaxNumber: 'Ungültige Steuernummer',
  invalidIban: 'Ungültige IBAN',
  invalidBic: 'Ungültige BIC',
  invalidEmail: 'Ungültige E-Mail-Adresse',
  invalidUrl: 'Ungültige Webadresse (http:// oder https://)',
  invalidNumber: 'Ungültiger Wert',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben',
  usernameLookAlike:
    'Nur gewöhnliche Buchstaben, Ziffern und Zeichen: keine unsichtbaren Zeichen und keine breiten oder sonst ähnlich aussehenden Formen',
  invalidRole: 'Unbekannte Rolle %{0}',
  invalidElmaFs: 'Muss 8 Ziffern haben, mit 1, 3, 5 oder 7 beginnen und darf nicht auf 0 enden',
  invalidElmaKm: 'Muss genau 11 Ziffern haben',
  invalidChoice: 'Ungültige Auswahl',
  unknownField: 'Unbekanntes Feld %{0}',
  bodyMustBeObject: 'Die Anfrage muss ihre Felder als ein Objekt senden',
  mustBeAtLeast: 'Muss mindestens %{0} sein',
  mustBeAtMost: 'Darf höchstens %{0} sein',
  exitBeforeEntry: 'Das Ausscheiden kann nicht vor dem Eintritt am %{0} liegen',
  postingAfterEnd:
    'Eine Buchung vom %{0} liegt nach dem Ende der Mitgliedschaft am %{1}; bitte stornieren Sie sie zuerst',
  withdrawalLeavesTooFew: 'Das Mitglied hält am %{2} %{0} Anteile; mindestens %{1} müssen verbleiben',
  extraordinaryNeedsFullYear:
    'Eine außerordentliche Kündigung ist erst nach einem vollen Geschäftsjahr der Mitgliedschaft möglich, ab %{0}',
  cannotDeleteSelf: 'Sie können Ihren eigenen Benutzer nicht löschen',
  lastAdministrator:
    'Dies ist der letzte Administrator der Genossenschaft: Geben Sie zuerst einem anderen Benutzer die Administratorrolle, damit weiterhin jemand Benutzer und Einstellungen verwalten kann',
  retentionHoldAlreadySet: 'Das Mitglied ist bereits von der Datenschutz-Bereinigung ausgenommen',
  retentionHoldNotSet: 'Das Mitglied ist nicht von der Bereinigung ausgenommen',
  memberErased: 'Die personenbezogenen Daten dieses Mitglieds wurden gelöscht (Datenschutz)',
  memberChangedMeanwhile:
    'Das Mitglied wurde während Ihrer Bearbeitung von jemand anderem geändert. Bitte neu laden und die Änderung erneut erfassen',
  cooperativeChangedMeanwhile:
    'Die Genossenschaft wurde während Ihrer Bearbeitung von jemand anderem geändert. Bitte neu laden und die Änderung erneut erfassen',
  recordChangedMeanwhile:
    'Der Eintrag wurde während Ihrer Bearbeitung von jemand anderem geändert. Bitte neu laden und die Änderung erneut erfassen',
  invalidAmount: 'Bitte geben Sie einen Betrag in Euro ein, z. B. 250,00',
  selectTarget: 'Bitte wählen Sie das Zielmitglied',
  canNotTransferToSelf: 'Eine Übertragung an dasselbe Mitglied ist nicht möglich.',
  atLeastAmountMustRemain:
    'Nach der Buchung müssen mindestens %{0} € verbleiben. Anteile im Bestand: %{1}, davon können höchstens %{2} abgehen.',
  memberHasExited: 'Das Mitglied ist ausgeschieden; weitere Buchungen sind nicht möglich',
  cannotAnnul: 'Diese Buchung kann nicht storniert werden',
  memberNrTaken: 'Die Mitgliedsnummer %{0} ist bereits vergeben',
  taxIdTaken: 'Diese Steuer-ID gehört Mitglied %{0} (%{1}): Eine Steuer-ID gehört genau einer Person',
  invalidDate: 'Ungültiges Datum',
  holdingWouldBeNegative: 'Der Bestand würde negativ werden',
  paymentsReceivedOnPosting:
    'Auf diese Anteile wurden %{0} € eingezahlt: Mit der Stornierung verließe das Geld das Geschäftsguthaben ohne Nachweis. Bitte erfassen Sie zuerst die Rücklastschrift oder erstatten Sie das Geld und korrigieren Sie die Einzahlung im Anteilsregister, dann stornieren Sie',
  transferBeforeMembership:
    'Das empfangende Mitglied ist ab dem %{0} Mitglied: Bitte datieren Sie die Übertragung auf diesen Tag oder später',
  endBeforeAdmission:
    'Das Mitglied ist ab dem %{0} Mitglied (Beitrittserklärung und Zulassung, § 15 GenG): Ein Ende kann nicht vor diesem Tag liegen',
  admissionAfterEnd:
    'Für das Mitglied ist ab dem %{0} ein Ende der Mitgliedschaft erfasst: Die Zulassung kann nicht nach diesem Tag liegen',
  mustBeEmpty: 'Muss bei dieser Buchungsart leer bleiben',
  shareCostNotSet: 'Für die Genossenschaft ist noch kein Anteilspreis hinterlegt',
  wholeNumber: 'Bitte geben Sie eine ganze Zahl ab 1 ein',
  spouseNeededForJoint: 'Bitte wählen Sie einen Ehegatten oder ändern Sie auf Einzel-Freistellungsauftrag',
  endDateMustBeAfterStartDate: 'Das Enddatum muss nach dem Startdatum liegen',
  startDateMustNotBeEmpty: 'Das Startdatum darf nicht leer sein',
  endDateMustNotBeEmpty: 'Das Enddatum darf nicht leer sein',
  dateRangeExceeds: 'Der Zeitraum überschreitet %{0} Jahre',
  yearOutOfRange: 'Bitte wählen Sie ein Jahr zwischen %{0} und %{1}',
  mustBeGreaterThan: 'Muss größer als %{0} sein',
  amountExceedsAllowance: 'Der Betrag übersteigt den Sparer-Pauschbetrag von %{0} € für %{1}',
  conflictExemptionOrder: 'Überschneidung mit einem anderen Freistellungsauftrag des Mitglieds (unten markiert)',
  conflictNonAssessment: 'Überschneidung mit einer anderen NV-Bescheinigung des Mitglieds (unten markiert)',
  postalSalutationDoesNotFitLegalForm:
    'Diese Briefanrede passt nicht zur Rechtsform: Eine Firma wird mit „Sehr geehrte Damen und Herren“ angeschrieben, eine Person mit Namen',
  exemptionOrderNotForLegalEntity:
    'Juristische Personen können keinen Freistellungsauftrag erteilen (kein Sparer-Pauschbetrag)',
  exemptionOrderNotForNonResident:
    'Mitglieder mit Wohnsitz im Ausland können keinen Freistellungsauftrag erteilen (nur unbeschränkt Steuerpflichtige)',
  jointOrderNeedsSpouse:
    'Ein gemeinsamer Freistellungsauftrag setzt einen in den Stammdaten erfassten Ehegatten oder Lebenspartner voraus',
  jointOrderOfSpouseOverlaps:
    'Der Ehegatte %{0} hat für diesen Zeitraum bereits einen gemeinsamen Freistellungsauftrag',
  nonAssessmentNotForNonResident:
    'Mitglieder mit Wohnsitz im Ausland können keine Bescheinigung der Art %{0} haben (nur unbeschränkt Steuerpflichtige)',
  dateInFuture: 'Das Datum %{0} liegt in der Zukunft',
  approvalBeforeDeclaration: 'Die Zulassung liegt vor der Beitrittserklärung vom %{0}',
  interestBeginBeforeEntry: 'Der Zinsbeginn liegt vor dem Eintritt am %{0}',
  unknown: 'Ungültiger Wert (%{template})',
  invalidCredentials: 'Benutzername oder Passwort ist falsch',
  tooManySignInAttempts: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in %{0} Sekunden erneut.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  notAllowed: 'Ihre Rollen erlauben diese Aktion nicht.',
  rolesNotHeld: 'Sie können nur Rollen vergeben oder entziehen, die Sie selbst haben: %{0}',
  onlySuperAdminDeletesSuperAdmin: 'Nur ein Super-Administrator kann einen Super-Administrator löschen.',
  onlySuperAdminChangesSuperAdmin: 'Nur ein Super-Administrator kann einen Super-Administrator ändern.',
  userHoldsRolesNotHeld:
    'Sie können nur Benutzer ändern, deren Rollen Sie alle selbst haben; dieser Benutzer hat auch: %{0}',
  onlySuperAdminOtherCooperative: 'Nur ein Super-Administrator kann Benutzer in einer anderen Genossenschaft anlegen.',
  notFound: '%{0} nicht gefunden',
  memberNotFound: 'Mitglied nicht gefunden',
  postingNotFound: 'Buchung nicht gefunden',
  userNotFound: 'Benutzer nicht gefunden',
  cooperativeNotFound: 'Genossenschaft nicht gefunden',
  statisticsNotFound: 'Für diese Genossenschaft gibt es noch keine Zahlen',
  elmaNumberNotFound: 'ELMA-Kennnummer nicht gefunden',
  exemptionOrderNotFound: 'Freistellungsauftrag nicht gefunden',
  nonAssessmentNotFound: 'NV-Bescheinigung nicht gefunden',
  dividendNotFound: 'Dividendenabschluss nicht gefunden',
  settlementNotFound: 'Auseinandersetzung nicht gefunden',
  importNotFound: 'Import nicht gefunden',
  sharePaymentNotFound: 'Zahlung auf Geschäftsanteile nicht gefunden',
  mandateNotFound: 'SEPA-Lastschriftmandat nicht gefunden',
  directDebitCollectionNotFound: 'Lastschrifteinzug nicht gefunden',
  reminderRunNotFound: 'Mahnlauf nicht gefunden',
  paymentReminderNotFound: 'Mahnung nicht gefunden',
  routeNotFound: 'Der Server kennt diese Anfrage nicht (%{0})',
  conflict:
    'Der Datensatz wurde gleichzeitig von jemand anderem geändert. Bitte laden Sie ihn neu und versuchen Sie es noch einmal.',
  rebuildInWorker:
    'Die Projektionen laufen hier in einem eigenen Prozess: Beenden Sie ihn und bauen Sie sie mit „npm run projections:rebuild“ neu auf.',
  notYetShown:
    'Ihre letzte Änderung ist gespeichert, wird aber noch nicht angezeigt. Bitte versuchen Sie es gleich noch einmal.',
  importBusy: 'Gerade werden andere Importdateien gelesen. Bitte versuchen Sie es in einer Minute noch einmal.',
  bankStatementBusy: 'Gerade werden andere Kontoauszüge gelesen. Bitte versuchen Sie es in einer Minute noch einmal.',
  internalError:
    'Der Server konnte diese Anfrage nicht ausführen. Bitte versuchen Sie es noch einmal; schlägt es erneut fehl, wenden Sie sich an Ihre Administration.',
  requestFailed: 'Die Anfrage ist fehlgeschlagen (HTTP %{0})',
  // Der Jahresabschluss der Dividende (Issue 23): was ihn verhindert.
  missingPaymentDate: 'Das Auszahlungsdatum fehlt',
  missingDecisionDate: 'Das Beschlussdatum fehlt',
  currentYearClosure: 'Für das laufende Jahr kann kein Abschluss erstellt werden.',
  yearAlreadyClosed: 'Das Jahr %{0} ist bereits abgeschlossen',
  closureInProgress: 'Der Abschluss %{0} läuft noch (Abschluss läuft); bitte warten Sie, bis er abgeschlossen ist',
  closureInterrupted:
    'Der Abschluss %{0} wurde unterbrochen (der Server wurde beim Schreiben neu gestartet) und ist noch nicht fertig. Senden Sie dieselbe Anfrage noch einmal, sonst wird er beim nächsten Start des Servers beendet',
  missingCooperativeBankname: 'Der Name der Bank der Genossenschaft fehlt',
  missingCooperativeIban: 'Die IBAN der Genossenschaft fehlt',
  missingCooperativeBic: 'Die BIC der Genossenschaft fehlt',
  taxIdMissing:
    'Freistellungsauftrag für dieses Mitglied nicht möglich, keine Steuer-ID angegeben! (Mitglied Nr. %{0})',
  nvTaxIdMissing:
    'NV-Bescheinigung: Die Freistellung kann nicht gemeldet werden, keine Steuer-ID angegeben (Mitglied Nr. %{0})',
  spouseTaxIdMissing:
    'Gemeinsamer Freistellungsauftrag nicht möglich, die Steuer-ID des Ehegatten fehlt (Mitglied Nr. %{0})',
  closedYear: 'Das Jahr %{0} ist abgeschlossen: Korrekturen gehören in das nächste offene Jahr.',
  missingCooperativeName: 'Der Name der Genossenschaft fehlt',
  memberBankDataMissing: 'Keine gültige IBAN bei Mitgliedern mit Auszahlung (Mitglied Nr. %{0})',
  sepaNothingToPay: 'Kein Mitglied hat eine Auszahlung über null: Es gibt nichts zu überweisen',
  dividendHeirsAccountMissing:
    'Verstorben, das Konto der Erben ist nicht erfasst: Die Dividende geht an das Konto des Mitglieds (Mitglied Nr. %{0}); das Konto der Erben wird unter Auseinandersetzungen erfasst',
  sepaExecutionMoved:
    'Der Zahltag %{0} ist vorbei: Die Datei bittet die Bank um Ausführung am %{1} (heute); gebucht bleibt der Zahltag',
  missingCooperativeTaxOffice:
    'Das Finanzamt der Genossenschaft fehlt (Stammdaten der Genossenschaft): Ohne es kann keine Steuerbescheinigung ausgestellt werden',
  missingCooperativeTaxNumber:
    'Die Steuernummer der Genossenschaft fehlt (Stammdaten der Genossenschaft): Ohne sie kann keine Steuerbescheinigung ausgestellt werden',
  taxCertificateNotIssued:
    'Diesem Mitglied wurde für diesen Abschluss noch keine Steuerbescheinigung ausgestellt: Es gibt nichts zu berichtigen',
  taxCertificateUnchanged:
    'Die berichtigte Bescheinigung vom %{0} ist unverändert richtig: Es gibt nichts zu berichtigen. Mit ihrem Grund wird sie erneut ausgegeben',
  taxCertificatesAllErased:
    'Die personenbezogenen Daten aller in diesem Abschluss bezahlten Mitglieder wurden gelöscht (Datenschutz): Es gibt keine Steuerbescheinigung auszustellen',
  // Der Import eines Mitgliederverzeichnisses (Issue 29; contracts/src/import-templates.ts).
  importUnknownKind:
    'Die Art des Blatts %{0} ist nicht erkannt (Mitglieder, Buchungen, Freistellungsaufträge, NV-Bescheinigungen)',
  importUnmappedRequired: 'Dem Pflichtfeld %{0} ist keine Spalte zugeordnet',
  importMemberNrTaken: 'Die Mitgliedsnummer %{0} ist in der Genossenschaft bereits vergeben',
  importMemberNrTwice: 'Die Mitgliedsnummer %{0} kommt doppelt vor (zuerst in Zeile %{1})',
  importMemberUnknown: 'Die Mitgliedsnummer %{0} ist nicht im Import',
  importHoldingDiffers: 'Die Datei nennt %{0}, die Buchungen ergeben %{1}',
  importSettlementNotAnEnd:
    'Eine Auseinandersetzung (Auszahlungstag, Betrag) gehört nur zu einem Ende: Teilkündigung (2), Tod (6), Ausschluss (7) oder Austritt (8)',
  importAmountDiffers: 'Die Datei nennt den Betrag %{0}, die Buchung ergibt %{1}',
  importTransferWithoutPair: 'Die andere Hälfte dieser Übertragung fehlt',
  importAnnulledPostingUnknown: 'Die stornierte Buchung %{0} ist nicht gefunden',
  importEffectiveDateDiffers: 'Die Datei nennt das Datum %{0}, nach dem Gesetz ist es der %{1}',
  importRefTwice: 'Die Buchungsnummer %{0} kommt doppelt vor',
  importHasProblems: 'Der Import hat %{0} Probleme: Es wurde nichts geschrieben',
  importNotEmptyFile: 'Keine Datei oder eine Datei ohne Zeilen: Bitte laden Sie mindestens eine Datei mit Zeilen hoch',
  importUnreadableFile:
    'Die Datei %{0} ist als %{1} nicht lesbar (%{2}): Bitte reparieren Sie sie oder speichern Sie sie neu',
  importFileIsOds:
    'Die Datei %{0} ist eine OpenDocument-Tabelle (ODS): Bitte speichern Sie sie als Excel-Arbeitsmappe (XLSX) oder als CSV und laden Sie diese hoch',
  importFileIsXls:
    'Die Datei %{0} ist eine Excel-97-2003-Arbeitsmappe (XLS) oder eine Arbeitsmappe mit Kennwort: Bitte speichern Sie sie ohne Kennwort als Excel-Arbeitsmappe (XLSX) oder als CSV',
  importFileNotText:
    'Die Datei %{0} ist weder eine Excel-Arbeitsmappe (XLSX) noch eine Textdatei (CSV), sondern vielleicht ein PDF oder ein Bild: Bitte laden Sie das Register als XLSX oder CSV hoch',
  importQuoteNotClosed:
    'In der Datei %{0} wird ein in Zeile %{1} geöffnetes Anführungszeichen nie geschlossen, sodass der Rest der Datei eine Zelle wäre: Bitte schließen oder entfernen Sie es',
  importBomNotUtf8:
    'Die Datei %{0} beginnt als UTF-8 (Byte-Order-Mark), enthält aber Zeichen einer anderen Kodierung: Bitte speichern Sie sie erneut als UTF-8',
  importWorkbookDamaged:
    'Die Datei %{0} ist beschädigt oder keine vollständige Excel-Arbeitsmappe (XLSX): Bitte öffnen Sie sie in Excel oder LibreOffice und speichern Sie sie erneut als XLSX',
  importFormulaNotCalculated:
    'In der Datei %{0} hat die Formel in Zelle %{1} keinen berechneten Wert (ein Programm hat die Datei geschrieben, ohne sie zu berechnen): Bitte öffnen Sie sie in Excel oder LibreOffice, speichern Sie sie erneut und laden Sie sie dann hoch',
  importReadStopped:
    'Die Datei %{0} wurde nicht zu Ende gelesen (eine andere Datei des Uploads wurde abgelehnt oder das Lesen brach ab): Bitte laden Sie sie erneut hoch',
  importInvalidChoice: 'Ungültige Auswahl; erlaubt: %{1}',
  importCellError:
    'Die Zelle zeigt den Tabellenfehler %{0}: Bitte korrigieren Sie ihre Formel oder ihren Wert in der Datei',
  importUnsupportedDelimiter:
    'Die Datei %{0} trennt ihre Spalten durch %{1}: Bitte speichern Sie sie mit Semikolon, Komma oder Tabulator',
  importTaxIdOfMember: 'Diese Steuer-ID gehört Mitglied %{0} (%{1}): Eine Steuer-ID gehört genau einer Person',
  importTaxIdTwice: 'Diese Steuer-ID steht auch in Zeile %{0}: Eine Steuer-ID gehört genau einer Person',
  importIbanOfMember: 'Dieselbe IBAN wie Mitglied %{0} (%{1}): dieselbe Person doppelt?',
  importIbanTwice: 'Dieselbe IBAN wie Zeile %{0}: dieselbe Person doppelt?',
  importNameOfMember: 'Derselbe Name und dasselbe Geburtsdatum wie Mitglied %{0} (%{1}): dieselbe Person doppelt?',
  importNameTwice: 'Derselbe Name und dasselbe Geburtsdatum wie Zeile %{0}: dieselbe Person doppelt?',
  importRunning:
    'Ein anderer Import wird gerade geschrieben (%{0}, begonnen von %{1} um %{2}): Bitte warten Sie sein Ende ab, wiederholen Sie diesen Import, um ihn zu beenden, oder brechen Sie ihn auf der Importseite ab (Administration)',
  importNotRunning: 'Der Import %{0} wird nicht (mehr) geschrieben: Er ist beendet oder wurde abgebrochen',
  importPlanChanged:
    'Der Import %{0} kann nicht so beendet werden, wie er begonnen wurde: Die Genossenschaft hat sich inzwischen geändert (Anteilsbedingungen oder Mitglieder). Der geschriebene Teil bleibt; wenden Sie sich an die Administration',
  importMemberNrTakenMeanwhile:
    'Der Import wurde angehalten: Die Mitgliedsnummer %{0} wurde an ein anderes Mitglied vergeben, während der Import geschrieben wurde. Er ist abgebrochen; was er davor geschrieben hat, bleibt. Bitte prüfen Sie die Nummer und die importierten Mitglieder',
  importMemberChangedMeanwhile:
    'Der Import wurde angehalten: Das Mitglied %{0} wurde geändert (etwa eine Buchung), während der Import geschrieben wurde. Er ist abgebrochen; was er davor geschrieben hat, bleibt. Bitte prüfen Sie das Mitglied und die importierten Mitglieder',
  importYearClosedMeanwhile:
    'Der Import wurde angehalten: Der Abschluss %{0} wurde begonnen, während der Import geschrieben wurde, und seine Buchungen dürfen dieses Jahr nicht mehr ändern. Er ist abgebrochen; was er davor geschrieben hat, bleibt. Bitte prüfen Sie die importierten Mitglieder',
  importWarningsNotConfirmed:
    'Die Prüfung hat %{0} mögliche Doppelerfassungen gefunden: Bitte bestätigen Sie sie, um den Import zu schreiben',
  importUploadTooLarge:
    'Der Upload ist zu groß: höchstens %{0} Dateien, je %{1} MB und zusammen %{2} MB. Bitte teilen Sie den Import auf mehrere Uploads auf',
  importTooManyRows: 'Die Datei %{0} hat mehr als %{1} Zeilen (%{2}): Bitte teilen Sie sie auf mehrere Dateien auf',
  importTooManyColumns:
    'Die Datei %{0} hat eine Zeile mit mehr als %{1} Spalten (%{2}): Bitte entfernen Sie die Spalten, die nicht importiert werden',
  importCellTooLong: 'Die Datei %{0} hat eine Zelle mit mehr als %{1} Zeichen (%{2})',
  importRowTooLong:
    'Die Datei %{0} hat eine Zeile mit mehr als %{1} Zeichen (%{2}): Ist ein Anführungszeichen nicht geschlossen?',
  importTooManyCells: 'Die Datei %{0} hat mehr als %{1} Zellen: Bitte teilen Sie sie auf mehrere Dateien auf',
  importTooMuchText: 'Die Datei %{0} enthält mehr als %{1} Zeichen Text: Bitte teilen Sie sie auf mehrere Dateien auf',
  importWorkbookTooLarge:
    'Die Arbeitsmappe %{0} ist entpackt größer als %{1} MB: Bitte teilen Sie sie auf mehrere Dateien auf',
  importWorkbookTooManyParts:
    'Die Arbeitsmappe %{0} besteht aus mehr als %{1} Teilen: Bitte speichern Sie nur die zu importierenden Blätter in einer neuen Arbeitsmappe',
  importWorkbookPackedTooTight:
    'Die Arbeitsmappe %{0} enthält einen mehr als %{1}-fach gepackten Teil (%{2}), wie ihn Tabellenprogramme nie schreiben: Bitte speichern Sie die Arbeitsmappe neu',
  importReadTooLong:
    'Das Lesen der Datei %{0} dauerte länger als %{1} Sekunden: Bitte teilen Sie sie auf mehrere Dateien auf',
  importReadTooLarge:
    'Das Lesen der Datei %{0} braucht mehr als %{1} MB Arbeitsspeicher: Bitte teilen Sie sie auf mehrere Dateien auf',
  importSheetWithoutRows:
    'Das Blatt %{0} hat Überschriften, aber keine Zeilen: Ist es die gemeinte Datei, und ist sie vollständig?',
  // The bank statements (issue 45).
  bankStatementNoFile: 'Bitte eine Kontoauszugsdatei (CAMT.053) wählen',
  bankStatementTooLarge: 'Die Datei ist größer als %{0} MiB',
  bankStatementReadTooLong: 'Die Datei konnte nicht innerhalb von %{0} Sekunden und %{1} MB gelesen werden',
  bankStatementNotCamt: 'Das ist kein Kontoauszug im Format CAMT.053 (XML in UTF-8)',
  bankStatementVersion:
    'Diese CAMT.053-Version wird nicht gelesen (%{0}); gelesen werden camt.053.001.02 und camt.053.001.08',
  bankStatementDeclarations:
    'Die Datei deklariert einen DOCTYPE oder Entitäten, was Kontoauszüge nie tun: ungelesen abgelehnt',
  bankStatementTooManyEntries: 'Die Datei enthält mehr als %{0} Umsätze: bitte kürzere Auszüge bei der Bank abrufen',
  bankStatementTextTooLong:
    'Ein Text der Datei ist länger als %{0} Zeichen, oder ihre Elemente sind tiefer verschachtelt als in einem Kontoauszug',
  bankStatementTagTooLong:
    'Ein Tag der Datei (sein Name und seine Attribute) ist länger als %{0} Zeichen, länger als in einem Kontoauszug',
  bankStatementTooManyElements:
    'Die Datei enthält mehr als %{0} XML-Elemente, mehr als ein Kontoauszug von 20 MiB enthalten kann: ungelesen abgelehnt',
  bankStatementOneStatement: 'Die Datei enthält %{0} Auszüge; bitte je Datei einen Auszug (ein Konto) einlesen',
  bankStatementNoAccount: 'Der Auszug nennt kein Konto (IBAN) oder keine Auszugsnummer',
  bankStatementAmountInvalid: 'Umsatz %{0}: Der Betrag %{1} ist kein Betrag in Euro und Cent',
  bankStatementDateInvalid: 'Umsatz %{0}: kein gültiges Buchungsdatum',
  bankStatementAlreadyRead: 'Dieser Auszug wurde schon eingelesen (am %{0}); nichts wird doppelt gebucht',
  bankStatementNotFound: 'Kontoauszug nicht gefunden',
  bankStatementEntryUnknown: 'Der Auszug hat keinen Umsatz %{0}',
  bankStatementEntryDone: 'Umsatz %{0} ist schon bestätigt oder beiseitegelegt',
  bankStatementEntryNotCredit: 'Umsatz %{0} ist keine auf dem Konto gebuchte Gutschrift in Euro',
  bankStatementMemberUnknown: 'Umsatz %{0}: kein solches Mitglied, oder keine offene Zeichnung %{1} des Mitglieds',
  bankStatementAboveOutstanding:
    'Umsatz %{0}: Der Betrag ist höher als die offenen Einzahlungen des Mitglieds auf Anteile (%{1} €)',
  bankStatementOwnDirectDebit:
    'Umsatz %{0} ist die Gutschrift einer am %{1} eingezogenen Lastschrift: Sie wurde schon mit dem Einzug gebucht und wird nicht noch einmal gebucht; bitte legen Sie den Umsatz beiseite',
  // SEPA-Lastschriften (issue 45).
  mandateReferenceInvalid: "Eine Mandatsreferenz hat 1 bis 35 Zeichen: Buchstaben, Ziffern und / - ? : ( ) . , ' +",
  mandateReferenceTaken: 'Die Mandatsreferenz %{0} ist bereits an ein anderes Mandat der Genossenschaft vergeben',
  mandateSignedInFuture: 'Das Datum der Unterschrift darf nicht nach heute liegen (%{0})',
  mandateNeedsIban: 'Für das Mitglied ist keine gültige IBAN in den Stammdaten erfasst: Bitte zuerst erfassen',
  mandateIbanOutsideSepa:
    'Die IBAN des Mitglieds (Land %{0}) liegt außerhalb des SEPA-Raums: Eine SEPA-Lastschrift kann sie nicht einziehen',
  mandateUnknown: 'Für dieses Mitglied gibt es kein solches Mandat',
  mandateAlreadyRevoked: 'Dieses Mandat wurde am %{0} widerrufen',
  mandateRevokedBeforeSigned: 'Ein Mandat kann nicht vor dem Datum seiner Unterschrift (%{0}) widerrufen werden',
  mandateRevokedBeforeCollection:
    'Unter diesem Mandat wurde am %{0} eine Lastschrift eingezogen: Bitte datieren Sie den Widerruf auf diesen Tag oder später (eine Lastschrift nach dem Ende des Mandats wäre nicht autorisiert) oder erfassen Sie zuerst die Rückgabe der Lastschrift',
  collectionDateTooLate:
    'Der Einzugstermin liegt zu weit in der Zukunft: spätestens am %{0}, denn die Lastschriften werden beim Erstellen der Datei als an diesem Tag eingezahlt gebucht',
  collectionDateTooEarly:
    'Der Einzugstermin muss ein TARGET2-Geschäftstag am oder nach dem %{0} sein (mindestens ein Geschäftstag Vorlauf)',
  collectionDateNotBusinessDay:
    'Der %{0} ist kein TARGET2-Geschäftstag (Wochenende, 1. Januar, Karfreitag, Ostermontag, 1. Mai, 25. oder 26. Dezember)',
  creditorIdMissing: 'In den Zahlungsbedingungen der Genossenschaft ist keine Gläubiger-Identifikationsnummer erfasst',
  collectionEmpty: 'Keine der gewählten Zeichnungen kann per Lastschrift eingezogen werden',
  paymentUnknown: 'Für dieses Mitglied gibt es keine solche Zahlung',
  paymentNotDirectDebit: 'Nur eine Zahlung per Lastschrift kann als Rücklastschrift erfasst werden',
  paymentAlreadyReturned: 'Diese Zahlung wurde bereits am %{0} als Rücklastschrift erfasst',
  returnBeforePayment: 'Das Datum der Rücklastschrift darf nicht vor dem Datum der Zahlung liegen (%{0})',
  returnReasonInvalid: 'Ein Rückgabegrund hat bis zu 4 Buchstaben und Ziffern (z. B. AC04, MD06)',
  // Mahnungen (Issue 45).
  reminderDateTooEarly: 'Eine Mahnung wird höchstens eine Woche zurückdatiert: das früheste Datum ist der %{0}',
};
