import type { Messages } from '../i18n/messages';
import type { notificationsEn } from './notifications.en';

/** German texts of the notifications (the keys of `notifications.en.ts`; formal "Sie"), merged into `i18n/de.ts`. */
export const notificationsDe: Messages<typeof notificationsEn> = {
  notifications: {
    title: 'Benachrichtigungen',
    empty: 'Keine ungelesenen Benachrichtigungen.',
    emptyAll: 'Keine Benachrichtigungen.',
    showSeen: 'Gelesene Benachrichtigungen anzeigen',
    seen: 'Gelesen',
    markAllSeen: 'Alle als gelesen markieren',
    markedSeen:
      '%{smart_count} Benachrichtigung als gelesen markiert |||| %{smart_count} Benachrichtigungen als gelesen markiert',
    seenToggle: 'Gelesen: %{headline}',
    link: 'Benachrichtigungen',
    unread: '%{smart_count} ungelesene Benachrichtigung |||| %{smart_count} ungelesene Benachrichtigungen',
    unreadMany: '%{shown} ungelesene Benachrichtigungen',
    latest: 'Benachrichtigungen',
    toAll: 'Alle Benachrichtigungen',
    detail: 'Benachrichtigung',
    time: 'Zeitpunkt',
    type: 'Art',
    back: 'Zurück zur Liste',
    editMember: 'Mitglied bearbeiten',
    memberNr: 'Mitgliedsnr. %{nr}',
    errors: 'Fehler',
    toTasks: 'Zu den Aufgaben',
    notFound: 'Diese Benachrichtigung gibt es nicht (mehr).',
    types: {
      generic: 'Mitteilung',
      html: 'Mitteilung',
      kistamError: 'KiStAM-Fehler',
      validationError: 'Validierungsfehler',
    },
    entities: {
      member: 'Mitglied bearbeiten',
      exemptionOrder: 'Freistellungsauftrag bearbeiten',
      nonAssessment: 'NV-Bescheinigung bearbeiten',
      cooperative: 'Genossenschaft bearbeiten',
      task: 'Zu den Aufgaben',
      dividend: 'Zum Jahresabschluss',
      settlements: 'Zur Auseinandersetzung',
    },
    records: {
      member: 'Mitglied',
      exemptionOrder: 'Freistellungsauftrag',
      nonAssessment: 'NV-Bescheinigung',
      cooperative: 'Genossenschaft',
      task: 'Aufgabe',
      dividend: 'Jahresabschluss',
      settlements: 'Auseinandersetzung',
    },
    messages: {
      taskStarted: 'Aufgabe %{0} gestartet',
      taskCompleted: 'Aufgabe %{0} abgeschlossen',
      taskRejected: 'Aufgabe %{0} abgelehnt: %{1}',
      taskFailed: 'Aufgabe %{0} mit Fehler %{1} beendet',
      kistamStarted: 'KiStAM-Abfrage gestartet',
      kistamRequestReady:
        'Die KiStAM-Anfragedatei für %{0} Mitglied steht zum Hochladen in das BZSt-Onlineportal bereit |||| Die KiStAM-Anfragedatei für %{0} Mitglieder steht zum Hochladen in das BZSt-Onlineportal bereit',
      kistamAnswerRead: 'KiStAM-Antwort eingelesen – mit Kirchensteuer: %{0}, ohne Kirchensteuer: %{1}, Fehler: %{2}',
      kistamMemberError: 'KiStAM-Fehler bei Mitglied %{0}: %{1}',
      kistamGenericError: 'KiStAM-Fehler: %{0}',
      kistamNoInformation: 'Für Mitglied %{0} liegen keine Informationen vor',
      fsakSent: 'FSAK-Meldung für %{0} erstellt (Datensätze: %{1}, Dateien: %{2})',
      fsakErrorNumber: 'FSAK-Aufgabe mit Fehlernummer %{0} beendet',
      fsakRejectedCurrentYear:
        'Aufgabe abgelehnt, da das Auszahlungsdatum im laufenden Jahr liegt (Eine FSA-Meldung für das laufende Jahr ist nicht zulässig)',
      kistamMembersNotQueried:
        'KiStAM: %{0} Mitglied kann nicht abgefragt werden |||| KiStAM: %{0} Mitglieder können nicht abgefragt werden',
      kistamRegularStatusDate:
        'Regelabfrage: Das BZSt meldet den Kirchensteuerstand vom %{0} (immer der 31. August; abgefragt vom 1. September bis 31. Oktober), der für die Dividenden gilt, die %{1} ausgezahlt werden.',
      settlementDeadlineNear:
        'Auseinandersetzung: %{0} ausgeschiedenes Mitglied ist noch bis %{1} auszuzahlen, dem Ende der Auszahlungsfrist (§ 73 GenG) |||| Auseinandersetzung: %{0} ausgeschiedene Mitglieder sind noch bis %{1} auszuzahlen, dem Ende der Auszahlungsfrist (§ 73 GenG)',
      validationFailed: 'Validierung fehlgeschlagen: %{0}',
    },
  },
};
