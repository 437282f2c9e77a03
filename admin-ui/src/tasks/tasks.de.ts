import type { Messages } from '../i18n/messages';
import type { taskValidationEn, tasksEn } from './tasks.en';

/** German texts of tasks, KiStAM, FSAK and church data (the keys of `tasks.en.ts`; formal "Sie"). */
export const tasksDe: Messages<typeof tasksEn> = {
  tasks: {
    title: 'Aufgaben',
    empty: 'Noch keine Aufgaben.',
    kinds: {
      kistam: 'KiStAM',
      fsak: 'FSA-Kontrollmeldung',
      taxCertificates: 'Steuerbescheinigungen',
      memberExport: 'Export der Mitgliederliste',
      memberPdfs: 'Mitglieder-PDFs',
      memberImportDryRun: 'Importprüfung',
      memberImport: 'Import',
      dividendClosure: 'Jahresabschluss der Dividende',
      readModelRebuild: 'Neuaufbau der Lesemodelle',
    },
    states: {
      queued: 'Eingereiht',
      running: 'Läuft',
      waiting: 'Wartet auf die Antwortdatei',
      completed: 'Abgeschlossen',
      rejected: 'Abgelehnt',
      failed: 'Fehlgeschlagen',
      cancelled: 'Abgebrochen',
    },
    fields: {
      kind: 'Aufgabe',
      state: 'Status',
      queued: 'Eingereiht',
      progress: 'Fortschritt',
      files: 'Dateien',
      outcome: 'Ergebnis',
    },
    queuedBy: '%{time} von %{user}',
    progress: '%{done} von %{total}',
    progressLabel: 'Fortschritt der Aufgabe %{kind}: %{done} von %{total}',
    progressUnknown: 'Fortschritt der Aufgabe %{kind}',
    phases: {
      replaying: 'Ereignisprotokoll wird abgespielt',
      catchingUp: 'Neue Ereignisse werden nachgeholt',
      switching: 'Wechsel auf die neuen Lesemodelle',
    },
    rebuild: {
      start: 'Lesemodelle neu aufbauen',
      started:
        'Der Neuaufbau der Lesemodelle ist eingereiht. Bis zum Wechsel antworten alle Ansichten aus den aktuellen Lesemodellen.',
    },
    attempt: 'Versuch %{attempt}',
    runningCount: '%{smart_count} Aufgabe läuft |||| %{smart_count} Aufgaben laufen',
    uploadAnswer: 'Antwortdatei hochladen',
    answerUploaded: 'Die Antwortdatei wurde empfangen und wird eingelesen.',
    downloadFailed: 'Die Datei konnte nicht heruntergeladen werden: %{message}',
    download: '%{name} herunterladen',
    summary: {
      statusDate: 'Stichtag',
      regular: 'Regelabfragen',
      event: 'Anlassabfragen',
      problems: 'Nicht abgefragte Mitglieder',
      members: 'Mitglieder',
      closures: 'Abschlüsse',
      years: 'Jahre',
      requested: 'Angefragt',
      withChurch: 'Mit Kirchensteuer',
      withoutChurch: 'Ohne Kirchensteuer',
      errors: 'Fehler',
      records: 'Datensätze',
      files: 'Dateien',
      noInformation: 'Ohne Auskunft',
      year: 'Jahr',
      reportType: 'Meldung',
      euros: 'Freigestellte Beträge',
      impossible: 'Nicht meldbar',
      certificates: 'Bescheinigungen',
      underOneEuro: 'Unter einem Euro',
      postings: 'Buchungen',
      events: 'Ereignisse',
      importProblems: 'Probleme',
      written: 'Geschrieben (1: ja, 0: bereits importiert)',
    },
    reportTypes: { initial: 'Erstmeldung', correction: 'Korrektur', cancellation: 'Stornierung' },
  },
  kistam: {
    start: 'KiStAM starten',
    title: 'KiStAM starten?',
    question:
      'Die Kirchensteuerabfrage (KiStAM) wählt die abzufragenden Mitglieder aus, prüft deren Steuer-IdNr. und Geburtsdatum und erstellt die Anfragedatei für das BZSt-Onlineportal. Mitglieder, die nicht abgefragt werden können, werden als Benachrichtigung gemeldet.',
    statusDate:
      'Regelabfrage: Das BZSt meldet den Kirchensteuerstand vom %{status}. Er gilt für die Dividenden, die %{year} ausgezahlt werden. Wer nach dem %{status} beigetreten ist, wird zu seinem Eintritt abgefragt (Anlassabfrage).',
    outsidePeriod:
      'Die Regelabfrage ist vom 1. September bis 31. Oktober vorgesehen; heute (%{today}) liegt außerhalb dieses Zeitraums. Mitglieder mit Anteilen am %{status}, für die noch keine Antwort zu diesem Stand vorliegt, werden trotzdem abgefragt.',
    waiting:
      'Eine KiStAM-Abfrage vom %{date} wartet auf die Antwort des BZSt. Ein neuer Start bricht sie ab: Zu ihrer Anfragedatei kann dann keine Antwort mehr hochgeladen werden, auch wenn die Datei bereits an das BZSt gesendet wurde. Laden Sie in diesem Fall stattdessen die Antwort bei der wartenden Aufgabe hoch.',
    waitingLink: 'Zu den Aufgaben',
    started: 'Die KiStAM-Aufgabe wurde eingereiht.',
    starting: 'Die Aufgabe wird gestartet …',
    line: 'Zeile %{line}',
    problems: {
      kistamTaxIdMissing: 'keine Steuer-Identifikationsnummer',
      kistamTaxIdInvalid: 'die Steuer-Identifikationsnummer ist ungültig (Prüfziffer)',
      kistamBirthDateMissing: 'kein Geburtsdatum',
      kistamUnknownChurchKey:
        'die Antwort nennt einen unbekannten Kirchensteuerschlüssel (die Antwortdatei der Aufgabe zeigt ihn)',
      kistamInvalidRate: 'der Kirchensteuersatz der Antwort ist ungültig (über 0 und höchstens 10 Prozent)',
      kistamAnswerError: 'das BZSt antwortete mit Fehler %{2}',
      kistamBirthDateMismatch: 'das Geburtsdatum der Antwort weicht vom Mitglied ab',
      kistamNotRequested: 'die Antwort nennt eine nicht angefragte Steuer-Identifikationsnummer',
      kistamInvalidLine: 'die Zeile ist nicht lesbar: %{2}',
      kistamRecordNotAsked: 'die Zeile ist ein Satz der Art %{2}, nach der diese Abfrage nicht fragt',
      kistamLineTaxIdInvalid: 'die Steuer-Identifikationsnummer der Zeile hat nicht 11 Ziffern',
      kistamLineStatusDateInvalid: 'der Stichtag der Zeile ist kein Datum',
      kistamLineBirthDateInvalid: 'das Geburtsdatum der Zeile ist kein Datum; nichts wird übernommen',
      kistamLineTwice: 'die Antwort nennt diese Steuer-Identifikationsnummer ein zweites Mal; es gilt die erste Zeile',
      kistamLineIncomplete:
        'die Zeile hat weniger als die neun Felder eines Satzes 4 (abgeschnitten); nichts wird übernommen',
      kistamKeyMissing:
        'die Antwort nennt einen Kirchensteuersatz, aber keinen Kirchensteuerschlüssel; nichts wird übernommen',
      kistamMemberErased: 'das angefragte Mitglied wurde inzwischen gelöscht (Datenschutz); nichts wird übernommen',
      kistamLineStatusDateOutside:
        'der Stichtag der Zeile liegt vor dem angefragten Stichtag oder nach dem Tag des Einlesens; nichts wird übernommen',
    },
  },
  fsak: {
    button: 'FSA-Kontrollmeldung',
    title: 'FSA-Kontrollmeldung für %{year}?',
    closureOf: 'Dividende für %{year}, ausgezahlt am %{date}',
    loading: 'Der Jahresabschluss wird geprüft …',
    records: 'Die Meldung enthält %{smart_count} Datensatz. |||| Die Meldung enthält %{smart_count} Datensätze.',
    correction:
      'Zu diesem Jahresabschluss gibt es bereits eine Meldung (%{smart_count}): die neue wird als Korrektur gesendet. |||| Zu diesem Jahresabschluss gibt es bereits Meldungen (%{smart_count}): die neue wird als Korrektur gesendet.',
    impossibleTitle: 'Mitglieder, für die keine Meldung möglich ist',
    impossibleNone: 'Die Meldung ist für alle Mitglieder möglich.',
    reasons: 'Es fehlt',
    question: 'Möchten Sie die FSA-Kontrollmeldung jetzt erstellen?',
    started: 'Die FSA-Kontrollmeldung wurde eingereiht.',
  },
  churchTax: {
    title: 'Kirchensteuer (KiStAM)',
    edit: 'Papierantwort erfassen',
    dialogTitle: 'Kirchensteuer aus einer Papierantwort',
    hint: 'Lassen Sie Kirche und Satz leer für eine Antwort ohne Kirchensteuer.',
    church: 'Kirche',
    rate: 'Satz (%)',
    queriedOn: 'Datum der Antwort',
    queryKind: 'Herkunft',
    appliesFrom: 'Einbehalten bei Auszahlungen ab',
    appliesFromHint:
      'Eine Regelabfrage gilt für das folgende Kalenderjahr; Auszahlungen davor behalten die bisherigen Kirchensteuerdaten.',
    none: 'Keine Kirchensteuer',
    never: 'Noch nicht abgefragt',
    saved: 'Die Kirchensteuerdaten wurden gespeichert.',
    kinds: { regular: 'Regelabfrage', event: 'Anlassabfrage', paper: 'Papierantwort' },
  },
};

/** The task templates in German (`coop.validation`). */
export const taskValidationDe: Messages<typeof taskValidationEn> = {
  missingElmaNoKm: 'Es ist keine Zulassungsnummer des Verfahrens km (KiStAM) hinterlegt.',
  missingElmaNoFs: 'Es ist keine Zulassungsnummer des Verfahrens fs (FSAK) hinterlegt.',
  taskAlreadyRunning: 'Eine Aufgabe der Art %{0} läuft bereits (gestartet %{1}).',
  fsakCurrentYear: 'Eine FSA-Meldung für das laufende Jahr ist nicht zulässig',
  taskNotAwaitingInput: 'Die Aufgabe wartet nicht auf eine Antwortdatei.',
  invalidAnswerFile: 'Die Datei ist keine KiStAM-Antwort: %{0}',
  kistamAnswerEmpty: 'Die Datei ist leer: Bitte laden Sie die Antwortdatei aus dem BOP-Postfach (CSV) hoch',
  kistamAnswerTooManyLines:
    'Die Datei hat mehr als %{0} Zeilen, mehr als eine KiStAM-Antwort haben kann: Bitte laden Sie die Antwortdatei aus dem BOP-Postfach (CSV) hoch',
  kistamAnswerNoRecord1:
    'Die Datei enthält keinen Satz der Art 1 (allgemeine Daten) und ist daher keine KiStAM-Antwort: Bitte laden Sie die Antwortdatei aus dem BOP-Postfach (CSV) hoch',
  kistamAnswerVersion:
    'Die Datei ist eine KiStAM-Antwort der Version „%{0}“, gelesen wird Version %{1}: Bitte laden Sie die Antwort im BOP-Postfach als CSV der Version %{1} herunter',
  kistamAnswerDate:
    'Satz 1 der Datei (Zeile %{0}) hat kein gültiges Datum der Antwort („%{1}“): Bitte laden Sie die Antwortdatei so hoch, wie das BOP-Postfach sie liefert',
  kistamAnswerRecord1TooLong:
    'Satz 1 der Datei (Zeile %{0}) ist länger als %{1} Zeichen, länger als in einer KiStAM-Antwort: Bitte laden Sie die Antwortdatei so hoch, wie das BOP-Postfach sie liefert',
  taskNotFound: 'Aufgabe nicht gefunden',
  taskFileNotFound: 'Datei nicht gefunden',
  notificationNotFound: 'Benachrichtigung nicht gefunden',
  fsakNothingToReport: 'Der Jahresabschluss enthält keine Mitglieder mit einem freigestellten Betrag zu melden.',
  taskInterrupted: 'Die Aufgabe wurde durch einen Neustart unterbrochen.',
  nameMissing: 'Name oder Vorname fehlt',
  addressMissing: 'Anschrift fehlt (Straße, PLZ, Ort; im Ausland auch der Staat)',
  spouseNameMissing: 'Name oder Vorname des Ehegatten fehlt (gemeinsamer Freistellungsauftrag)',
};
