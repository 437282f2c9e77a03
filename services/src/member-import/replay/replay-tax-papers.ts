import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  exemptionOrdersStream,
  ExemptionOrderFieldsWrite,
  nonAssessmentsStream,
  NonAssessmentFieldsWrite,
  ValidationError,
  type ExemptionOrderEvent,
  type NonAssessmentEvent,
} from '@coop/contracts';
import { fieldErrorsOf } from '../../platform/http/validation.pipe.js';
import {
  exemptionOrderDecider,
  holderOf,
  nonAssessmentDecider,
  type ExemptionOrderInput,
  type ExemptionOrdersState,
  type NonAssessmentInput,
  type NonAssessmentsState,
  type SpouseJointOrder,
} from '../../tax-papers/index.js';
import type { ImportRow } from '../import-types.js';
import { numberValue, type ImportedMember, type ReplayRun } from './replay-run.js';
import { attempt, importProblem } from './row-problems.js';

/** The request's and the deciders' fields as the tax-paper sheets name them. */
const PAPER_FIELDS = { member: 'memberNr', spouse: 'spouseMemberNr' } as const;

/** One member's papers of a kind as recorded so far: the stream's state and revision. */
interface Papers<S> {
  state: S;
  revision: number;
}

/** Reads `body` into the request class `type` with its rules, as the API's validation pipe does; throws its errors. */
function checked<T extends object>(type: new () => T, body: object): T {
  const value = plainToInstance(type, body);
  const errors = validateSync(value, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) throw new ValidationError(fieldErrorsOf(errors));
  return value;
}

/**
 * Records the exemption orders and the non-assessment certificates of the import's members, after their share
 * history, each read with the API's request class and decided by the tax papers' deciders with the holder built from
 * the member's replayed master data and (a joint order) the joint orders of the spouse already recorded, as the
 * console's handlers do (tax-papers/commands/tax-paper.commands.ts). Answers how many of each were recorded.
 */
export function* recordTaxPapers(
  run: ReplayRun,
  orders: readonly ImportRow[],
  certificates: readonly ImportRow[],
): Generator<void, { exemptionOrders: number; nonAssessments: number }> {
  const orderPapers = new Map<string, Papers<ExemptionOrdersState>>();
  let exemptionOrders = 0;
  for (const row of orders) {
    yield;
    const member = memberOf(run, row);
    if (member === undefined) continue;
    const spouseNr = numberValue(row, 'spouseMemberNr');
    const spouse = spouseNr === null ? null : run.members.get(spouseNr);
    if (spouseNr !== null && spouse === undefined) {
      if (!run.listed.has(spouseNr))
        run.problems.push(importProblem(row, 'spouseMemberNr', 'importMemberUnknown', String(spouseNr)));
      continue;
    }
    const v = row.values;
    const body = {
      type: v.type,
      joint: v.joint ?? false,
      spouse: spouse?.id ?? null,
      amount: v.amount,
      date: v.date,
      startDate: v.startDate,
      endDate: v.endDate ?? null,
    };
    const papers = orderPapers.get(member.id) ?? { state: exemptionOrderDecider.initialState(), revision: -1 };
    const holder = holderOf(member.state.master!);
    const events = attempt(
      () => {
        const input: ExemptionOrderInput = checked(ExemptionOrderFieldsWrite, body);
        const spouseJointOrders = input.joint
          ? jointOrdersOfSpouses(run, member, holder.linkedSpouse, orderPapers)
          : [];
        return exemptionOrderDecider.decide(
          {
            type: 'RecordExemptionOrder',
            exemptionOrderId: run.newId(),
            memberId: member.id,
            cooperativeId: run.ctx.cooperativeId,
            input,
            holder,
            spouseJointOrders,
            today: run.ctx.today,
          },
          papers.state,
        );
      },
      { fallback: row, names: PAPER_FIELDS },
      run.problems,
    );
    if (events === undefined) continue;
    run.record({ streamId: exemptionOrdersStream(member.id), expected: papers.revision, events });
    orderPapers.set(member.id, {
      state: events.reduce(
        (s: ExemptionOrdersState, e: ExemptionOrderEvent) => exemptionOrderDecider.evolve(s, e),
        papers.state,
      ),
      revision: papers.revision + events.length,
    });
    exemptionOrders += 1;
  }

  const certificatePapers = new Map<string, Papers<NonAssessmentsState>>();
  let nonAssessments = 0;
  for (const row of certificates) {
    yield;
    const member = memberOf(run, row);
    if (member === undefined) continue;
    const v = row.values;
    const body = {
      type: v.type,
      orderNumber: v.orderNumber ?? '',
      date: v.date,
      taxAuthorities: v.taxAuthorities ?? '',
      startDate: v.startDate,
      endDate: v.endDate,
      original: v.original === true ? true : null,
    };
    const papers = certificatePapers.get(member.id) ?? { state: nonAssessmentDecider.initialState(), revision: -1 };
    const events = attempt(
      () => {
        const input: NonAssessmentInput = checked(NonAssessmentFieldsWrite, body);
        const holder = holderOf(member.state.master!);
        return nonAssessmentDecider.decide(
          {
            type: 'RecordNonAssessment',
            nonAssessmentId: run.newId(),
            memberId: member.id,
            cooperativeId: run.ctx.cooperativeId,
            input,
            holder,
            today: run.ctx.today,
            fromRegister: true,
          },
          papers.state,
        );
      },
      { fallback: row, names: PAPER_FIELDS },
      run.problems,
    );
    if (events === undefined) continue;
    run.record({ streamId: nonAssessmentsStream(member.id), expected: papers.revision, events });
    certificatePapers.set(member.id, {
      state: events.reduce(
        (s: NonAssessmentsState, e: NonAssessmentEvent) => nonAssessmentDecider.evolve(s, e),
        papers.state,
      ),
      revision: papers.revision + events.length,
    });
    nonAssessments += 1;
  }
  return { exemptionOrders, nonAssessments };
}

function memberOf(run: ReplayRun, row: ImportRow): ImportedMember | undefined {
  const nr = numberValue(row, 'memberNr');
  if (nr === null) return undefined;
  const member = run.members.get(nr);
  if (member === undefined && !run.listed.has(nr))
    run.problems.push(importProblem(row, 'memberNr', 'importMemberUnknown', String(nr)));
  return member;
}

/** The joint orders recorded so far of the members linked as spouse of `member`, in either direction. */
function jointOrdersOfSpouses(
  run: ReplayRun,
  member: ImportedMember,
  linked: string | null,
  papers: ReadonlyMap<string, Papers<ExemptionOrdersState>>,
): SpouseJointOrder[] {
  const ids = new Set<string>();
  if (linked !== null) ids.add(linked);
  for (const [id] of papers) if (id !== member.id && run.byId.get(id)?.state.master?.spouse === member.id) ids.add(id);
  const out: SpouseJointOrder[] = [];
  for (const id of ids) {
    const spouse = run.byId.get(id);
    const state = papers.get(id)?.state;
    if (spouse === undefined || state === undefined) continue;
    const master = spouse.state.master!;
    const name =
      master.legalForm === 1 || master.givenName === null ? master.name : `${master.name}, ${master.givenName}`;
    for (const [exemptionOrderId, order] of Object.entries(state.papers)) {
      if (order.joint)
        out.push({
          exemptionOrderId,
          spouse: `${spouse.nr} ${name}`,
          startDate: order.startDate,
          endDate: order.endDate,
        });
    }
  }
  return out;
}
