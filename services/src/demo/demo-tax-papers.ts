/**
 * The demo's tax papers (issue 5): exemption orders (FSA) and non-assessment certificates (NV) as a
 * cooperative keeps them, decided by the real deciders with today's date (as a clerk enters them now).
 *
 * - FSA only for natural persons living in Germany with a tax id (DOMAIN.md 2.6: unlimited tax liability,
 *   no FSA without the IdNr). About 40 % give one. Members who joined before 2023 often had an order
 *   up to 2022 (at most the 801 € / 1,602 € allowance of those years) and a follow-up (type 1) from 2023
 *   (1,000 € / 2,000 €). Married couples who are both members give one joint order.
 * - NV certificates: a few residents without an FSA (type 100, three years to this year's end) and some
 *   associations and foundations (type 100 or 60, NV 2 B).
 * - A member who left has papers only up to the end of the year of exit.
 */
import {
  exemptionOrdersStream,
  nonAssessmentsStream,
  type ExemptionOrderEvent,
  type NonAssessmentEvent,
  type NonAssessmentType,
} from '@coop/contracts';
import {
  exemptionOrderDecider,
  type ExemptionOrderInput,
  type ExemptionOrdersState,
} from '../tax-papers/domain/exemption-order.decider.js';
import {
  nonAssessmentDecider,
  type NonAssessmentInput,
  type NonAssessmentsState,
} from '../tax-papers/domain/non-assessment.decider.js';
import { holderOf, type TaxPaperHolder } from '../tax-papers/domain/tax-paper-rules.js';
import { yearOf } from './demo-days.js';
import type { Kind } from './demo-people.js';
import type { Sim } from './demo-plan.js';
import { chance, int, pick, uuid, type Random } from './demo-random.js';
import type { Decision, DemoWriter } from './demo-writer.js';

/** A member as the paper planner needs it. */
export interface PaperHolder {
  readonly memberId: string;
  readonly kind: Kind;
  readonly name: string;
  readonly city: string;
  readonly hasTaxId: boolean;
  readonly entryYear: number;
  /** Year of the exit date, when the member left. */
  readonly exitYear: number | null;
  /** The spouse, when both are members and linked. */
  readonly spouseId: string | null;
  /** The member as the tax-paper rules see it (legal form, residence, spouse), from its master data. */
  readonly taxHolder: TaxPaperHolder | null;
}

export interface PaperSummary {
  readonly decisions: readonly Decision[];
  readonly exemptionOrders: number;
  readonly jointOrders: number;
  readonly nonAssessments: number;
}

const SINGLE_UNTIL_2022 = [10_000, 25_000, 50_000, 80_100] as const;
const JOINT_UNTIL_2022 = [50_000, 100_000, 160_200] as const;
const SINGLE_FROM_2023 = [25_000, 50_000, 80_000, 100_000] as const;
const JOINT_FROM_2023 = [100_000, 150_000, 200_000] as const;
/** Associations and foundations that hold an NV 2 B certificate. */
const EXEMPT_BODY = /e\.V\.|stiftung/i;

/**
 * The tax papers stage, after the share history: entered today as a clerk would, for the members as they
 * stand now. Every paper is decided first, then written in order.
 */
export async function enterTaxPapers(
  r: Random,
  sims: readonly Sim[],
  writer: DemoWriter,
  cooperativeId: string,
  today: string,
): Promise<PaperSummary> {
  const papers = decideTaxPapers(
    r,
    sims.filter((s) => s.state.exists).map((s) => paperHolder(s, today)),
    cooperativeId,
    today,
  );
  for (const d of papers.decisions) await writer.write([d]);
  return papers;
}

/**
 * A member as the tax-paper planner sees it after the share history. A member whose end takes effect after today is
 * still a member: the clerk ends the papers when the membership ends, so they are planned as for a member.
 */
function paperHolder(sim: Sim, today: string): PaperHolder {
  const exitDate = sim.state.exitDate;
  const taxHolder = sim.state.master ? holderOf(sim.state.master) : null;
  const p = sim.person;
  const master = sim.state.master;
  const spouse = sim.spouse;
  return {
    memberId: p.memberId,
    kind: p.kind,
    name: String(master?.name ?? ''),
    city: String(master?.city ?? ''),
    hasTaxId: typeof master?.manualTaxId === 'string' && master.manualTaxId !== '',
    entryYear: yearOf(p.entryDay),
    exitYear: exitDate === null || exitDate > today ? null : Number(exitDate.slice(0, 4)),
    // A joint order needs the spouse recorded while married or partnered (a widowed member names the late spouse still).
    spouseId:
      spouse !== null && spouse.state.exists && taxHolder?.linkedSpouse === spouse.person.memberId
        ? spouse.person.memberId
        : null,
    taxHolder,
  };
}

/** Plans and decides every paper; the decisions are to be appended in order (one stream each per member and kind). */
export function decideTaxPapers(
  r: Random,
  holders: readonly PaperHolder[],
  cooperativeId: string,
  today: string,
): PaperSummary {
  const thisYear = Number(today.slice(0, 4));
  const decisions: Decision[] = [];
  let exemptionOrders = 0;
  let jointOrders = 0;
  let nonAssessments = 0;
  /** Members with an order of their own or covered by their spouse's joint order. */
  const covered = new Set<string>();

  for (const h of holders) {
    if (covered.has(h.memberId)) continue;
    const lastYear = h.exitYear ?? null;
    const resident = h.kind === 'person' || h.kind === 'minor';
    if (resident && h.hasTaxId && chance(r, 0.4)) {
      const joint = h.spouseId !== null && !covered.has(h.spouseId) && h.kind === 'person' && chance(r, 0.8);
      const spouse = joint ? h.spouseId : null;
      const inputs: ExemptionOrderInput[] = [];
      if (h.entryYear <= 2022 && (lastYear === null || lastYear >= 2022) && chance(r, 0.6)) {
        const start = Math.max(h.entryYear, 2020);
        inputs.push(
          order(
            r,
            0,
            joint,
            spouse,
            pick(r, joint ? JOINT_UNTIL_2022 : SINGLE_UNTIL_2022),
            `${start}-01-01`,
            '2022-12-31',
          ),
        );
      }
      // An order ends with the year of exit and spans at most three years (a member who left later has had one since).
      const from = Math.max(h.entryYear, 2023, lastYear === null ? 0 : lastYear - 2);
      if (from <= thisYear && (lastYear === null || lastYear >= from)) {
        const end = lastYear === null ? null : `${lastYear}-12-31`;
        inputs.push(
          order(
            r,
            inputs.length === 0 ? 0 : 1,
            joint,
            spouse,
            pick(r, joint ? JOINT_FROM_2023 : SINGLE_FROM_2023),
            `${from}-01-01`,
            end,
          ),
        );
      }
      if (inputs.length > 0) {
        decisions.push(decideOrders(r, h, cooperativeId, inputs, today));
        exemptionOrders += inputs.length;
        covered.add(h.memberId);
        if (joint && spouse !== null) {
          jointOrders += inputs.length;
          covered.add(spouse);
        }
        continue;
      }
    }
    if (lastYear !== null) continue;
    if (resident && chance(r, 0.05)) {
      decisions.push(decideCertificate(h, cooperativeId, 100, thisYear - 2, thisYear, r, today));
      nonAssessments += 1;
    } else if (h.kind === 'legal' && EXEMPT_BODY.test(h.name)) {
      decisions.push(
        decideCertificate(h, cooperativeId, chance(r, 0.7) ? 100 : 60, thisYear - 1, thisYear + 1, r, today),
      );
      nonAssessments += 1;
    }
  }
  return { decisions, exemptionOrders, jointOrders, nonAssessments };
}

function order(
  r: Random,
  type: 0 | 1,
  joint: boolean,
  spouse: string | null,
  amount: number,
  startDate: string,
  endDate: string | null,
): ExemptionOrderInput {
  // Signed a few weeks before it starts.
  const year = Number(startDate.slice(0, 4)) - 1;
  return {
    type,
    joint,
    spouse,
    amount,
    date: `${year}-12-${String(int(r, 1, 20)).padStart(2, '0')}`,
    startDate,
    endDate,
  };
}

function decideOrders(
  r: Random,
  h: PaperHolder,
  cooperativeId: string,
  inputs: readonly ExemptionOrderInput[],
  today: string,
): Decision {
  const memberId = h.memberId;
  let state: ExemptionOrdersState = exemptionOrderDecider.initialState();
  const events: ExemptionOrderEvent[] = [];
  for (const input of inputs) {
    const out = exemptionOrderDecider.decide(
      {
        type: 'RecordExemptionOrder',
        exemptionOrderId: uuid(r),
        memberId,
        cooperativeId,
        input,
        holder: h.taxHolder,
        spouseJointOrders: [],
        today,
      },
      state,
    );
    state = out.reduce((s, e) => exemptionOrderDecider.evolve(s, e), state);
    events.push(...out);
  }
  return { streamId: exemptionOrdersStream(memberId), expected: -1, events };
}

function decideCertificate(
  h: PaperHolder,
  cooperativeId: string,
  type: NonAssessmentType,
  fromYear: number,
  toYear: number,
  r: Random,
  today: string,
): Decision {
  const input: NonAssessmentInput = {
    type,
    orderNumber: `${int(r, 101, 199)}/${int(r, 100, 999)}/${String(int(r, 0, 99_999)).padStart(5, '0')}`,
    date: `${fromYear - 1}-11-${String(int(r, 1, 28)).padStart(2, '0')}`,
    taxAuthorities: `Finanzamt ${h.city}`,
    startDate: `${fromYear}-01-01`,
    endDate: `${toYear}-12-31`,
    original: chance(r, 0.85) ? true : null,
  };
  const state: NonAssessmentsState = nonAssessmentDecider.initialState();
  const events: NonAssessmentEvent[] = nonAssessmentDecider.decide(
    {
      type: 'RecordNonAssessment',
      nonAssessmentId: uuid(r),
      memberId: h.memberId,
      cooperativeId,
      input,
      holder: h.taxHolder,
      today,
    },
    state,
  );
  return { streamId: nonAssessmentsStream(h.memberId), expected: -1, events };
}
