/**
 * Validation templates of the members and share register (issue 4), part of
 * `ValidationTemplate`. Suggested console texts (en / de) are given per template; `{0}` is the first
 * numbered parameter.
 */
export type MemberValidationTemplate =
  /** "Please select target member" / "Bitte wählen Sie das Zielmitglied" (transferTo missing). */
  | 'selectTarget'
  /** "You must not transfer from a member to the same member!" / "Eine Übertragung an dasselbe Mitglied ist nicht möglich!" */
  | 'canNotTransferToSelf'
  /**
   * "At least {0} € must remain after the posting. Shares held: {1}, of which at most {2} can leave." / "Nach der Buchung
   * müssen mindestens {0} € verbleiben. Anteile im Bestand: {1}, davon können höchstens {2} abgehen." ({0} the minimum in
   * euro like `250,00`, {1} the shares held on the posting's date, {2} the most that may leave from that date on).
   */
  | 'atLeastAmountMustRemain'
  /** "The member has exited; no further postings" / "Das Mitglied ist ausgeschieden; keine weiteren Buchungen" */
  | 'memberHasExited'
  /** "This posting cannot be annulled" / "Diese Buchung kann nicht storniert werden" (types 0 and 5, already annulled). */
  | 'cannotAnnul'
  /** "Member number {0} is already taken" / "Die Mitgliedsnummer {0} ist bereits vergeben" */
  | 'memberNrTaken'
  /** "Invalid date" / "Ungültiges Datum" (not a calendar date as YYYY-MM-DD, or a birth date in the future). */
  | 'invalidDate'
  /** "The holding would become negative" / "Der Bestand würde negativ" (an annulation that takes back more than is held). */
  | 'holdingWouldBeNegative'
  /**
   * "{0} € were received on these shares: …" / "Auf diese Anteile wurden {0} € eingezahlt: …" (an annulation of shares
   * whose register payment holds payments received after their posting, {0} in euro like `50,00`; decision 339).
   */
  | 'paymentsReceivedOnPosting'
  /**
   * "The receiving member is a member from {0}: date the transfer on or after it" / "Das empfangende Mitglied ist ab
   * dem {0} Mitglied: bitte datieren Sie die Übertragung auf diesen Tag oder später" (§ 76 GenG; decision 345).
   */
  | 'transferBeforeMembership'
  /**
   * "The member is a member from {0} (declaration and admission, § 15 GenG): an end cannot be dated before that day" /
   * "Das Mitglied ist ab dem {0} Mitglied (Beitrittserklärung und Zulassung, § 15 GenG): …" (on `noticeDate`; decision 367).
   */
  | 'endBeforeAdmission'
  /**
   * "An end of the membership is recorded from {0}: the admission cannot lie after that day" / "Für das Mitglied ist ab
   * dem {0} ein Ende erfasst: …" (on `approvalDate` or `entryDate` of a change of master data; decision 368).
   */
  | 'admissionAfterEnd'
  /** "Must be empty for this type" / "Muss für diese Buchungsart leer sein" (transferTo / annulPeer where the type has none). */
  | 'mustBeEmpty'
  /** "The cooperative has no share price yet" / "Für die Genossenschaft ist noch kein Anteilspreis hinterlegt" (general). */
  | 'shareCostNotSet'
  /** "This salutation does not fit the legal form: a firm is addressed as "Dear Sir or Madam", a person by name" / "Diese Briefanrede passt nicht zur Rechtsform: …" (on `postalSalutation`). */
  | 'postalSalutationDoesNotFitLegalForm'
  /** "The exit cannot lie before the entry on {0}" / "Das Ausscheiden kann nicht vor dem Eintritt am {0} liegen" ({0} the entry date). */
  | 'exitBeforeEntry'
  /**
   * "A posting dated {0} lies after the end of the membership on {1}; annul it first" / "Eine Buchung vom {0} liegt nach
   * dem Ende der Mitgliedschaft am {1}; bitte stornieren Sie sie zuerst" (on `noticeDate`).
   */
  | 'postingAfterEnd'
  /**
   * "The member holds {0} shares on {2}; at least {1} must remain" / "Das Mitglied hält am {2} {0} Anteile; mindestens
   * {1} müssen verbleiben" (a partial termination, 2: {0} the holding, {1} the minimum, {2} the effective date).
   */
  | 'withdrawalLeavesTooFew'
  /**
   * "An extraordinary notice is possible after one full financial year of membership, from {0}" / "Eine außerordentliche
   * Kündigung ist erst nach einem vollen Geschäftsjahr der Mitgliedschaft möglich, ab {0}" (§ 65 (3) GenG).
   */
  | 'extraordinaryNeedsFullYear'
  /**
   * "The year {0} is closed: corrections go into the next open year." / "Das Jahr {0} ist abgeschlossen: Korrekturen
   * gehören in das nächste offene Jahr." (issue 23: a posting or annulation dated in or before the latest year whose
   * dividend is closing or closed; {0} that year. On `date`, `interestBegin`, `noticeDate`, `entryDate` or `annulPeer`.)
   */
  | 'closedYear'
  /**
   * "This tax ID belongs to member {0} ({1}): a tax ID belongs to one person" / "Diese Steuer-ID gehört Mitglied {0} ({1}):
   * Eine Steuer-ID gehört genau einer Person" (on `manualTaxId`, admission and change; issue 39).
   */
  | 'taxIdTaken';

export const MEMBER_VALIDATION_TEMPLATES: readonly MemberValidationTemplate[] = [
  'selectTarget',
  'canNotTransferToSelf',
  'atLeastAmountMustRemain',
  'memberHasExited',
  'cannotAnnul',
  'memberNrTaken',
  'taxIdTaken',
  'invalidDate',
  'holdingWouldBeNegative',
  'paymentsReceivedOnPosting',
  'transferBeforeMembership',
  'endBeforeAdmission',
  'admissionAfterEnd',
  'mustBeEmpty',
  'shareCostNotSet',
  'postalSalutationDoesNotFitLegalForm',
  'exitBeforeEntry',
  'postingAfterEnd',
  'withdrawalLeavesTooFew',
  'extraordinaryNeedsFullYear',
  'closedYear',
];
