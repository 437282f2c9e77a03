import type { bankStatementsEn } from './bankStatements.en';

/** Deutsche Texte der Kontoauszüge (CAMT.053, Issue 45), in `de.ts` als `coop.bankStatements`. */
export const bankStatementsDe: typeof bankStatementsEn = {
  title: 'Kontoauszüge',
  cardTitle: 'Kontoauszüge',
  cardHint: 'Einen Kontoauszug (CAMT.053) einlesen und die Überweisungen auf Geschäftsanteile buchen.',
  open: 'Öffnen',
  intro:
    'Eine Auszugsdatei einlesen (CAMT.053, wie Ihre Bank sie liefert): Jede Gutschrift, deren Verwendungszweck eine Mitgliedsnummer nennt, wird für die ältesten offenen Anteile des Mitglieds vorgeschlagen; Sie bestätigen oder wählen das Mitglied.',
  upload: 'Auszugsdatei einlesen',
  reading: 'Der Auszug wird eingelesen',
  empty: 'Noch keine Kontoauszüge eingelesen.',
  creditsOf: '%{count} Gutschrift, %{sum} |||| %{count} Gutschriften, %{sum}',
  readBy: '%{date} (%{user})',
  statementTitle: 'Kontoauszug %{id}',
  summary:
    'Konto %{account}: %{credits} Gutschrift über %{sum}; %{open} noch zu entscheiden; %{confirmed} auf Anteile gebucht. |||| Konto %{account}: %{credits} Gutschriften über %{sum}; %{open} noch zu entscheiden; %{confirmed} auf Anteile gebucht.',
  selectEntry: 'Umsatz %{id} auswählen',
  chooseMember: 'Mitglied',
  confirmSelected: '%{count} Umsatz bestätigen (%{sum}) |||| %{count} Umsätze bestätigen (%{sum})',
  ignoreSelected: '%{count} Umsatz beiseitelegen |||| %{count} Umsätze beiseitelegen',
  confirmTitle: 'Zahlungen buchen?',
  confirmText:
    '%{count} Umsatz über %{sum} wird als Einzahlung auf Geschäftsanteile (Überweisung) gebucht, auf die ältesten offenen Zeichnungen des Mitglieds. |||| %{count} Umsätze über insgesamt %{sum} werden als Einzahlungen auf Geschäftsanteile (Überweisung) gebucht, jeweils auf die ältesten offenen Zeichnungen des Mitglieds.',
  confirmYes: 'Zahlungen buchen',
  ignoreTitle: 'Umsätze beiseitelegen?',
  ignoreText:
    '%{count} Umsatz wird beiseitegelegt: Für ihn wird nichts auf Anteile gebucht. |||| %{count} Umsätze werden beiseitegelegt: Für sie wird nichts auf Anteile gebucht.',
  ignoreYes: 'Beiseitelegen',
  cancel: 'Abbrechen',
  confirmed: 'Die Zahlungen sind gebucht',
  ignored: 'Die Umsätze sind beiseitegelegt',
  fields: {
    statement: 'Auszug',
    account: 'Konto',
    period: 'Zeitraum',
    credits: 'Gutschriften',
    open: 'Offen',
    confirmedSum: 'Gebucht',
    readOn: 'Eingelesen am',
    select: 'Auswahl',
    bookingDate: 'Buchungstag',
    amount: 'Betrag',
    party: 'Zahler / Empfänger',
    remittance: 'Verwendungszweck',
    member: 'Mitglied',
    state: 'Stand',
    allocations: 'Auf Anteile',
  },
  states: {
    matched: 'Vorgeschlagen',
    unmatched: 'Zuzuordnen',
    confirmed: 'Gebucht',
    ignored: 'Beiseitegelegt',
    listed: 'Nur aufgeführt',
  },
  reasons: {
    noMemberNumber: 'keine Mitgliedsnummer im Text',
    severalMemberNumbers: 'mehrere Mitgliedsnummern im Text',
    nothingOutstanding: 'das Mitglied schuldet nichts auf Anteile',
    aboveOutstanding: 'mehr, als das Mitglied auf Anteile schuldet',
  },
};
