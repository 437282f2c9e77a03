import type { Decider, DividendDeclared, DividendEvent, DividendMemberPaid, DividendSettings } from '@coop/contracts';
import type { BookedCredit } from './dividend-credit.js';
import type { DividendParams, DividendRun, MemberBasis, MemberResult } from './engine/index.js';

/*
 * The closure's events (issue 44): the stream `dividend-<id>` is `DividendDeclared` (with the number of payouts that
 * follow), then one `DividendMemberPaid` per member with a dividend, in payout order, each with the posting lines of its
 * basis and the credits to its Geschäftsguthaben (issue 45). `queries/` computes the year's results from the read models
 * and the closure's credits are read from the member streams (`commands/closure-credits.ts`); what the events say is
 * decided here, step by step (`closure-process.decider.ts` says which events a step appends). Pure: no framework, no I/O.
 */

/** The year's results a closure (or the calculation's answer, to show it the same way) is decided from: plain data. */
export interface DividendResults {
  readonly cooperativeId: string;
  readonly params: DividendParams;
  readonly settings: DividendSettings;
  readonly run: Pick<DividendRun, 'percent' | 'members' | 'totals' | 'taxReturn'>;
  /** Per exemption order id: the member whose order it is. */
  readonly orderHolders: ReadonlyMap<string, string>;
}

/** A closure's results: with the posting lines of each member's basis (a member without lines has none). */
export interface ClosureResults extends DividendResults {
  readonly lines: ReadonlyMap<string, MemberBasis['lines']>;
}

/** One closure to write: its id, its results, and its payees in payout order (sorted once per run). */
export interface Closure {
  readonly dividendId: string;
  readonly results: ClosureResults;
  /** The members with a dividend in payout order: event i ≥ 1 of the stream is the payout of `payees[i - 1]`. */
  readonly payees: readonly MemberResult[];
}

/** The closure of these results under `dividendId`: its payees in payout order (member number, then id). */
export function closureOf(results: ClosureResults, dividendId: string): Closure {
  const payees = [...results.run.members].sort((a, b) => a.memberNr - b.memberNr || (a.memberId < b.memberId ? -1 : 1));
  return { dividendId, results, payees };
}

/** Events of the closure's stream when whole: the declaration and one payout per payee. */
export const closureEventCount = (closure: Closure): number => closure.payees.length + 1;

/** The payees whose payouts are events [from, to) of the closure's stream (index 0, the declaration, has none). */
export function stepPayees(closure: Closure, from: number, to: number): readonly MemberResult[] {
  return closure.payees.slice(Math.max(from, 1) - 1, Math.max(to, 1) - 1);
}

/** The declaration of a closure (or of a calculation, to answer it the same way). */
export function declarationOf(results: DividendResults, dividendId: string): DividendDeclared['data'] {
  const { run, params } = results;
  const r = run.taxReturn;
  return {
    dividendId,
    cooperativeId: results.cooperativeId,
    year: params.year,
    type: params.type,
    amount: params.amount,
    decisionDate: params.decisionDate,
    paymentDate: params.paymentDate,
    percent: run.percent,
    settings: results.settings,
    totals: { ...run.totals },
    taxReturn: {
      row31: { ...r.row31 },
      row32: { ...r.row32 },
      row33: { ...r.row33 },
      row34: { ...r.row34 },
      kapestDueEuros: r.kapestDueEuros,
      churchTaxes: r.churchTaxes.map((c) => ({ ...c })),
    },
  };
}

/** A member's payout event data from its result; `lines` the postings of its basis. */
export function payoutOf(
  results: DividendResults,
  dividendId: string,
  m: MemberResult,
  lines: DividendMemberPaid['data']['lines'],
): DividendMemberPaid['data'] {
  const holderId = m.order ? results.orderHolders.get(m.order.id) : undefined;
  return {
    dividendId,
    memberId: m.memberId,
    memberNr: m.memberNr,
    year: results.params.year,
    paymentDate: results.params.paymentDate,
    holding: m.holding,
    exactGross: m.exactGross,
    gross: m.gross,
    exempt: m.exempt,
    taxable: m.taxable,
    kapest: m.kapest,
    soli: m.soli,
    churchTax: m.churchTax,
    net: m.net,
    basisOfTax: m.basisOfTax,
    certificate: m.certificate ? { ...m.certificate } : null,
    order: m.order ? { ...m.order, ...(holderId !== undefined ? { holderId } : {}) } : null,
    churchId: m.churchId,
    churchRate: m.churchRate,
    lines,
  };
}

/** Append the closure's events up to (not including) index `to`, from where its stream stands. */
export interface DecideClosureStep {
  readonly type: 'DecideClosureStep';
  readonly closure: Closure;
  readonly to: number;
  /** Per member id, the credits of its net booked in the same append (`memberCredits`); a member absent: none. */
  readonly credits: ReadonlyMap<string, readonly BookedCredit[]>;
}

/** The closure's stream as the decider needs it: how many of its events are written. */
export interface ClosureStream {
  readonly written: number;
}

/** The payout of one payee, with its lines and, when any, its credits (absent otherwise, as in every payout before issue 45). */
function payoutEvent(
  closure: Closure,
  m: MemberResult,
  credits: ReadonlyMap<string, readonly BookedCredit[]>,
): DividendMemberPaid {
  const lines = (closure.results.lines.get(m.memberId) ?? []).map((l) => ({ ...l }));
  const data = payoutOf(closure.results, closure.dividendId, m, lines);
  const booked = credits.get(m.memberId) ?? [];
  return {
    type: 'DividendMemberPaid',
    data: booked.length === 0 ? data : { ...data, credits: booked.map((c) => ({ ...c })) },
  };
}

/**
 * The closure's events [written, to): index 0 the declaration with the number of payouts that follow, index i the payout
 * of the i-th payee. Refuses a step outside the closure (nothing to append, or past its last payout).
 */
function decide(command: DecideClosureStep, stream: ClosureStream): DividendEvent[] {
  const { closure, to, credits } = command;
  const from = stream.written;
  if (!Number.isInteger(to) || to <= from || to > closureEventCount(closure)) {
    throw new RangeError(
      `A closure step appends events ${from} to ${to}, the closure has ${closureEventCount(closure)}`,
    );
  }
  const events: DividendEvent[] = [];
  if (from === 0)
    events.push({
      type: 'DividendDeclared',
      data: { ...declarationOf(closure.results, closure.dividendId), payouts: closure.payees.length },
    });
  for (const m of stepPayees(closure, from, to)) events.push(payoutEvent(closure, m, credits));
  return events;
}

export const closureEventsDecider: Decider<DecideClosureStep, DividendEvent, ClosureStream> = {
  initialState: () => ({ written: 0 }),
  evolve: (stream) => ({ written: stream.written + 1 }),
  decide,
};
