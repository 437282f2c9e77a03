import type { ImportChoice, ImportField, ImportKind } from '../import-types.js';
import {
  CHURCH_CHOICE,
  CIVIL_STATUS_CHOICE,
  EXEMPTION_ORDER_TYPE_CHOICE,
  LEGAL_FORM_CHOICE,
  MEMBER_TYPE_CHOICE,
  NV_TYPE_CHOICE,
  POSITION_CHOICE,
  POSTAL_SALUTATION_CHOICE,
  POSTING_TYPE_CHOICE,
  SALUTATION_CHOICE,
  STATE_CHOICE,
  TITLE_CHOICE,
} from './choice-words.js';

/*
 * The field catalogue of the import (issue 29): every field of SPEC.md 3 "Member", "Balance", "ExemptionOrder" and
 * "NonAssessment" a register can bring, with the headers it is recognised by (German and English). The first German
 * header is the template's and the register workbook's header, so a file written by this product reads back unmapped.
 * Members are named by their member number everywhere (the old program's ids mean nothing here).
 */

type F = ImportField;
const field = (
  key: string,
  kind: F['kind'],
  de: readonly string[],
  en: readonly string[],
  extra: { readonly required?: boolean; readonly choices?: ImportChoice } = {},
): F => ({
  key,
  kind,
  required: extra.required ?? false,
  headers: { de, en },
  ...(extra.choices ? { choice: extra.choices } : {}),
});

const memberNr = (required = true): F =>
  field(
    'memberNr',
    'integer',
    ['Mitgliedsnummer', 'Mitglieds-Nr', 'Mitgliedsnr', 'Mitglied Nr', 'MitgliedNr', 'Nr'],
    ['Member number', 'Member no', 'Membership number', 'Member nr', 'No'],
    { required },
  );

export const IMPORT_FIELDS: Readonly<Record<ImportKind, readonly ImportField[]>> = {
  members: [
    memberNr(),
    field('memberType', 'choice', ['Mitgliedsart', 'Art'], ['Member type', 'Type'], { choices: MEMBER_TYPE_CHOICE }),
    field('position', 'choice', ['Funktion', 'Position'], ['Position', 'Function', 'Role'], {
      choices: POSITION_CHOICE,
    }),
    field('salutation', 'choice', ['Anrede'], ['Salutation'], { choices: SALUTATION_CHOICE }),
    field('postalSalutation', 'choice', ['Briefanrede'], ['Postal salutation', 'Letter salutation'], {
      choices: POSTAL_SALUTATION_CHOICE,
    }),
    field('title', 'choice', ['Titel'], ['Title'], { choices: TITLE_CHOICE }),
    field(
      'name',
      'text',
      ['Name / Firma', 'Name', 'Nachname', 'Familienname', 'Firma'],
      ['Name / Company', 'Surname', 'Last name', 'Family name', 'Company', 'Name'],
      { required: true },
    ),
    field('givenName', 'text', ['Vorname', 'Vornamen'], ['Given name', 'First name', 'Forename']),
    field('birthName', 'text', ['Geburtsname'], ['Birth name', 'Maiden name']),
    field('birthDate', 'date', ['Geburtsdatum', 'Geboren am'], ['Birth date', 'Date of birth', 'Birthday']),
    field('legalForm', 'choice', ['Rechtsform', 'Personenart'], ['Legal form', 'Person type'], {
      choices: LEGAL_FORM_CHOICE,
    }),
    field('civilStatus', 'choice', ['Familienstand'], ['Civil status', 'Marital status'], {
      choices: CIVIL_STATUS_CHOICE,
    }),
    field(
      'spouseMemberNr',
      'integer',
      ['Mitgliedsnummer Ehegatte', 'Ehegatte Mitgliedsnummer'],
      ['Spouse member number'],
    ),
    field(
      'spouseGivenName',
      'text',
      ['Vorname Ehegatte', 'Ehegatte Vorname'],
      ['Spouse given name', 'Spouse first name'],
    ),
    field('spouseName', 'text', ['Name Ehegatte', 'Ehegatte Name'], ['Spouse name', 'Spouse surname']),
    field('spouseBirthName', 'text', ['Geburtsname Ehegatte'], ['Spouse birth name']),
    field('spouseBirthDate', 'date', ['Geburtsdatum Ehegatte', 'Ehegatte Geburtsdatum'], ['Spouse birth date']),
    field('spouseTitle', 'choice', ['Titel Ehegatte'], ['Spouse title'], { choices: TITLE_CHOICE }),
    field('spouseTaxId', 'text', ['Steuer-ID Ehegatte', 'Steuer-IdNr Ehegatte'], ['Spouse tax id', 'Spouse tax ID']),
    field('street', 'text', ['Straße', 'Strasse'], ['Street']),
    field('streetHomeNumber', 'text', ['Hausnummer', 'Hausnr', 'Nr.'], ['House number', 'Street number']),
    field('zipCode', 'text', ['PLZ', 'Postleitzahl'], ['Zip code', 'Postcode', 'Postal code', 'ZIP']),
    field('city', 'text', ['Ort', 'Wohnort', 'Stadt'], ['City', 'Town']),
    field('state', 'choice', ['Bundesland'], ['State', 'Federal state'], { choices: STATE_CHOICE }),
    field('country', 'text', ['Land', 'Staat'], ['Country']),
    field('isForeign', 'boolean', ['Ausland', 'Wohnsitz im Ausland'], ['Foreign', 'Abroad', 'Lives abroad']),
    field(
      'legalRepresentation',
      'text',
      ['Gesetzliche Vertretung', 'Gesetzlicher Vertreter'],
      ['Legal representation', 'Legal representative'],
    ),
    field('privateEmail', 'text', ['E-Mail', 'Email'], ['Email', 'E-mail']),
    field('privateTelephone', 'text', ['Telefon', 'Telefonnummer'], ['Telephone', 'Phone']),
    field('bankname', 'text', ['Bank', 'Kreditinstitut', 'Bankname'], ['Bank', 'Bank name']),
    field('accountHolder', 'text', ['Kontoinhaber'], ['Account holder']),
    field('iban', 'text', ['IBAN'], ['IBAN']),
    field('bic', 'text', ['BIC'], ['BIC']),
    field(
      'entryDate',
      'date',
      ['Eintrittsdatum', 'Eintritt', 'Beitrittsdatum'],
      ['Entry date', 'Joined', 'Date of entry'],
      { required: true },
    ),
    field('approvalDate', 'date', ['Zulassungsdatum', 'Zulassung'], ['Approval date']),
    field('interestBegin', 'date', ['Verzinsungsbeginn', 'Dividendenbeginn'], ['Interest begin', 'Dividend begin']),
    field(
      'manualTaxId',
      'text',
      ['Steuer-ID', 'Steuer-IdNr', 'Steueridentifikationsnummer'],
      ['Tax id', 'Tax ID', 'Tax identification number'],
    ),
    field('churchId', 'choice', ['Kirche', 'Religionsgemeinschaft'], ['Church'], { choices: CHURCH_CHOICE }),
    field('churchTaxRate', 'text', ['Kirchensteuersatz'], ['Church tax rate']),
    field('kiSt', 'text', ['KiSt'], ['KiSt']),
    field('kiStSatz', 'text', ['KiSt-Satz'], ['KiSt rate']),
    /** The number of shares held today: checked against the postings, or the admission's shares when the member has none. */
    field('shareAmount', 'integer', ['Anzahl Anteile', 'Anteile', 'Geschäftsanteile'], ['Number of shares', 'Shares']),
    /**
     * The shares' nominal value today (euros), checked against the postings. The Geschäftsguthaben is what was paid in
     * (DOMAIN.md 1, decision 273): files written before name this column so and are still read.
     */
    field(
      'capital',
      'money',
      [
        'Nennbetrag der Anteile (EUR)',
        'Nennbetrag der Anteile',
        'Geschäftsguthaben (EUR)',
        'Geschäftsguthaben',
        'Guthaben',
      ],
      ['Nominal value (EUR)', 'Nominal value', 'Capital (EUR)', 'Capital', 'Balance'],
    ),
  ],
  postings: [
    memberNr(),
    /** The posting's own reference in the source (any text, unique in the file): transfers and annulations point at it. */
    field('ref', 'text', ['Buchungsnummer', 'Buchungs-Nr', 'Beleg'], ['Posting reference', 'Posting id', 'Reference']),
    field('type', 'choice', ['Buchungsart', 'Vorgang', 'Art'], ['Posting type', 'Type', 'Process'], {
      required: true,
      choices: POSTING_TYPE_CHOICE,
    }),
    field('quantity', 'integer', ['Anzahl', 'Anteile', 'Anzahl Anteile'], ['Quantity', 'Shares', 'Number of shares']),
    field('amount', 'money', ['Betrag (EUR)', 'Betrag'], ['Amount (EUR)', 'Amount']),
    field('date', 'date', ['Datum', 'Buchungsdatum', 'Wirksam am'], ['Date', 'Posting date', 'Effective date'], {
      required: true,
    }),
    field('approvalDate', 'date', ['Zulassungsdatum', 'Zulassung'], ['Approval date']),
    field('interestBegin', 'date', ['Verzinsungsbeginn', 'Dividendenbeginn'], ['Interest begin', 'Dividend begin']),
    /** Exits, partial terminations, exclusions, deaths: the day of the notice (of the board's decision, of the death). */
    field(
      'noticeDate',
      'date',
      ['Kündigungsdatum', 'Datum der Kündigung', 'Mitteilungsdatum'],
      ['Notice date', 'Date of notice'],
    ),
    /** An exclusion: the day the registered letter went out. */
    field('dispatchDate', 'date', ['Absendedatum', 'Versanddatum'], ['Dispatch date']),
    /** A transfer (3 or 4): the other member's number, and (optional) the other half's reference. */
    field(
      'transferMemberNr',
      'integer',
      ['Gegenmitglied', 'Mitgliedsnummer Gegenseite', 'Übertragung Mitgliedsnummer'],
      ['Transfer member number', 'Counterpart member number'],
    ),
    field('transferRef', 'text', ['Gegenbuchung'], ['Transfer reference', 'Counterpart reference']),
    /** An annulation (5): the reference of the posting it annuls. */
    field('annulRef', 'text', ['Storno von', 'Storniert Buchung'], ['Annuls', 'Annulled posting']),
    /** The actual payment (Rückpflicht-Einzahlung) when it differs from the amount. */
    field('rueckpfleinzahlung', 'money', ['Einzahlung (EUR)', 'Einzahlung'], ['Payment (EUR)', 'Payment']),
    /**
     * An end (2, 6, 7, 8) settled before the product (issue 42): the day its settlement balance was paid, and the amount
     * paid (the holding booked out less a loss share). Both or neither; recorded as paid, never due.
     */
    field(
      'settlementPayoutDate',
      'date',
      ['Auseinandersetzung ausgezahlt am', 'Auszahlungstag Auseinandersetzung', 'Auseinandersetzung Auszahlungstag'],
      ['Settlement paid on', 'Settlement payout date'],
    ),
    field(
      'settlementAmount',
      'money',
      ['Auseinandersetzungsguthaben (EUR)', 'Auseinandersetzungsguthaben', 'Auseinandersetzung Betrag'],
      ['Settlement amount (EUR)', 'Settlement amount', 'Settlement balance'],
    ),
  ],
  exemptionOrders: [
    memberNr(),
    field('type', 'choice', ['Art', 'Antragsart'], ['Type'], { required: true, choices: EXEMPTION_ORDER_TYPE_CHOICE }),
    field('joint', 'boolean', ['Gemeinsam', 'Gemeinsamer Auftrag'], ['Joint']),
    field(
      'spouseMemberNr',
      'integer',
      ['Mitgliedsnummer Ehegatte', 'Ehegatte Mitgliedsnummer'],
      ['Spouse member number'],
    ),
    field('amount', 'money', ['Betrag (EUR)', 'Betrag', 'Freistellungsbetrag'], ['Amount (EUR)', 'Amount'], {
      required: true,
    }),
    field('date', 'date', ['Datum', 'Eingangsdatum'], ['Date'], { required: true }),
    field('startDate', 'date', ['Gültig ab', 'Beginn'], ['Valid from', 'Start date'], { required: true }),
    field('endDate', 'date', ['Gültig bis', 'Ende'], ['Valid until', 'End date']),
  ],
  nonAssessments: [
    memberNr(),
    field('type', 'choice', ['Art'], ['Type'], { required: true, choices: NV_TYPE_CHOICE }),
    field('orderNumber', 'text', ['Aktenzeichen', 'Bescheinigungsnummer'], ['Order number', 'Reference']),
    field('date', 'date', ['Ausstellungsdatum', 'Datum'], ['Issue date', 'Date'], { required: true }),
    field('taxAuthorities', 'text', ['Finanzamt'], ['Tax office', 'Tax authorities']),
    field('startDate', 'date', ['Gültig ab', 'Beginn'], ['Valid from', 'Start date'], { required: true }),
    field('endDate', 'date', ['Gültig bis', 'Ende'], ['Valid until', 'End date'], { required: true }),
    field('original', 'boolean', ['Original liegt vor', 'Original'], ['Original present', 'Original']),
  ],
};

/** The sheet names of the template workbook (and those recognised for a kind). */
export const KIND_SHEETS: Readonly<
  Record<ImportKind, { readonly de: readonly string[]; readonly en: readonly string[] }>
> = {
  members: { de: ['Mitglieder', 'Mitgliederliste', 'Stammdaten'], en: ['Members', 'Member list'] },
  postings: {
    de: ['Buchungen', 'Anteilsbuchungen', 'Geschäftsanteile', 'Anteile'],
    en: ['Postings', 'Balances', 'Shares', 'Share register'],
  },
  exemptionOrders: { de: ['Freistellungsaufträge', 'Freistellungsauftraege', 'FSA'], en: ['Exemption orders'] },
  nonAssessments: {
    de: ['NV-Bescheinigungen', 'Nichtveranlagungsbescheinigungen', 'NV'],
    en: ['Non-assessments', 'Non-assessment certificates'],
  },
};
