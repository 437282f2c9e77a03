import {
  churchName,
  creditedOf,
  type DividendDeclared,
  type DividendMemberPaid,
  type DividendYearClosed,
  type ReadDocument,
  type RecordedEvent,
  type WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { DIVIDEND_INPUTS, DIVIDENDS } from './dividend-collections.js';
import { DIVIDEND_MEMBERS } from './dividend-member-document.js';
import { dividendsErasure, MEMBERS_ERASED } from './erasure.js';

/*
 * The closures: `dividends` (one document per closure, id = dividend id: the `DividendDto` fields without `members`
 * and `errors`, plus when and by whom it was closed) and `dividend_members` (one per member and closure, id =
 * `<dividendId>:<memberId>`: the `DividendMemberDto` fields without the member's names, birth date and tax id, which
 * the API joins from `members` at read time, plus the trace). Reads (never writes) the member's `dividend_inputs`
 * document for its legal form and residence at the closure: it must run before `dividendInputsProjector`, which writes
 * that document on the same `DividendMemberPaid` (the runner skips a projector for an event once a document it touches
 * carries that event's position).
 */

/** The id of a member's result in a closure. */
export const dividendMemberId = (dividendId: string, memberId: string): string => `${dividendId}:${memberId}`;

type DividendEvent = DividendDeclared | DividendMemberPaid | DividendYearClosed;

/** The closure's summary document from its declaration. */
function closureDoc(recorded: RecordedEvent, d: DividendDeclared['data']): ReadDocument {
  return stamp(recorded, {
    id: d.dividendId,
    cooperativeId: d.cooperativeId,
    ...closureFields(d),
    closedAt: recorded.metadata.timestamp,
    closedBy: recorded.metadata.user,
    // Written in steps (issue 40, `payouts` given): closing until the register's `DividendYearClosed`; before issue 40
    // a closure was written whole in one append.
    status: d.payouts === undefined ? 'closed' : 'closing',
  });
}

/**
 * The `DividendDto` fields of a declaration (without id, members, errors, closedAt, closedBy): the same for a closure's
 * document and for a calculation's answer, so the preview shows exactly what the closure records.
 */
export function closureFields(d: Omit<DividendDeclared['data'], 'dividendId'>) {
  const t = d.totals;
  const r = d.taxReturn;
  return {
    cooperative: d.cooperativeId,
    year: d.year,
    type: d.type,
    resolved: d.amount,
    // SPEC's `amount`: the resolved total (amount mode), else Σ gross.
    amount: d.type === 'amount' ? Number(d.amount) : t.gross,
    dividend: t.gross,
    percent: d.percent,
    decisionDate: d.decisionDate,
    paymentDate: d.paymentDate,
    memberCount: t.members,
    exemptions: t.exempt,
    taxableAmount: t.taxable,
    taxAmount: t.kapest,
    solidaryTaxAmount: t.soli,
    churchTax: t.churchTax,
    // Issue 45: the net is credited to the Geschäftsguthaben or paid; a closure's credits are added by its payouts.
    netAmount: t.net,
    creditedAmount: 0,
    paymentAmount: t.net,
    registeredTaxAmount: r.kapestDueEuros,
    residue: t.residue,
    taxReturn: {
      row31BaseEuros: r.row31.baseEuros,
      row31KapestEuros: r.row31.kapestEuros,
      row32BaseEuros: r.row32.baseEuros,
      row32KapestEuros: r.row32.kapestEuros,
      row33BaseEuros: r.row33.baseEuros,
      row34SoliCents: r.row34.soliCents,
      kapestDueEuros: r.kapestDueEuros,
    },
    singleChurchTax: r.churchTaxes.map((c) => ({
      churchId: c.churchId,
      name: churchName(c.churchId),
      amount: c.cents,
    })),
    settings: d.settings,
  };
}

/** A member's result in a closure, with its trace. */
function memberDoc(
  recorded: RecordedEvent,
  d: DividendMemberPaid['data'],
  input: ReadDocument | undefined,
): ReadDocument {
  return stamp(recorded, {
    id: dividendMemberId(d.dividendId, d.memberId),
    cooperativeId: recorded.metadata.cooperativeId,
    dividendId: d.dividendId,
    ...memberResultFields(d, { legalEntity: input?.legalForm === 1, foreign: input?.isForeign === true }),
    lines: d.lines,
    order: d.order,
    certificate: d.certificate,
  });
}

/**
 * The `DividendMemberDto` fields of a member's payout (without the names, birth date and tax id, joined at read time):
 * the same for a closure's document and for a calculation's answer.
 */
export function memberResultFields(
  d: Omit<DividendMemberPaid['data'], 'dividendId' | 'lines'>,
  facts: { readonly legalEntity: boolean; readonly foreign: boolean },
) {
  const taxes = d.kapest + d.soli + d.churchTax;
  const credited = creditedOf(d);
  return {
    member: d.memberId,
    memberNr: d.memberNr,
    year: d.year,
    paymentDate: d.paymentDate,
    balances: d.holding,
    realAmount: d.exactGross,
    amount: d.gross,
    dividendAmount: d.gross,
    dividend: d.gross,
    exemptions: d.exempt,
    taxRelevantAmount: d.taxable,
    taxDividendAmount: d.gross,
    dividendTax: d.kapest,
    solidarityTax: d.soli,
    churchTax: d.churchTax,
    taxes,
    // Issue 45 (DOMAIN.md 1.6): the net after the taxes, the part credited to the Geschäftsguthaben, and the part paid.
    netAmount: d.net,
    creditedAmount: credited,
    paymentAmount: d.net - credited,
    payment: d.net - credited,
    // Personal data: null once the member's key is erased.
    churchId: d.churchId ?? null,
    churchName: d.churchId ? churchName(d.churchId) : null,
    churchRate: d.churchRate,
    isLegalEntity: facts.legalEntity,
    isForeign: facts.foreign,
    hasNonAssessment: d.certificate?.type ?? null,
    hasExemptionOrder: d.order !== null,
    basisOfTax: d.basisOfTax,
    allowanceVolume: d.order?.volume ?? null,
    allowanceBefore: d.order?.usedBefore ?? null,
    allowanceAfter: d.order?.usedAfter ?? null,
    problems: [] as string[],
  };
}

/** The closures and every member's result in them. */
export const dividendsProjector: Projector = {
  collections: [DIVIDENDS, DIVIDEND_MEMBERS],
  keys(recorded: RecordedEvent): DocKey[] {
    if (recorded.type === MEMBERS_ERASED) return dividendsErasure.keys(recorded);
    const event = recorded as RecordedEvent<DividendEvent>;
    switch (event.type) {
      case 'DividendDeclared':
      case 'DividendYearClosed':
        return [{ collection: DIVIDENDS.name, id: event.data.dividendId }];
      case 'DividendMemberPaid':
        return [
          { collection: DIVIDEND_MEMBERS.name, id: dividendMemberId(event.data.dividendId, event.data.memberId) },
          { collection: DIVIDEND_INPUTS.name, id: event.data.memberId },
          // A credit to the Geschäftsguthaben (issue 45) moves the closure's sums: only then its document is touched.
          ...(creditedOf(event.data) > 0 ? [{ collection: DIVIDENDS.name, id: event.data.dividendId }] : []),
        ];
      default:
        return [];
    }
  },
  project(recorded, current): WriteOp[] {
    if (recorded.type === MEMBERS_ERASED) return dividendsErasure.project(recorded, current);
    const event = recorded as RecordedEvent<DividendEvent>;
    switch (event.type) {
      case 'DividendDeclared':
        return [{ kind: 'put', collection: DIVIDENDS.name, doc: closureDoc(recorded, event.data) }];
      case 'DividendYearClosed': {
        // Every payout is written: the closure is whole. (Before issue 40 this event came first, with no document yet.)
        const closure = current({ collection: DIVIDENDS.name, id: event.data.dividendId });
        return closure
          ? [{ kind: 'put', collection: DIVIDENDS.name, doc: stamp(recorded, { ...closure, status: 'closed' }) }]
          : [];
      }
      case 'DividendMemberPaid': {
        const input = current({ collection: DIVIDEND_INPUTS.name, id: event.data.memberId });
        const member: WriteOp = {
          kind: 'put',
          collection: DIVIDEND_MEMBERS.name,
          doc: memberDoc(recorded, event.data, input),
        };
        const credited = creditedOf(event.data);
        const closure = credited > 0 ? current({ collection: DIVIDENDS.name, id: event.data.dividendId }) : undefined;
        if (!closure) return [member];
        // Σ credited and Σ paid of the closure (issue 45): the credit is taken from what the SEPA file pays.
        const sums = {
          creditedAmount: Number(closure.creditedAmount ?? 0) + credited,
          paymentAmount: Number(closure.paymentAmount) - credited,
        };
        return [member, { kind: 'put', collection: DIVIDENDS.name, doc: stamp(recorded, { ...closure, ...sums }) }];
      }
      default:
        return [];
    }
  },
};
