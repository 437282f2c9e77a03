import { Injectable } from '@nestjs/common';
import {
  dividendSettingsOf,
  fieldError,
  type DividendDto,
  type DividendErrorDto,
  type DividendMemberDto,
  type FieldError,
} from '@coop/contracts';
import { closureFields, memberResultFields } from '@coop/projections/dividend';
import { ownCooperative, type CooperativeDocument } from '../../cooperatives/index.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  DividendCalculator,
  memberBasis,
  type DividendParams,
  type DividendRun,
  type MemberBasis,
  type MemberProblem,
  type MemberResult,
} from '../domain/engine/index.js';
import { owedOn, splitDividend, type OutstandingSubscription } from '../domain/dividend-credit.js';
import { declarationOf, payoutOf, type DividendResults } from '../domain/closure-events.decider.js';
import { dividendClosures } from './dividend-closures.js';
import { dividendInputs } from './dividend-inputs.js';
import { factsOf, toMemberInput, type MemberFacts } from './member-input.js';
import {
  EVERY_MEMBER,
  selectMembers,
  type MemberAmountField,
  type MemberListQuery,
  type MemberRowKeys,
} from './member-list.js';

/** Members read per batch from `dividend_inputs` (ReadStore.scan). */
export const SCAN_BATCH = 1000;

/**
 * A calculation: the engine's run (the results a closure's events are decided from, `domain/closure-events.decider.ts`),
 * what refuses its closure, and what the answer shows beside each member.
 */
export interface Calculation extends DividendResults {
  readonly run: DividendRun;
  readonly errors: readonly DividendErrorDto[];
  /** Per member id: names, birth date, tax id, legal form, residence. */
  readonly facts: ReadonlyMap<string, MemberFacts>;
  /**
   * Per member id, the posting lines of its basis (the trace a closure's payouts carry), when asked for (`withLines`):
   * collected in the same pass over the members, so that a closure reads them once (not a third time).
   */
  readonly lines?: ReadonlyMap<string, MemberBasis['lines']>;
}

/** The cooperative's bank data the payout needs, each missing one its own refusal (SPEC.md 5, 8). */
const BANK_FIELDS = [
  ['bankname', 'missingCooperativeBankname'],
  ['iban', 'missingCooperativeIban'],
  ['bic', 'missingCooperativeBic'],
] as const;

const PROBLEMS: readonly MemberProblem[] = ['taxIdMissing', 'spouseTaxIdMissing', 'nvTaxIdMissing'];

/**
 * The dividend's calculation (`GET /dividend/calc`, and step 4 of a closure): streams every member's `dividend_inputs`
 * document of the cooperative into the engine's `DividendCalculator` batch by batch (never the whole store at once),
 * with the cooperative's settings, then lists what refuses a closure. Writes nothing.
 */
@Injectable()
export class DividendCalculation {
  constructor(private readonly reads: ReadModels) {}

  async calculate(
    cooperativeId: string,
    params: DividendParams,
    today: string,
    { withLines = false, resuming }: { withLines?: boolean; resuming?: string } = {},
  ): Promise<Calculation> {
    const cooperative = await ownCooperative(this.reads, cooperativeId);
    const settings = dividendSettingsOf(cooperative);
    const rule = cooperative.interestBeginRule;
    const calculator = new DividendCalculator(params, settings);
    const facts = new Map<string, MemberFacts>();
    const orderHolders = new Map<string, string>();
    const lines = withLines ? new Map<string, MemberBasis['lines']>() : undefined;
    for await (const batch of dividendInputs.scan(this.reads, cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        const input = toMemberInput(doc, resuming, rule);
        calculator.add(input);
        facts.set(doc.id, factsOf(doc));
        for (const order of input.orders) orderHolders.set(order.id, doc.id);
        if (lines) {
          // A member without a line has no basis, so no dividend and no payout.
          const basis = memberBasis(input, params.year, settings);
          if (basis.lines.length > 0) lines.set(doc.id, basis.lines);
        }
      }
    }
    const run = calculator.finish();
    const errors = [
      ...(await this.cooperativeErrors(cooperative, params, today, resuming)),
      ...memberErrors(run.members, facts),
    ];
    return { params, settings, cooperativeId, run, errors, facts, orderHolders, ...(lines ? { lines } : {}) };
  }

  /** The current year, a year already closed, the cooperative's missing bank data. */
  private async cooperativeErrors(
    cooperative: CooperativeDocument,
    params: DividendParams,
    today: string,
    resuming: string | undefined,
  ): Promise<DividendErrorDto[]> {
    const errors: DividendErrorDto[] = [];
    const error = (template: string, ...parameters: string[]): DividendErrorDto => ({
      code: template,
      template,
      parameters,
      members: [],
      concerned: [],
    });
    if (params.year >= Number(today.slice(0, 4))) errors.push(error('currentYearClosure'));
    const closed = await dividendClosures.query(this.reads, cooperative.id, {
      cooperativeId: cooperative.id,
      filters: [{ field: 'year', op: 'eq', value: params.year }],
      limit: 1,
    });
    // The closure being resumed (issue 40) is not a closure of the year that refuses it.
    if (closed.total > 0 && closed.items[0]?.id !== resuming)
      errors.push(error('yearAlreadyClosed', String(params.year)));
    for (const [field, template] of BANK_FIELDS) if (cooperative[field] === '') errors.push(error(template));
    return errors;
  }
}

/** Members who keep the closure from being made, per problem, with their numbers, ids and names (issue 43). */
function memberErrors(members: readonly MemberResult[], facts: ReadonlyMap<string, MemberFacts>): DividendErrorDto[] {
  return PROBLEMS.flatMap((problem) => {
    const concerned = members.filter((m) => m.problems.includes(problem));
    if (concerned.length === 0) return [];
    return [
      {
        code: problem,
        template: problem,
        parameters: [concerned.map((m) => String(m.memberNr)).join(', ')],
        members: concerned.map((m) => m.memberId),
        concerned: concerned.map((m) => ({
          member: m.memberId,
          memberNr: m.memberNr,
          name: facts.get(m.memberId)?.name ?? '',
          givenName: facts.get(m.memberId)?.givenName ?? '',
        })),
      },
    ];
  });
}

/** A refusal's field: the year for the year's refusals, none (general) for the others. */
export function refusalOf(errors: readonly DividendErrorDto[]): FieldError[] {
  return errors.map((e) =>
    fieldError(
      e.template === 'currentYearClosure' || e.template === 'yearAlreadyClosed' ? 'year' : null,
      e.template as FieldError['template'],
      ...e.parameters,
    ),
  );
}

const NO_FACTS: MemberFacts = {
  givenName: null,
  name: '',
  birthDate: null,
  taxId: null,
  legalEntity: false,
  foreign: false,
};

/** A member result's amount under its `DividendMemberDto` name (memberResultFields), to sort by without building the DTO. */
const RESULT_AMOUNTS: Readonly<Record<MemberAmountField, (m: MemberResult) => number>> = {
  balances: (m) => m.holding,
  amount: (m) => m.gross,
  dividendAmount: (m) => m.gross,
  dividend: (m) => m.gross,
  taxDividendAmount: (m) => m.gross,
  exemptions: (m) => m.exempt,
  taxRelevantAmount: (m) => m.taxable,
  dividendTax: (m) => m.kapest,
  solidarityTax: (m) => m.soli,
  churchTax: (m) => m.churchTax,
  taxes: (m) => m.kapest + m.soli + m.churchTax,
  paymentAmount: (m) => m.net,
  payment: (m) => m.net,
};

/** How the per-member list reads a calculation's member (names from the calculation's facts). */
export function resultKeys(facts: ReadonlyMap<string, MemberFacts>): MemberRowKeys<MemberResult> {
  return {
    memberNr: (m) => m.memberNr,
    name: (m) => (facts.get(m.memberId) ?? NO_FACTS).name,
    givenName: (m) => (facts.get(m.memberId) ?? NO_FACTS).givenName,
    amount: (m, field) => RESULT_AMOUNTS[field](m),
  };
}

/** What each member owes per subscription (`ClosureCredits.owed`): none when the cooperative does not credit. */
export type Owed = ReadonlyMap<string, readonly OutstandingSubscription[]>;

/** The credit the closure would make of a member's net now (issue 45: the closure decides it from the member's stream). */
function previewCredit(calc: Calculation, m: MemberResult, owed: Owed): number {
  const subscriptions = owedOn(owed.get(m.memberId) ?? [], calc.params.paymentDate);
  return subscriptions.length === 0 ? 0 : splitDividend(m.net, subscriptions, true).credited;
}

/** One member's row of the calculation's answer. */
function memberDto(calc: Calculation, m: MemberResult, owed: Owed): DividendMemberDto {
  const facts = calc.facts.get(m.memberId) ?? NO_FACTS;
  const { lines: _lines, ...payout } = payoutOf(calc, '', m, []);
  const credited = previewCredit(calc, m, owed);
  const credits = credited > 0 ? [{ balanceId: '', paymentId: '', amount: credited }] : [];
  return {
    ...memberResultFields({ ...payout, credits }, facts),
    givenName: facts.givenName,
    name: facts.name,
    birthDate: facts.birthDate,
    taxId: facts.taxId,
    problems: [...m.problems],
  };
}

/**
 * The calculation's answer (`GET /dividend/calc`): the closure it would make, its errors, and the members the list
 * asks for (every member, by number, when it asks for no page): only the page's members become DTOs. `total` is the
 * number of members that match the search (`memberCount` stays the number of every member with a dividend). With
 * `owed`, the credit to the Geschäftsguthaben the closure would make now (issue 45) per member and in the sums.
 */
export function calculationDto(
  calc: Calculation,
  list: MemberListQuery = EVERY_MEMBER,
  owed: Owed = new Map(),
): { readonly dto: DividendDto; readonly total: number } {
  const fields = closureFields(declarationOf(calc, ''));
  const page = selectMembers(calc.run.members, list, resultKeys(calc.facts));
  const members = page.items.map((m) => memberDto(calc, m, owed));
  let credited = 0;
  if (owed.size > 0) for (const m of calc.run.members) credited += previewCredit(calc, m, owed);
  const sums = { creditedAmount: credited, paymentAmount: fields.netAmount - credited };
  return {
    dto: {
      id: null,
      ...fields,
      ...sums,
      closedAt: null,
      closedBy: null,
      status: null,
      errors: [...calc.errors],
      members,
    },
    total: page.total,
  };
}
