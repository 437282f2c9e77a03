/*
 * The tax-id rules of an exempted payout (issue 43: one set of rules): who must have a tax id for an exemption to be
 * honoured and reported (§ 45d Abs. 1 EStG: the FSA control report names each person by tax id; DOMAIN.md 4, 2.6).
 * The closure's check (dividend engine, `withholding.ts`) and the FSA control report (`fsak-records.ts`) both ask this
 * one function, so a holder the report would drop is flagged before the closure, under the same name.
 *
 * - an exemption order (FSA): its member needs a tax id (`taxIdMissing`); a joint order also the other spouse's
 *   (`spouseTaxIdMissing`);
 * - a non-assessment certificate of a natural person (NV type 100): its member needs a tax id (`nvTaxIdMissing`);
 *   a legal entity's certificate is not reported (DOMAIN.md 2.6 "FSAK note") and needs none.
 * Nothing exempted (under an order used up, or nothing paid): nothing to report, no problem.
 */

/** What exempted a payout: an exemption order (single or joint), or a natural person's NV type 100. */
export type ExemptionBasis = 'fsa' | 'jointFsa' | 'nv100';

/** The problems, each its own validation template (contracts/src/validation.ts). */
export type ExemptionTaxIdProblem = 'taxIdMissing' | 'spouseTaxIdMissing' | 'nvTaxIdMissing';

export interface ExemptionTaxIds {
  readonly basis: ExemptionBasis;
  /** Exempted cents; 0: nothing to check. */
  readonly exempt: number;
  readonly legalEntity: boolean;
  readonly taxId: string | null | undefined;
  /** A joint order's other spouse's tax id (its own member record when a member); ignored otherwise. */
  readonly spouseTaxId?: string | null | undefined;
  /** The cooperative's setting: test ids (starting with 0; DOMAIN.md 12a.11) count. */
  readonly allowTestTaxIds: boolean;
}

/** A tax id counts when present and, unless test ids are allowed, not a test id (starting with 0; 12a.11). */
export function countsAsTaxId(taxId: string | null | undefined, allowTestTaxIds: boolean): boolean {
  const id = taxId?.trim() ?? '';
  return id !== '' && (allowTestTaxIds || !id.startsWith('0'));
}

/** The tax-id problems of one exempted payout (none: it can be honoured and reported). */
export function exemptionTaxIdProblems(input: ExemptionTaxIds): ExemptionTaxIdProblem[] {
  if (input.exempt <= 0) return [];
  const has = (id: string | null | undefined): boolean => countsAsTaxId(id, input.allowTestTaxIds);
  if (input.basis === 'nv100') return input.legalEntity || has(input.taxId) ? [] : ['nvTaxIdMissing'];
  const problems: ExemptionTaxIdProblem[] = [];
  if (!has(input.taxId)) problems.push('taxIdMissing');
  if (input.basis === 'jointFsa' && !has(input.spouseTaxId)) problems.push('spouseTaxIdMissing');
  return problems;
}
