import {
  DEFAULT_INTEREST_BEGIN_RULE,
  GERMAN_STATES,
  interestBeginFor,
  NON_ASSESSMENT_TYPES,
  type GermanState,
  type InterestBeginRule,
  type NonAssessmentType,
} from '@coop/contracts';
import type { DividendInputDocument, DividendInputOrder } from '@coop/projections/dividend';
import type { BasisPosting, CertificateInput, MemberInput, OrderInput } from '../domain/engine/index.js';

/** What a calculation's answer shows of a member beside its result (names, birth date, tax id, legal form, residence). */
export interface MemberFacts {
  readonly givenName: string | null;
  readonly name: string;
  readonly birthDate: string | null;
  readonly taxId: string | null;
  readonly legalEntity: boolean;
  readonly foreign: boolean;
}

/**
 * The member's tax id: the one looked up at the tax office, or the one entered by hand. A test id (starting with 0) is
 * taken only when no real one is there (the engine counts it only with `allowTestTaxIds`).
 */
export function taxIdOf(doc: DividendInputDocument): string | null {
  const ids = [doc.taxId, doc.manualTaxId].filter((id): id is string => id !== null);
  return ids.find((id) => !id.startsWith('0')) ?? ids[0] ?? null;
}

const isState = (v: string | null): v is GermanState => v !== null && (GERMAN_STATES as readonly string[]).includes(v);
const isNvType = (v: unknown): v is NonAssessmentType => (NON_ASSESSMENT_TYPES as readonly unknown[]).includes(v);

/**
 * The engine's input of one member from its `dividend_inputs` document (erased personal data reads as absent); `resuming`: the closure being resumed (issue 40), whose payouts already written are not counted
 * as earlier use of the member's exemption orders (each order's year is read as it was before that closure).
 * `rule`: the cooperative's interest-begin rule; a payment on a subscription (issue 45) bears dividend from the rule
 * applied to its date (decision 233).
 */
export function toMemberInput(
  doc: DividendInputDocument,
  resuming?: string,
  rule: InterestBeginRule = DEFAULT_INTEREST_BEGIN_RULE,
): MemberInput {
  const state = doc.state;
  const postings = doc.postings.map((p): BasisPosting => ({
    id: p[0],
    type: p[1] as BasisPosting['type'],
    amount: p[2],
    date: p[3],
    interestBegin: p[6] === undefined ? p[4] : interestBeginFor(p[3], rule),
    annulled: p[5] === 1,
  }));
  const orders = doc.orders.map((o): OrderInput => withLinkedSpouse(withoutUseOf(o, resuming), doc));
  const certificates = doc.certificates
    .filter((c) => isNvType(c.type))
    .map((c): CertificateInput => ({
      id: c.id,
      type: c.type as NonAssessmentType,
      startDate: c.startDate,
      endDate: c.endDate,
    }));
  return {
    id: doc.id,
    memberNr: doc.memberNr ?? 0,
    legalEntity: doc.legalForm === 1,
    foreign: doc.isForeign,
    state: isState(state) ? state : null,
    churchId: doc.churchId,
    churchTaxRate: doc.churchTaxRate,
    churchFollowing: doc.churchFollowing,
    taxId: taxIdOf(doc),
    spouseMemberId: doc.spouse,
    spouseTaxId: doc.spouseTaxId,
    deathDate: doc.deathDate,
    entryDate: doc.entryDate ?? '',
    exitDate: doc.exitDate,
    postings,
    orders,
    certificates,
  };
}

export function factsOf(doc: DividendInputDocument): MemberFacts {
  return {
    givenName: doc.givenName,
    name: doc.name ?? '',
    birthDate: doc.birthDate,
    taxId: taxIdOf(doc),
    legalEntity: doc.legalForm === 1,
    foreign: doc.isForeign,
  };
}

/**
 * A joint order recorded while the spouse was typed in but not yet linked as a member holds no spouse; once the member's
 * master data links the spouse, the order is the pair's (decision 360): one volume for both, served before either's
 * single order (DOMAIN.md 2.6, 12a.3, 12a.4), as the FSA control report already reads it (`fsak-records.ts` `spouseOf`).
 */
function withLinkedSpouse(order: OrderInput, doc: DividendInputDocument): OrderInput {
  if (!order.joint || order.spouseMemberId !== null || doc.spouse === null || doc.spouse === doc.id) return order;
  return { ...order, spouseMemberId: doc.spouse };
}

/** The order as the engine takes it; resuming a closure, its payment year's use as it was before that closure. */
function withoutUseOf(order: DividendInputOrder, resuming: string | undefined): OrderInput {
  const { usedBefore, ...rest } = order;
  const before = resuming === undefined ? undefined : usedBefore?.[resuming];
  return before === undefined
    ? { ...rest }
    : { ...rest, usedByYear: { ...rest.usedByYear, [before.year]: before.used } };
}
