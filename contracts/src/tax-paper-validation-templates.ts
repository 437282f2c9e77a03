/**
 * Validation templates of exemption orders and non-assessment certificates (issue 5), part of
 * `ValidationTemplate`. Suggested console texts (en / de) are given per template; `{0}`, `{1}` are
 * the numbered parameters.
 */
export type TaxPaperValidationTemplate =
  /** "Either select a spouse or change to single exemption order" / "Bitte wählen Sie einen Ehegatten oder ändern Sie auf Einzel-Freistellungsauftrag" (on `spouse`). */
  | 'spouseNeededForJoint'
  /** "End date must be after start date" / "Das Enddatum muss nach dem Startdatum liegen" (on `endDate`). */
  | 'endDateMustBeAfterStartDate'
  /** "start date must not be empty" / "Das Startdatum darf nicht leer sein" (on `startDate`). */
  | 'startDateMustNotBeEmpty'
  /** "end date must not be empty" / "Das Enddatum darf nicht leer sein" (on `endDate`, non-assessments). */
  | 'endDateMustNotBeEmpty'
  /** "The date range exceeds {0} years" / "Der Zeitraum überschreitet {0} Jahre" (on `endDate`; {0} is `3`). */
  | 'dateRangeExceeds'
  /** "Choose a year from {0} to {1}" / "Bitte ein Jahr von {0} bis {1} wählen" (on `startDate` / `endDate`). */
  | 'yearOutOfRange'
  /** "Must be greater than {0}" / "Muss größer als {0} sein" (on `amount`; {0} is `0`). */
  | 'mustBeGreaterThan'
  /** "The amount exceeds the saver's allowance of {0} € for {1}" / "Der Betrag übersteigt den Sparer-Pauschbetrag von {0} € für {1}" ({0} like `801,00`, {1} the year). */
  | 'amountExceedsAllowance'
  /** "conflict with exemption order {0}" / "Überschneidung mit Freistellungsauftrag {0}" (general; {0} the other order's id). */
  | 'conflictExemptionOrder'
  /** "conflict with non assessment {0}" / "Überschneidung mit NV-Bescheinigung {0}" (general; {0} the other certificate's id). */
  | 'conflictNonAssessment'
  /** "A legal entity cannot give an exemption order (no saver's allowance, DOMAIN 2.7)" / "Juristische Personen können keinen Freistellungsauftrag erteilen" (on `member`). */
  | 'exemptionOrderNotForLegalEntity'
  /** "A member living abroad cannot give an exemption order (only unlimited taxpayers, § 44a Abs. 1 EStG)" / "…" (on `member`). */
  | 'exemptionOrderNotForNonResident'
  /** "A joint order needs a spouse or civil partner recorded in the member's master data" / "…" (on `joint`). */
  | 'jointOrderNeedsSpouse'
  /** "The spouse {0} already holds joint exemption order {1} for this period" / "…" (general; {0} "number name" of the linked spouse, {1} the order's id). */
  | 'jointOrderOfSpouseOverlaps'
  /** "A member living abroad cannot hold a non-assessment certificate of type {0} (§ 44a Abs. 1 EStG)" / "…" (on `type`; {0} the type). */
  | 'nonAssessmentNotForNonResident';

export const TAX_PAPER_VALIDATION_TEMPLATES: readonly TaxPaperValidationTemplate[] = [
  'spouseNeededForJoint',
  'endDateMustBeAfterStartDate',
  'startDateMustNotBeEmpty',
  'endDateMustNotBeEmpty',
  'dateRangeExceeds',
  'yearOutOfRange',
  'mustBeGreaterThan',
  'amountExceedsAllowance',
  'conflictExemptionOrder',
  'conflictNonAssessment',
  'exemptionOrderNotForLegalEntity',
  'exemptionOrderNotForNonResident',
  'jointOrderNeedsSpouse',
  'jointOrderOfSpouseOverlaps',
  'nonAssessmentNotForNonResident',
];
