import type { CollectionSpec, NonAssessmentType, ReadDocument } from '@coop/contracts';
import { flagField, numberField, textField } from './document-fields.js';

/*
 * A closure's member results: the collection and its typed document (decision 247). Reached by services only through
 * `@coop/projections/dividend`, which only the dividend area (and the platform) may import: every other area reads a
 * closure's member results through the dividend area's `dividendResults` (rule `read-model-through-its-owner`).
 */

/** One document per member and closure (id = `<dividendId>:<memberId>`): the member's result and its trace. */
export const DIVIDEND_MEMBERS: CollectionSpec = {
  name: 'dividend_members',
  fields: { dividendId: 'string', member: 'string', memberNr: 'number', year: 'number' },
  search: ['memberNr'],
  searchNumber: 'memberNr',
};

/** The amounts of a member's result, in cents (dividends.projector.ts `memberResultFields`). */
const AMOUNTS = [
  'balances',
  'amount',
  'dividendAmount',
  'dividend',
  'exemptions',
  'taxRelevantAmount',
  'taxDividendAmount',
  'dividendTax',
  'solidarityTax',
  'churchTax',
  'taxes',
  'paymentAmount',
  'payment',
  'creditedAmount',
  'netAmount',
] as const;
type Amount = (typeof AMOUNTS)[number];

/** A posting line of the dividend's basis: posting id, amount (cents), first day bearing dividend, days. */
export interface DividendLine {
  readonly postingId: string;
  readonly amount: number;
  readonly from: string;
  readonly days: number;
}

/**
 * A member's result in a closure as the dividends projector writes it (dividends.projector.ts `memberDoc`), read once by
 * `readDividendMember`: amounts in cents (0 when absent; before issue 45 a result held only the payout, which was the
 * whole net, and nothing credited), text null when blank (the church fields after an erasure).
 */
export type DividendMemberDocument = { readonly [A in Amount]: number } & {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly dividendId: string;
  /** The member's id. */
  readonly member: string;
  readonly memberNr: number;
  readonly year: number;
  readonly paymentDate: string;
  /** The exact gross as decimal text. */
  readonly realAmount: string;
  readonly churchId: string | null;
  readonly churchName: string | null;
  readonly churchRate: string | null;
  readonly isLegalEntity: boolean;
  readonly isForeign: boolean;
  /** The certificate type applied (100 or 60), else null. */
  readonly hasNonAssessment: number | null;
  readonly hasExemptionOrder: boolean;
  readonly basisOfTax: string;
  readonly allowanceVolume: number | null;
  readonly allowanceBefore: number | null;
  readonly allowanceAfter: number | null;
  readonly problems: readonly string[];
  readonly lines: readonly DividendLine[];
  /** The exemption order consumed, as the event recorded it; null without one. */
  readonly order: {
    readonly id: string;
    readonly joint: boolean;
    readonly year: number;
    readonly volume: number;
    readonly usedBefore: number;
    readonly usedAfter: number;
    readonly holderId?: string;
  } | null;
  readonly certificate: { readonly id: string; readonly type: NonAssessmentType } | null;
};

const objectOrNull = <T>(v: unknown): T | null => (typeof v === 'object' && v !== null ? (v as T) : null);

/** The typed member result from its stored document: the one place a closure's member results are read. */
export function readDividendMember(doc: ReadDocument): DividendMemberDocument {
  const amounts = Object.fromEntries(AMOUNTS.map((f) => [f, numberField(doc, f) ?? 0])) as { [A in Amount]: number };
  const paymentAmount = amounts.paymentAmount;
  return {
    ...amounts,
    netAmount: numberField(doc, 'netAmount') ?? paymentAmount,
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    dividendId: textField(doc, 'dividendId') ?? '',
    member: textField(doc, 'member') ?? '',
    memberNr: numberField(doc, 'memberNr') ?? 0,
    year: numberField(doc, 'year') ?? 0,
    paymentDate: textField(doc, 'paymentDate') ?? '',
    realAmount: textField(doc, 'realAmount') ?? '',
    churchId: textField(doc, 'churchId'),
    churchName: textField(doc, 'churchName'),
    churchRate: textField(doc, 'churchRate'),
    isLegalEntity: flagField(doc, 'isLegalEntity'),
    isForeign: flagField(doc, 'isForeign'),
    hasNonAssessment: numberField(doc, 'hasNonAssessment'),
    hasExemptionOrder: flagField(doc, 'hasExemptionOrder'),
    basisOfTax: textField(doc, 'basisOfTax') ?? '',
    allowanceVolume: numberField(doc, 'allowanceVolume'),
    allowanceBefore: numberField(doc, 'allowanceBefore'),
    allowanceAfter: numberField(doc, 'allowanceAfter'),
    problems: Array.isArray(doc.problems) ? (doc.problems as string[]) : [],
    lines: Array.isArray(doc.lines) ? (doc.lines as DividendLine[]) : [],
    order: objectOrNull(doc.order),
    certificate: objectOrNull(doc.certificate),
  };
}
