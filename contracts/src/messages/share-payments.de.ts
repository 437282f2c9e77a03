import type { SHARE_PAYMENT_MESSAGES_EN } from './share-payments.en.js';

/** German texts of the payments on shares' templates (contracts/src/share-payment-templates.ts), spread into VALIDATION_MESSAGES_DE. */
export const SHARE_PAYMENT_MESSAGES_DE: Record<keyof typeof SHARE_PAYMENT_MESSAGES_EN, string> = {
  notASubscription: 'Keine Zeichnung dieses Mitglieds (Beitritt oder weitere Anteile, nicht storniert)',
  paymentAboveOutstanding: 'Die Zahlung %{0} € ist höher als der offene Betrag (%{1} €)',
  nothingOutstanding: 'Auf die Anteile dieses Mitglieds ist zu diesem Datum nichts offen',
  dividendCreditByClosureOnly:
    'Eine Dividende wird nur durch den Dividendenabschluss dem Geschäftsguthaben gutgeschrieben',
  earlierSharesNotPaid:
    'Weitere Anteile sind nicht möglich, solange frühere nicht voll eingezahlt sind (§ 15b GenG): %{0} € offen',
  laterSharesNeedEarlierPaid:
    'Am %{0} wurden später weitere Anteile übernommen: Dann mussten alle früheren Anteile bis auf den letzten voll eingezahlt sein (§ 15b GenG), diese Zeichnung ließe %{1} € offen. Bitte erfassen Sie sie eingezahlt oder datieren Sie sie danach',
  instalmentsNotAllowed: 'Die Zahlungsbedingungen der Genossenschaft erlauben keine Ratenzahlung',
  instalmentsSumMismatch: 'Die Raten ergeben %{0} €, offen sind %{1} €',
  firstInstalmentTooSmall: 'Die erste Rate muss mindestens %{0} € betragen (§ 7 GenG, Satzung)',
  instalmentsTooClose: 'Die Fälligkeiten müssen aufsteigen, mindestens %{0} Monate auseinander',
  invalidCreditorId: 'Keine gültige Gläubiger-Identifikationsnummer (z. B. DE98ZZZ09999999999)',
  amountAtLeast: 'Muss mindestens %{0} € betragen',
  amountAtMost: 'Darf höchstens %{0} € betragen',
  shareChangedMeanwhile:
    'Die Einzahlung hat sich während der Bearbeitung von %{0} € auf %{1} € geändert (eine Zahlung wurde gebucht). Bitte neu laden und erneut korrigieren',
  transferPaymentFollows:
    'Die Einzahlung einer Übertragung folgt dem, was das abgebende Mitglied eingezahlt hat: Übertragung stornieren und neu buchen',
  paymentOutsideSharePrice:
    'Die Einzahlung %{0} € muss zwischen %{1} € und %{2} € liegen: von nichts eingezahlt bis zum Nennbetrag der Anteile der Buchung (§ 7 GenG)',
  idempotencyKeyReused: 'Diese Anfrage wurde bereits mit anderem Inhalt gesendet. Bitte neu laden und erneut erfassen',
};
