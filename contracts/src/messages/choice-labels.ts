/*
 * The words the console shows for the codes of every choice (issue 39 "In the words clerks use"): one source for the
 * console's catalogues (admin-ui/src/i18n/en.ts and de.ts take these objects) and for the import, which accepts each
 * label in German and English beside the code (services/src/member-import/replay/import-fields.ts). Plain constants,
 * no package imported: the console's bundle takes them through `@coop/contracts/console`.
 */

/** The choices with labels, by the console's catalogue key. */
export interface ChoiceLabels {
  readonly memberTypes: Readonly<Record<'0' | '1' | '2' | '3', string>>;
  readonly positions: Readonly<Record<'0' | '1' | '2' | '3', string>>;
  readonly legalForms: Readonly<Record<'0' | '1', string>>;
  readonly civilStatuses: Readonly<Record<'0' | '1' | '2' | '3', string>>;
  readonly salutations: Readonly<Record<'Frau' | 'Herr', string>>;
  readonly postalSalutations: Readonly<Record<'female' | 'femaleDr' | 'male' | 'maleDr' | 'company', string>>;
  readonly titles: Readonly<Record<'Dr' | 'Prof' | 'none', string>>;
  /** Church tax codes (Konfessionsschlüssel of the wage tax procedure); others are shown as the code. */
  readonly churches: Readonly<Record<'ak' | 'ev' | 'fr' | 'is' | 'jd' | 'lt' | 'rf' | 'rk', string>>;
  readonly states: Readonly<
    Record<
      'bb' | 'be' | 'bw' | 'by' | 'hb' | 'he' | 'hh' | 'mv' | 'ni' | 'nw' | 'rp' | 'sh' | 'sl' | 'sn' | 'st' | 'th',
      string
    >
  >;
  /** Posting (balance) types 0 to 8. */
  readonly balanceTypes: Readonly<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8', string>>;
  readonly exemptionTypes: Readonly<Record<'0' | '1', string>>;
  readonly nvTypes: Readonly<Record<'100' | '60' | '0' | '-1', string>>;
  readonly nvTypesShort: Readonly<Record<'100' | '60' | '0' | '-1', string>>;
}

export const CHOICE_LABELS_EN = {
  memberTypes: {
    '0': 'Founding member',
    '1': 'Member by accession',
    '2': 'Data removed (GDPR)',
    '3': 'Investing member',
  },
  positions: { '0': 'Member', '1': 'President', '2': 'Supervisory board', '3': 'Adviser' },
  legalForms: { '0': 'Natural person', '1': 'Legal entity' },
  civilStatuses: { '0': 'Unmarried', '1': 'Married', '2': 'Civil partnership', '3': 'Widowed' },
  salutations: { Frau: 'Ms', Herr: 'Mr' },
  postalSalutations: {
    female: 'Dear Ms',
    femaleDr: 'Dear Dr (female)',
    male: 'Dear Mr',
    maleDr: 'Dear Dr (male)',
    company: 'Dear Sir or Madam',
  },
  titles: { Dr: 'Dr.', Prof: 'Prof.', none: 'No title' },
  churches: {
    ak: 'Old Catholic',
    ev: 'Protestant',
    fr: 'French Reformed',
    is: 'Jewish (Israelite)',
    jd: 'Jewish',
    lt: 'Evangelical Lutheran',
    rf: 'Evangelical Reformed',
    rk: 'Roman Catholic',
  },
  states: {
    bb: 'Brandenburg',
    be: 'Berlin',
    bw: 'Baden-Württemberg',
    by: 'Bavaria',
    hb: 'Bremen',
    he: 'Hesse',
    hh: 'Hamburg',
    mv: 'Mecklenburg-Western Pomerania',
    ni: 'Lower Saxony',
    nw: 'North Rhine-Westphalia',
    rp: 'Rhineland-Palatinate',
    sh: 'Schleswig-Holstein',
    sl: 'Saarland',
    sn: 'Saxony',
    st: 'Saxony-Anhalt',
    th: 'Thuringia',
  },
  balanceTypes: {
    '0': 'Initial subscription',
    '1': 'Additional shares',
    '2': 'Partial termination',
    '3': 'Transfer to member',
    '4': 'Transfer from member',
    '5': 'Annulment',
    '6': 'Death',
    '7': 'Exclusion',
    '8': 'Exit',
  },
  exemptionTypes: { '0': 'Initial order', '1': 'Follow-up order' },
  nvTypes: {
    '100': 'Full exemption (NV 100): no withholding tax',
    '60': 'Three fifths withheld (NV 60): 15 % instead of 25 %',
    '0': 'No certificate (NV 0): normal withholding',
    '-1': 'Unknown (NV -1): treated as normal withholding',
  },
  nvTypesShort: {
    '100': 'Full exemption (NV 100)',
    '60': 'Three fifths withheld (NV 60)',
    '0': 'No certificate (NV 0)',
    '-1': 'Unknown (NV -1)',
  },
} as const satisfies ChoiceLabels;

export const CHOICE_LABELS_DE = {
  memberTypes: {
    '0': 'Gründungsmitglied',
    '1': 'Beigetretenes Mitglied',
    '2': 'Daten gelöscht (DSGVO)',
    '3': 'Investierendes Mitglied',
  },
  positions: { '0': 'Mitglied', '1': 'Vorstand', '2': 'Aufsichtsrat', '3': 'Beirat' },
  legalForms: { '0': 'Natürliche Person', '1': 'Juristische Person' },
  civilStatuses: { '0': 'Ledig', '1': 'Verheiratet', '2': 'Eingetragene Partnerschaft', '3': 'Verwitwet' },
  salutations: { Frau: 'Frau', Herr: 'Herr' },
  postalSalutations: {
    female: 'Sehr geehrte Frau',
    femaleDr: 'Sehr geehrte Frau Dr.',
    male: 'Sehr geehrter Herr',
    maleDr: 'Sehr geehrter Herr Dr.',
    company: 'Sehr geehrte Damen und Herren',
  },
  titles: { Dr: 'Dr.', Prof: 'Prof.', none: 'Kein Titel' },
  churches: {
    ak: 'altkatholisch',
    ev: 'evangelisch',
    fr: 'französisch-reformiert',
    is: 'israelitisch',
    jd: 'jüdisch',
    lt: 'evangelisch-lutherisch',
    rf: 'evangelisch-reformiert',
    rk: 'römisch-katholisch',
  },
  states: {
    bb: 'Brandenburg',
    be: 'Berlin',
    bw: 'Baden-Württemberg',
    by: 'Bayern',
    hb: 'Bremen',
    he: 'Hessen',
    hh: 'Hamburg',
    mv: 'Mecklenburg-Vorpommern',
    ni: 'Niedersachsen',
    nw: 'Nordrhein-Westfalen',
    rp: 'Rheinland-Pfalz',
    sh: 'Schleswig-Holstein',
    sl: 'Saarland',
    sn: 'Sachsen',
    st: 'Sachsen-Anhalt',
    th: 'Thüringen',
  },
  balanceTypes: {
    '0': 'Erstzeichnung',
    '1': 'Zeichnung weiterer Anteile',
    '2': 'Teilkündigung',
    '3': 'Übertragung an Mitglied',
    '4': 'Übertragung von Mitglied',
    '5': 'Storno',
    '6': 'Tod',
    '7': 'Ausschluss',
    '8': 'Kündigung',
  },
  exemptionTypes: { '0': 'Erstauftrag', '1': 'Folgeauftrag' },
  nvTypes: {
    '100': 'Vollständige Abstandnahme (NV 100): kein Steuerabzug',
    '60': 'Drei Fünftel Steuerabzug (NV 60): 15 % statt 25 %',
    '0': 'Keine Bescheinigung (NV 0): normaler Steuerabzug',
    '-1': 'Unbekannt (NV -1): wie normaler Steuerabzug behandelt',
  },
  nvTypesShort: {
    '100': 'Vollständige Abstandnahme (NV 100)',
    '60': 'Drei Fünftel Steuerabzug (NV 60)',
    '0': 'Keine Bescheinigung (NV 0)',
    '-1': 'Unbekannt (NV -1)',
  },
} as const satisfies ChoiceLabels;
