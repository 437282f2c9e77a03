/**
 * Refusals of a dividend closure (issue 23; SPEC.md 5 and 8), part of `ValidationTemplate`: `POST /dividend/store`
 * answers them as `{errors:[{field, template, parameters}]}`, `GET /dividend/calc` lists them in `errors`. Suggested
 * console texts (en / de) per template; `{0}` is the first numbered parameter.
 */
export const DIVIDEND_VALIDATION_TEMPLATES = [
  /** "Missing payment date" / "Das Auszahlungsdatum fehlt". */
  'missingPaymentDate',
  /** "Missing decision date" / "Das Beschlussdatum fehlt". */
  'missingDecisionDate',
  /** "Cannot create closure for current year." / "Für das laufende Jahr kann kein Abschluss erstellt werden." */
  'currentYearClosure',
  /** "Year {0} is already closed" / "Das Jahr {0} ist bereits abgeschlossen" ({0} the year). */
  'yearAlreadyClosed',
  /** "The cooperative's bank name is missing" / "Der Name der Bank der Genossenschaft fehlt". */
  'missingCooperativeBankname',
  /** "The cooperative's IBAN is missing" / "Die IBAN der Genossenschaft fehlt". */
  'missingCooperativeIban',
  /** "The cooperative's BIC is missing" / "Die BIC der Genossenschaft fehlt". */
  'missingCooperativeBic',
  /** "FSA impossible for this member, no tax id provided!" ({0}… the member numbers). */
  'taxIdMissing',
  /** "Joint exemption order impossible, the spouse's tax id is missing" ({0}… the member numbers). */
  'spouseTaxIdMissing',
] as const;

export type DividendValidationTemplate = (typeof DIVIDEND_VALIDATION_TEMPLATES)[number];
