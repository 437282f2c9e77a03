import type { remindersEn } from './reminders.en';

/** Deutsche Texte der Mahnungen (Issue 45), in `de.ts` als `coop.reminders`. */
export const remindersDe: typeof remindersEn = {
  title: 'Mahnungen',
  intro:
    'Mitglieder, deren Einzahlung auf Geschäftsanteile an diesem Tag um die Tage der Zahlungsbedingungen überfällig ist, mit der Stufe ihrer nächsten Mahnung.',
  date: 'Mahndatum',
  dateRange: 'gesendet mit Datum %{earliest} bis heute',
  previewOnly:
    'Wer an diesem Tag zu mahnen wäre. Mahnungen werden mit einem Datum vom %{earliest} bis %{today} gesendet (das Datum des Briefs); wählen Sie einen solchen Tag, um sie zu senden.',
  empty: 'Am %{date} ist niemand zu mahnen.',
  selectAll: 'Alle auswählen',
  moreThanOneSending:
    'Mehr als %{max} Mitglieder sind zu mahnen. Eine Sendung mahnt höchstens %{max}: „Alle auswählen“ wählt die ersten %{max} (die ältesten Fälligkeiten); senden Sie diese, dann wählen Sie die übrigen.',
  selectOne: '%{name} auswählen',
  fields: {
    memberNr: 'Nr.',
    member: 'Mitglied',
    level: 'Stufe',
    amount: 'Überfällig',
    dueSince: 'Fällig seit',
    lastReminder: 'Letzte Mahnung',
    date: 'Datum',
  },
  levels: { 1: 'Zahlungserinnerung', 2: '2. Mahnung', 3: 'Letzte Mahnung' },
  selected: '%{count} ausgewählt',
  send: 'Mahnungen senden',
  confirmTitle: 'Mahnungen senden?',
  confirm:
    '%{count} Mahnung zum %{date} über %{sum} erfassen und ihren Brief erstellen? Jedes Mitglied wird am Tag nur einmal gemahnt. |||| %{count} Mahnungen zum %{date} über insgesamt %{sum} erfassen und ihre Briefe erstellen? Jedes Mitglied wird am Tag nur einmal gemahnt.',
  confirmYes: 'Senden',
  cancel: 'Abbrechen',
  sent: '%{sent} Mahnung erfasst (%{sum}), %{skipped} nicht fällig. |||| %{sent} Mahnungen erfasst (%{sum}), %{skipped} nicht fällig.',
  letters: 'Briefe (PDF)',
  downloadFailed: 'Die Datei konnte nicht erstellt werden: %{message}',
  member: 'Mahnungen',
};
