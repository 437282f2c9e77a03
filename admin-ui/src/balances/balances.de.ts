import { CHOICE_LABELS_DE } from '@coop/contracts/console';
import type { Messages } from '../i18n/messages';
import type { balancesEn, balancesResourcesEn } from './balances.en';

/**
 * German texts of the postings (list, new posting, annulment) (the keys of `balances.en.ts`; formal "Sie"), merged into
 * `i18n/de.ts`.
 */
export const balancesDe: Messages<typeof balancesEn> = {
  balances: {
    list: 'Buchungen',
    annulmentOf: 'Storno: %{type}',
    filterType: 'Buchungsart',
    filterMember: 'Mitglied',
    allTypes: 'Alle Buchungsarten',
    filterFrom: 'Gebucht ab',
    filterTo: 'Gebucht bis',
    toBeforeFrom: 'Darf nicht vor dem Anfangsdatum liegen',
    annul: 'Stornieren',
    annulled: 'storniert',
    annulment: 'Storno einer Buchung',
    transfer: {
      moves: 'Mit den Anteilen übertragenes Geschäftsguthaben: %{paid} von %{nominal}',
      receiverOwes: 'Auf die übernommenen Anteile schuldet der Erwerber noch %{owed}',
      staysOwed: 'Auf die verbleibenden Anteile schuldet das Mitglied noch %{owed}',
    },
    amountPreview: '%{quantity} × %{price} = %{amount}',
    wholeHolding:
      'Der gesamte Bestand wird ausgebucht: %{shares} Anteil (%{amount}). |||| Der gesamte Bestand wird ausgebucht: %{shares} Anteile (%{amount}).',
    exitWarning:
      'Damit endet die Mitgliedschaft zum angezeigten Stichtag. Ab jetzt sind keine Buchungen mehr möglich; bis zum Stichtag zählen die Anteile, und die Buchung kann bis dahin zurückgenommen werden.',
    dissolution: 'Auflösung',
    extraordinary: 'Außerordentliche Kündigung (§ 65 Abs. 3 GenG): drei Monate zum Schluss eines Geschäftsjahres',
    noticeDates: {
      '2': 'Kündigungsdatum',
      '6': 'Todestag',
      '6d': 'Tag der Auflösung',
      '7': 'Datum des Vorstandsbeschlusses',
      '8': 'Kündigungsdatum',
    },
    effective: {
      notice:
        'Wirksam zum %{date}: Schluss des ersten Geschäftsjahres, das mindestens %{months} Monate nach der Kündigung endet (§ 65 Abs. 2, § 67b GenG). Bis dahin zählen die Anteile.',
      extraordinary:
        'Wirksam zum %{date}: Schluss des ersten Geschäftsjahres, das mindestens 3 Monate nach der Kündigung endet (§ 65 Abs. 3 GenG). Bis dahin zählen die Anteile.',
      exclusion:
        'Wirksam zum %{date}, dem Schluss des Geschäftsjahres des Beschlusses (§ 68 GenG). Ab Absendung des Einschreibens kann das Mitglied nicht mehr abstimmen und keine Ämter mehr ausüben.',
      death:
        'Die Mitgliedschaft geht auf die Erben über und endet zum %{date}, dem Schluss des Geschäftsjahres des Todes (§ 77 GenG).',
      dissolution: 'Die Mitgliedschaft endet zum %{date}, dem Schluss des Geschäftsjahres der Auflösung (§ 77a GenG).',
    },
    withdrawIntro:
      'Die Buchung wird vor ihrem Stichtag zurückgenommen und zu ihrem eigenen Datum, dem %{date}, storniert; das Mitglied behält also die Anteile.',
    confirmWithdrawTitle: '%{action}?',
    annulIntro:
      'Diese Buchung wird durch eine neue Stornobuchung aufgehoben. Eine Übertragung wird bei beiden Mitgliedern storniert.',
    annulNotAllowed:
      'Diese Buchung kann nicht storniert werden (Erstzeichnungen, Stornobuchungen und bereits stornierte Buchungen).',
    confirmExitTitle: '%{type}: %{member}?',
    confirmExit: 'Buchen',
    confirmAnnulTitle: 'Diese Buchung stornieren?',
    confirmAnnul: 'Buchung stornieren',
    saved: 'Buchung erfasst',
    readOnlyHint: 'Buchungen werden nie geändert; eine falsche Buchung wird storniert und neu gebucht.',
    original: 'Zu stornierende Buchung',
    types: CHOICE_LABELS_DE.balanceTypes,
    actions: {
      '1': 'Anteile zeichnen',
      '2': 'Anteile kündigen',
      '3': 'Übertragen',
      '6': 'Tod',
      '7': 'Ausschluss',
      '8': 'Kündigung',
    },
  },
};

/** German record names and field labels (`resources.balances`). */
export const balancesResourcesDe: Messages<typeof balancesResourcesEn> = {
  balances: {
    name: 'Buchung |||| Buchungen',
    fields: {
      member: 'Mitglied',
      amount: 'Betrag',
      quantity: 'Anteile',
      type: 'Buchungsart',
      date: 'Datum',
      approvalDate: 'Zulassungsdatum',
      interestBegin: 'Verzinsungsbeginn',
      transferTo: 'Übertragen an',
      annulPeer: 'Stornierte Buchung',
      noticeDate: 'Kündigungsdatum',
      dispatchDate: 'Einschreiben abgesandt am',
      extraordinaryReason: 'Grund der außerordentlichen Kündigung',
    },
  },
};
