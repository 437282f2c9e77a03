/**
 * The dividend run (issue 23), streaming: `add` is called once per member in any order and keeps only the member's
 * basis (holding, weight) and tax facts (its orders and the certificate valid on the payment date), never its
 * postings, and of every order (valid or not) what earlier closures exempted by it in the payment year (the holder's
 * use, allowance.ts); `finish` distributes (percent or total amount), withholds in ascending member number (the
 * payout order, 12a.4: a joint order's volume goes to the spouse with the lower number first) and totals. The result
 * does not depend on the order of the `add` calls.
 */
import type { DividendSettings } from '@coop/contracts';
import { AllowanceLedger, validOn } from './allowance.js';
import { basisFigures } from './basis.js';
import { civilOf, yearDays } from './day-count.js';
import { amountDistribution, percentDistribution, resolvedAmount, type Distribution } from './distribution.js';
import { toSafe, type Ratio } from './exact.js';
import { runTotals, taxReturn } from './tax-return.js';
import type { DividendParams, DividendRun, MemberInput, MemberResult, OrderInput } from './types.js';
import { certificateOn, churchOn, withhold, type TaxFacts, type WithholdingContext } from './withholding.js';

const NO_ORDERS: readonly OrderInput[] = [];

const byPayoutOrder = (a: TaxFacts, b: TaxFacts): number =>
  a.memberNr - b.memberNr || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class DividendCalculator {
  private readonly facts: TaxFacts[] = [];
  private readonly ids = new Set<string>();
  /** Every member's orders with use in the payment year, valid on the payment date or not (the holder's use, 2.6). */
  private readonly usedOrders: OrderInput[] = [];
  private readonly paymentYear: number;
  private readonly resolved: Ratio;
  private totalWeight = 0n;

  constructor(
    private readonly params: DividendParams,
    private readonly settings: DividendSettings,
  ) {
    this.resolved = resolvedAmount(params.type, params.amount);
    this.paymentYear = civilOf(params.paymentDate).year;
  }

  add(member: MemberInput): void {
    if (this.ids.has(member.id)) throw new Error(`member ${member.id} added twice`);
    this.ids.add(member.id);
    const paymentDate = this.params.paymentDate;
    const basis = basisFigures(member, this.params.year, this.settings);
    this.totalWeight += basis.weight;
    const year = String(this.paymentYear);
    for (const order of member.orders) if ((order.usedByYear[year] ?? 0) > 0) this.usedOrders.push(order);
    this.facts.push({
      id: member.id,
      memberNr: member.memberNr,
      legalEntity: member.legalEntity,
      foreign: member.foreign,
      state: member.state,
      ...churchOn(member, paymentDate),
      taxId: member.taxId,
      spouseMemberId: member.spouseMemberId,
      spouseTaxId: member.spouseTaxId,
      deathDate: member.deathDate,
      holding: basis.holding,
      weight: basis.weight,
      orders:
        member.orders.length === 0
          ? NO_ORDERS
          : member.orders.filter((o) => validOn(o.startDate, o.endDate, paymentDate)),
      certificate: member.certificates.length === 0 ? null : certificateOn(member.certificates, paymentDate),
    });
  }

  finish(): DividendRun {
    const { params, settings } = this;
    const facts = [...this.facts].sort(byPayoutOrder);
    const distribution = this.distribution();
    const context = this.context(facts);
    const members: MemberResult[] = [];
    for (const member of facts) {
      const share = distribution.share(member.weight);
      if (share.gross === 0) continue;
      members.push(withhold(member, share, context));
    }
    const totals = runTotals(members, 0);
    const residue = distribution.resolvedTotal === null ? 0 : distribution.resolvedTotal - totals.gross;
    return {
      params,
      settings,
      percent: distribution.percent,
      members,
      totals: { ...totals, residue },
      taxReturn: taxReturn(members),
    };
  }

  private distribution(): Distribution {
    const days = yearDays(this.settings.dayCount, this.params.year);
    if (this.params.type === 'percent') return percentDistribution(this.resolved, days, this.settings.dividendRounding);
    toSafe(this.resolved.num);
    return amountDistribution(this.resolved.num, this.totalWeight, days);
  }

  private context(facts: readonly TaxFacts[]): WithholdingContext {
    const byId = new Map<string, TaxFacts>();
    const jointBySpouse = new Map<string, OrderInput[]>();
    for (const member of facts) {
      byId.set(member.id, member);
      for (const order of member.orders) {
        if (!order.joint || order.spouseMemberId === null || order.spouseMemberId === member.id) continue;
        const list = jointBySpouse.get(order.spouseMemberId);
        if (list) list.push(order);
        else jointBySpouse.set(order.spouseMemberId, [order]);
      }
    }
    const ledger = new AllowanceLedger(this.paymentYear);
    for (const order of this.usedOrders) ledger.track(order);
    return {
      paymentDate: this.params.paymentDate,
      paymentYear: this.paymentYear,
      settings: this.settings,
      ledger,
      spouseOrders: (memberId) => jointBySpouse.get(memberId) ?? [],
      member: (memberId) => byId.get(memberId),
    };
  }
}

/** Convenience: add every member, then finish. */
export function calculateDividend(
  params: DividendParams,
  settings: DividendSettings,
  members: Iterable<MemberInput>,
): DividendRun {
  const calculator = new DividendCalculator(params, settings);
  for (const member of members) calculator.add(member);
  return calculator.finish();
}
