/**
 * The run's totals and its KapESt return for the payment day (DOMAIN.md 5, 12a.10, WE-12):
 * - row 31: income taxed at 25 % (with or without church tax: standard, foreign, legal entity, heirs), the taxable base
 *   and the KapESt summed in cents, then each cut to whole euros;
 * - row 32: income taxed at 3/5 (NV 60): base = gross, and its KapESt, each cut to whole euros;
 * - row 33: income without withholding (exemption orders, NV 100), cut to whole euros;
 * - row 34: Soli in cents (annex taxes are not rounded to euros);
 * - the KapESt due: Σ KapESt in cents cut once to whole euros (§ 44 Abs. 1 S. 6 EStG), which may exceed the sum of the
 *   rows;
 * - church tax per church id in cents (§ 51a Abs. 2c S. 1 Nr. 4 S. 2), the churches with an amount, by id ascending.
 */
import { addSafe, truncateToEuros } from './exact.js';
import type { MemberResult, RunTotals, TaxReturnSummary } from './types.js';

export function runTotals(members: readonly MemberResult[], residue: number): RunTotals {
  let gross = 0;
  let exempt = 0;
  let taxable = 0;
  let kapest = 0;
  let soli = 0;
  let churchTax = 0;
  let net = 0;
  for (const m of members) {
    gross = addSafe(gross, m.gross);
    exempt = addSafe(exempt, m.exempt);
    taxable = addSafe(taxable, m.taxable);
    kapest = addSafe(kapest, m.kapest);
    soli = addSafe(soli, m.soli);
    churchTax = addSafe(churchTax, m.churchTax);
    net = addSafe(net, m.net);
  }
  return { members: members.length, gross, exempt, taxable, kapest, soli, churchTax, net, residue };
}

/** What the return reads of a member's result: a run's, or one stored by a closure (several closures of one day). */
export type ReturnedResult = Pick<
  MemberResult,
  'basisOfTax' | 'gross' | 'taxable' | 'exempt' | 'kapest' | 'soli' | 'churchId' | 'churchTax'
>;

export function taxReturn(members: Iterable<ReturnedResult>): TaxReturnSummary {
  let fullBase = 0;
  let fullKapest = 0;
  let reducedBase = 0;
  let reducedKapest = 0;
  let exempt = 0;
  let soli = 0;
  let kapest = 0;
  const churches = new Map<string, number>();
  for (const m of members) {
    if (m.basisOfTax === 'nv60') {
      reducedBase = addSafe(reducedBase, m.gross);
      reducedKapest = addSafe(reducedKapest, m.kapest);
    } else {
      fullBase = addSafe(fullBase, m.taxable);
      fullKapest = addSafe(fullKapest, m.kapest);
    }
    exempt = addSafe(exempt, m.exempt);
    soli = addSafe(soli, m.soli);
    kapest = addSafe(kapest, m.kapest);
    if (m.churchId !== null && m.churchTax > 0)
      churches.set(m.churchId, addSafe(churches.get(m.churchId) ?? 0, m.churchTax));
  }
  return {
    row31: { baseEuros: truncateToEuros(fullBase), kapestEuros: truncateToEuros(fullKapest) },
    row32: { baseEuros: truncateToEuros(reducedBase), kapestEuros: truncateToEuros(reducedKapest) },
    row33: { baseEuros: truncateToEuros(exempt) },
    row34: { soliCents: soli },
    kapestDueEuros: truncateToEuros(kapest),
    churchTaxes: [...churches.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([churchId, cents]) => ({ churchId, cents })),
  };
}
