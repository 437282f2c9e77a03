/**
 * The withholding of one member's dividend on the payment date (DOMAIN.md 2.9 with the product decisions of 12a),
 * step by step, each step deciding alone:
 * 1. address abroad (12a.7): KapESt 25 % + Soli; no order, certificate or church tax;
 * 2. deceased on or before the payment date, setting `heirsTaxedFromDeath` (12a.8): the heirs, 25 % + Soli; no order,
 *    certificate or church tax;
 * 3. a non-assessment certificate valid on the payment date (12a.1; 100 over 60; 0 and -1 are none): 100 → no tax,
 *    everything exempt; 60 → KapESt = 15 % of the gross rounded once (not 3/5 of a rounded 25 %), Soli on it, no church
 *    tax, no order;
 * 4. a legal entity (2.7): 25 % + Soli; no order, no church tax;
 * 5. otherwise the exemption order valid on the payment date is consumed (allowance.ts), then the church tax by 12a.9:
 *    KapESt = B / (4 + k) with church tax k × KapESt, else 25 % × B; Soli 5.5 % × KapESt.
 * KapESt and church tax are rounded by `taxRounding`; Soli is always cut (§ 4 S. 3 SolZG). Net = gross − taxes.
 */
import type { DividendSettings, RoundingMode } from '@coop/contracts';
import { countsAsTaxId as taxIdCounts, exemptionTaxIdProblems } from '../../../kernel/exemption-checks.js';
import { AllowanceLedger, orderVolume, preferredOrder } from './allowance.js';
import type { GrossShare } from './distribution.js';
import { divide, parseDecimal, shortDecimals, toSafe, type Ratio } from './exact.js';
import type { CertificateInput, MemberInput, MemberProblem, MemberResult, OrderInput } from './types.js';

/** What the calculator keeps of a member after `add`: the basis and the tax facts, not the postings. */
export interface TaxFacts {
  readonly id: string;
  readonly memberNr: number;
  readonly legalEntity: boolean;
  readonly foreign: boolean;
  readonly state: MemberInput['state'];
  readonly churchId: string | null;
  readonly churchTaxRate: string | null;
  readonly taxId: string | null;
  readonly spouseMemberId: string | null;
  readonly spouseTaxId: string | null;
  readonly deathDate: string | null;
  readonly holding: number;
  readonly weight: bigint;
  /** The member's own orders valid on the payment date. */
  readonly orders: readonly OrderInput[];
  /** The strongest certificate valid on the payment date (100 over 60), or null. */
  readonly certificate: CertificateInput | null;
}

export interface WithholdingContext {
  readonly paymentDate: string;
  readonly paymentYear: number;
  readonly settings: DividendSettings;
  readonly ledger: AllowanceLedger;
  /** Joint orders valid on the payment date that another member gave naming `memberId` as the spouse. */
  spouseOrders(memberId: string): readonly OrderInput[];
  /** Another member of the run (a spouse), if added. */
  member(memberId: string): TaxFacts | undefined;
}

const CHURCH_DEFAULT_8 = new Set(['by', 'bw']);
const SOLI = { num: 55n, den: 1000n };

/** A tax id counts when present and, unless test ids are allowed, not a test id (starting with 0; 12a.11). */
export function countsAsTaxId(taxId: string | null | undefined, settings: DividendSettings): boolean {
  return taxIdCounts(taxId, settings.allowTestTaxIds);
}

/**
 * The church data a payout on `paymentDate` withholds with: a regular KiStAM answer from 1 January after its status
 * date (DOMAIN.md 3.1; `MemberInput.churchFollowing`), before that the data held before it.
 */
export function churchOn(
  member: Pick<MemberInput, 'churchId' | 'churchTaxRate' | 'churchFollowing'>,
  paymentDate: string,
): Pick<TaxFacts, 'churchId' | 'churchTaxRate'> {
  const following = member.churchFollowing;
  if (following && paymentDate >= following.from)
    return { churchId: following.churchId, churchTaxRate: following.churchTaxRate };
  return { churchId: member.churchId, churchTaxRate: member.churchTaxRate };
}

/** The church-tax rate (percent) of a member (12a.9): the KiStAM rate; with a church id and no rate 8 % in by/bw, 9 % elsewhere; none without a church id or at rate 0. */
export function churchRateOf(facts: Pick<TaxFacts, 'churchId' | 'churchTaxRate' | 'state'>): Ratio | null {
  if ((facts.churchId?.trim() ?? '') === '') return null;
  const given = facts.churchTaxRate?.trim() ?? '';
  if (given === '') return { num: facts.state !== null && CHURCH_DEFAULT_8.has(facts.state) ? 8n : 9n, den: 1n };
  const rate = parseDecimal(given);
  return rate.num === 0n ? null : rate;
}

/** The strongest certificate valid on `date` (100 over 60; 0 and -1 are no certificate); then the latest start, then the id. */
export function certificateOn(certificates: readonly CertificateInput[], date: string): CertificateInput | null {
  let best: CertificateInput | null = null;
  for (const c of certificates) {
    if ((c.type !== 100 && c.type !== 60) || c.startDate > date || date > c.endDate) continue;
    if (
      best === null ||
      c.type > best.type ||
      (c.type === best.type && (c.startDate > best.startDate || (c.startDate === best.startDate && c.id < best.id)))
    ) {
      best = c;
    }
  }
  return best;
}

interface Taxes {
  readonly kapest: bigint;
  readonly churchTax: bigint;
}

/** KapESt (and church tax) on the taxable base B: B / (4 + k) = B · 100 / (400 + rate) and k × KapESt, else 25 % × B. */
function standardTaxes(base: bigint, rate: Ratio | null, mode: RoundingMode): Taxes {
  if (rate === null) return { kapest: divide(base * 25n, 100n, mode), churchTax: 0n };
  const kapest = divide(base * 100n * rate.den, 400n * rate.den + rate.num, mode);
  return { kapest, churchTax: divide(kapest * rate.num, 100n * rate.den, mode) };
}

/** The joint order's other spouse has died in a year before the payout: from then only single orders (12a.8). */
function spouseDiedBeforeYear(order: OrderInput, facts: TaxFacts, context: WithholdingContext): boolean {
  if (!order.joint || !context.settings.heirsTaxedFromDeath) return false;
  const otherId = order.memberId === facts.id ? order.spouseMemberId : order.memberId;
  const deathDate = otherId === null ? null : (context.member(otherId)?.deathDate ?? null);
  return deathDate !== null && Number(deathDate.slice(0, 4)) < context.paymentYear;
}

/**
 * A joint order's other spouse has a tax id (issue 39/43: one tax id per person). A spouse who is a member (named on the
 * order, else linked in the member's master data) has the tax id of its own member record, never the copy in the
 * member's spouse data, which could differ; the FSAK reads the same (fsak-records `spouseOf`). A spouse who is no
 * member has the one recorded in the member's spouse data.
 */
function spouseTaxIdOf(order: OrderInput, facts: TaxFacts, context: WithholdingContext): string | null {
  const otherId = (order.memberId === facts.id ? order.spouseMemberId : order.memberId) ?? facts.spouseMemberId;
  if (otherId !== null) return context.member(otherId)?.taxId ?? null;
  return facts.spouseTaxId;
}

type Step = Pick<
  MemberResult,
  'basisOfTax' | 'exempt' | 'taxable' | 'certificate' | 'order' | 'churchId' | 'churchRate' | 'problems'
> &
  Taxes;

function decide(facts: TaxFacts, gross: number, context: WithholdingContext): Step {
  const mode = context.settings.taxRounding;
  const G = BigInt(gross);
  const none = { certificate: null, order: null, churchId: null, churchRate: null, problems: [] as MemberProblem[] };
  const flat = (basisOfTax: Step['basisOfTax']): Step => ({
    ...none,
    basisOfTax,
    exempt: 0,
    taxable: gross,
    ...standardTaxes(G, null, mode),
  });

  if (facts.foreign) return flat('foreign');
  if (context.settings.heirsTaxedFromDeath && facts.deathDate !== null && facts.deathDate <= context.paymentDate)
    return flat('heirs');
  const certificate = facts.certificate;
  if (certificate !== null) {
    const applied = { id: certificate.id, type: certificate.type };
    if (certificate.type === 100) {
      // A natural person's NV exemption is reported by tax id (§ 45d Abs. 1 S. 1 Nr. 2): the same rule as the FSAK's.
      const problems = exemptionTaxIdProblems({
        basis: 'nv100',
        exempt: gross,
        legalEntity: facts.legalEntity,
        taxId: facts.taxId,
        allowTestTaxIds: context.settings.allowTestTaxIds,
      });
      return {
        ...none,
        basisOfTax: 'nv100',
        certificate: applied,
        exempt: gross,
        taxable: 0,
        kapest: 0n,
        churchTax: 0n,
        problems,
      };
    }
    return {
      ...none,
      basisOfTax: 'nv60',
      certificate: applied,
      exempt: 0,
      taxable: gross,
      kapest: divide(G * 15n, 100n, mode),
      churchTax: 0n,
    };
  }
  if (facts.legalEntity) return flat('legalEntity');

  const candidates = [...facts.orders, ...context.spouseOrders(facts.id)].filter(
    (o) => !spouseDiedBeforeYear(o, facts, context),
  );
  const order = preferredOrder(candidates);
  let exempt = 0;
  let orderTrace: MemberResult['order'] = null;
  let problems: MemberProblem[] = [];
  if (order !== null) {
    const volume = orderVolume(order, context.paymentYear, context.settings.raiseOldExemptionOrders);
    const used = context.ledger.consume(order, volume, gross);
    exempt = used.exempt;
    orderTrace = {
      id: order.id,
      joint: order.joint,
      year: context.paymentYear,
      volume,
      usedBefore: used.usedBefore,
      usedAfter: used.usedAfter,
    };
    problems = exemptionTaxIdProblems({
      basis: order.joint ? 'jointFsa' : 'fsa',
      exempt,
      legalEntity: facts.legalEntity,
      taxId: facts.taxId,
      spouseTaxId: order.joint ? spouseTaxIdOf(order, facts, context) : null,
      allowTestTaxIds: context.settings.allowTestTaxIds,
    });
  }
  const taxable = gross - exempt;
  const rate = churchRateOf(facts);
  return {
    basisOfTax: 'standard',
    certificate: null,
    order: orderTrace,
    exempt,
    taxable,
    ...standardTaxes(BigInt(taxable), rate, mode),
    churchId: rate === null ? null : facts.churchId,
    churchRate: rate === null ? null : shortDecimals(rate.num, rate.den, 6),
    problems,
  };
}

/** The member's withholding and its trace; `share` is the gross dividend already distributed. */
export function withhold(facts: TaxFacts, share: GrossShare, context: WithholdingContext): MemberResult {
  const step = decide(facts, share.gross, context);
  const soli = divide(step.kapest * SOLI.num, SOLI.den, 'truncate');
  const kapest = toSafe(step.kapest);
  const churchTax = toSafe(step.churchTax);
  const soliCents = toSafe(soli);
  return {
    memberId: facts.id,
    memberNr: facts.memberNr,
    holding: facts.holding,
    exactGross: share.exactGross,
    gross: share.gross,
    exempt: step.exempt,
    taxable: step.taxable,
    kapest,
    soli: soliCents,
    churchTax,
    net: share.gross - kapest - soliCents - churchTax,
    basisOfTax: step.basisOfTax,
    certificate: step.certificate,
    order: step.order,
    churchId: step.churchId,
    churchRate: step.churchRate,
    problems: step.problems,
  };
}
