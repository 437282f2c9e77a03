import { Inject, Injectable } from '@nestjs/common';
import {
  businessToday,
  CHURCH_NAMING_PROBLEMS,
  dataProtectionStream,
  DEFAULT_DIVIDEND_SETTINGS,
  memberStream,
  NotFoundError,
  statusAppliesTo,
  type ChurchDataRecorded,
  type KistamProblem,
} from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { approvalNumberOf } from '../../elma-numbers/index.js';
import { erasedMembersReader, holdingOn, memberDocuments } from '../../members/index.js';
import { StreamWriter } from '../../platform/commands/stream-writer.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { churchTaxOrigins } from '../queries/church-tax-origins.js';
import {
  TaskHandlerProvider,
  type NotificationDraft,
  type RunningTask,
  type TaskEffect,
  type TaskHandler,
  type TaskOutcome,
} from '../../tasks/index.js';
import { ChurchDataKey } from '../commands/church-data-key.js';
import { interpretAnswer, type AnswerMember, type AnswerOutcome } from '../domain/kistam-answer.js';
import { NotAnAnswerFile } from '../domain/kistam-files.js';
import {
  regularStatusDate,
  selectForKistam,
  type KistamCandidate,
  type KistamMemberProblem,
} from '../domain/kistam-selection.js';
import { KISTAM_TRANSPORT, type KistamTransport } from './kistam-transport.js';

/*
 * The KiStAM task (kind `kistam`; issue 24; DOMAIN.md 3; docs/kistam.md). Two runs of one task:
 * 1. without an input file: selects the members, checks their identifiers, hands the request to the transport (the BOP
 *    files) and waits (`awaitingInput`) with `kistamRequestReady`; a member it cannot ask about is a `kistamError`.
 * 2. with the answer file (`POST /tasks/kistam/{id}/answer`, which checked only its head and line count; decision 294):
 *    reads its lines a slice at a time and completes with one `ChurchDataRecorded` per member answered, appended by
 *    the runner with the task's end (exactly once), and a notification per problem; once they are written, the church
 *    key of each member with a null answer is deleted (afterEffects; decision 101). A file that is no answer after all
 *    rejects the task with the reason's own template (`kistamAnswerNoRecord1`…), as the upload would have refused it.
 * Both runs write nothing themselves and may run again from their start after a restart (resumable): the answer is
 * the task's input file, kept by the file store, and read again.
 */

const SCAN_BATCH = 1000;

/**
 * The members a request cannot ask about: ONE `kistamError` per run (issue 43: not one per member, which filled the bell),
 * listing each member with its problem and a link to its edit page (no personal data: id and number).
 */
export function selectionProblems(problems: readonly KistamMemberProblem[], taskId: string): NotificationDraft[] {
  if (problems.length === 0) return [];
  return [
    {
      type: 'kistamError',
      message: 'kistamMembersNotQueried',
      parameters: [String(problems.length)],
      entityClass: 'task',
      entityId: taskId,
      errors: problems.map((p) => ({
        field: null,
        template: p.problem,
        parameters: [String(p.memberNr)],
        entityClass: 'member',
        entityId: p.memberId,
      })),
    },
  ];
}

/**
 * The status date of a regular query explained (issue 43): run on any day after 31 August, it asks BZSt for the status on
 * that 31 August (the latest on or before today), which applies to the church tax of the following calendar year
 * (DOMAIN.md 3: Regelabfrage 1 September – 31 October, status on 31 August).
 */
export function statusDateNote(statusDate: string, regular: number, taskId: string): NotificationDraft[] {
  if (regular === 0) return [];
  const appliesTo = String(statusAppliesTo(statusDate));
  return [
    {
      type: 'generic',
      message: 'kistamRegularStatusDate',
      parameters: [statusDate, appliesTo],
      entityClass: 'task',
      entityId: taskId,
    },
  ];
}

/** A problem with a member: a `kistamError` linking to the member's edit page (no personal data: id and number). */
function memberError(memberId: string, memberNr: number, problem: KistamProblem, detail = ''): NotificationDraft {
  // Every role reads notifications: a detail that would be church data is never written (issue 38).
  const shown = CHURCH_NAMING_PROBLEMS.includes(problem) ? '' : detail;
  return {
    type: 'kistamError',
    message: 'kistamMemberError',
    parameters: shown === '' ? [String(memberNr), problem] : [String(memberNr), problem, shown],
    entityClass: 'member',
    entityId: memberId,
    member: memberId,
  };
}

@TaskHandlerProvider()
@Injectable()
export class KistamHandler implements TaskHandler<'kistam'> {
  readonly kind = 'kistam' as const;
  readonly resumable = true;
  /** Started and answered with `church:write`; the request and answer files hold tax ids and church data: `church:read` too. */
  readonly filePermissions = ['church:write', 'church:read'] as const;

  constructor(
    private readonly reads: ReadModels,
    @Inject(KISTAM_TRANSPORT) private readonly transport: KistamTransport,
    private readonly churchKey: ChurchDataKey,
    private readonly writer: StreamWriter,
  ) {}

  run(task: RunningTask): Promise<TaskOutcome> {
    return task.inputs.length === 0 ? this.request(task) : this.readAnswer(task);
  }

  /** The null answers are written: their members' church keys go (§ 51a Abs. 2c EStG: delete on a null value). */
  async afterEffects(_task: { readonly taskId: string }, effects: readonly TaskEffect[]): Promise<void> {
    for (const memberId of nullAnswered(effects)) await this.churchKey.eraseAfterNullAnswer(memberId);
  }

  /** Phase 1: the request. */
  private async request(task: RunningTask): Promise<TaskOutcome> {
    const coop = task.cooperativeId;
    const km = await approvalNumberOf(this.reads, coop, 'km');
    if (!km) return { outcome: 'rejected', reason: { template: 'missingElmaNoKm', parameters: [] }, notifications: [] };
    const cooperative = await ownCooperative(this.reads, coop).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    const today = businessToday();
    const selection = selectForKistam(
      await this.candidates(task, today),
      today,
      cooperative?.allowTestTaxIds ?? DEFAULT_DIVIDEND_SETTINGS.allowTestTaxIds,
    );
    const files =
      selection.requests.length > 0
        ? await this.transport.send({
            cooperativeId: coop,
            kmNumber: km.elmaNumber,
            statusDate: selection.statusDate,
            lines: selection.requests,
          })
        : [];
    const regular = selection.requests.filter((r) => r.kind === 'regular').length;
    const summary = {
      statusDate: selection.statusDate,
      requested: selection.requests.length,
      regular,
      event: selection.requests.length - regular,
      problems: selection.problems.length,
      files: files.length,
    };
    const problems = selectionProblems(selection.problems, task.taskId);
    if (selection.requests.length === 0)
      return { outcome: 'completed', files: [], summary, effects: [], notifications: problems };
    const ready: NotificationDraft = {
      type: 'generic',
      message: 'kistamRequestReady',
      parameters: [String(selection.requests.length)],
      entityClass: 'task',
      entityId: task.taskId,
    };
    return {
      outcome: 'awaitingInput',
      files,
      summary,
      notifications: [...problems, ...statusDateNote(selection.statusDate, regular, task.taskId), ready],
    };
  }

  /** The selection's input: every member of the cooperative with where its church data comes from. */
  private async candidates(task: RunningTask, today: string): Promise<KistamCandidate[]> {
    const coop = task.cooperativeId;
    const lastQuery = new Map<string, { queriedOn: string; queryKind: string }>();
    for await (const batch of churchTaxOrigins.scan(this.reads, coop, SCAN_BATCH)) {
      for (const doc of batch)
        lastQuery.set(doc.id, { queriedOn: doc.queriedOn ?? '', queryKind: doc.queryKind ?? '' });
    }
    const statusDate = regularStatusDate(today);
    const out: KistamCandidate[] = [];
    for await (const batch of memberDocuments.scan(this.reads, coop, SCAN_BATCH)) {
      for (const doc of batch) {
        out.push({
          memberId: doc.id,
          memberNr: doc.memberNr ?? 0,
          legalForm: doc.legalForm,
          isForeign: doc.isForeign,
          entryDate: doc.entryDate,
          sharesOnStatusDate: holdingOn(doc, statusDate).shares,
          sharesToday: holdingOn(doc, today).shares,
          taxId: doc.taxId,
          manualTaxId: doc.manualTaxId,
          birthDate: doc.birthDate,
          lastQuery: lastQuery.get(doc.id) ?? null,
        });
      }
      task.progress(out.length, 0);
    }
    return out;
  }

  /** Phase 2: the answer. */
  private async readAnswer(task: RunningTask): Promise<TaskOutcome> {
    let received: Awaited<ReturnType<KistamTransport['receive']>>;
    try {
      received = await this.transport.receive(task);
    } catch (error) {
      if (!(error instanceof NotAnAnswerFile)) throw error;
      return notAnAnswer(error);
    }
    const { answer, requested } = received;
    // The erasure log, read before the members and checked in the task's end (decision 399's race): a member erased
    // since takes no church data (decision 362), and a clean-up recording one meanwhile fails the end, writing nothing.
    const logId = dataProtectionStream(task.cooperativeId);
    const log = await this.writer.loadWithoutPersonalData(logId, erasedMembersReader);
    const members: AnswerMember[] = [];
    for await (const batch of memberDocuments.scan(this.reads, task.cooperativeId, SCAN_BATCH)) {
      for (const doc of batch) {
        const taxIds = [doc.taxId, doc.manualTaxId].filter((t): t is string => t !== null);
        members.push({
          memberId: doc.id,
          memberNr: doc.memberNr ?? 0,
          taxIds,
          birthDate: doc.birthDate,
          erased: doc.erased === true || log.state.erased.has(doc.id),
        });
      }
    }
    const outcome = interpretAnswer(answer, requested, members);
    return answerOutcome(task, outcome, { streamId: logId, expected: log.expected });
  }
}

/**
 * The task's end when its input is no answer after all (the upload refuses what its cheap checks find, decision 294):
 * rejected with the reason's own template and parameters (decision 302), which the runner's `taskRejected` carries
 * [kind, template, its parameters], so the clerk reads why as the upload would have said it, in the clerk's language.
 */
export function notAnAnswer(refusal: NotAnAnswerFile): TaskOutcome {
  return {
    outcome: 'rejected',
    reason: { template: refusal.template, parameters: [...refusal.parameters] },
    notifications: [],
  };
}

/** The members a task's effects record a null answer for. */
export function nullAnswered(effects: readonly TaskEffect[]): string[] {
  return effects.flatMap((e) =>
    e.events.flatMap((event) => {
      if (event.type !== 'ChurchDataRecorded') return [];
      const data = (event as ChurchDataRecorded).data;
      return data.churchId === null && data.churchTaxRate === null ? [data.memberId] : [];
    }),
  );
}

/**
 * Lines of the answer file that cannot be read, each its own notification, at most: the rest are counted in the
 * summary's errors (`kistamAnswerRead`), not one notification each (five million of them filled the heap).
 */
export const LINE_PROBLEMS_NOTIFIED = 100;

/**
 * The completed task of an answer: the church data per member, a notification per problem (of the file's lines, the
 * first LINE_PROBLEMS_NOTIFIED), and the summary.
 */
export function answerOutcome(
  task: RunningTask,
  outcome: AnswerOutcome,
  erasureLog?: { readonly streamId: string; readonly expected: TaskEffect['expected'] },
): TaskOutcome {
  const effects = outcome.records.map((r) => {
    const event: ChurchDataRecorded = {
      type: 'ChurchDataRecorded',
      data: {
        memberId: r.memberId,
        churchId: r.churchId,
        churchTaxRate: r.churchTaxRate,
        queriedOn: r.queriedOn,
        queryKind: r.queryKind,
        taskId: task.taskId,
      },
    };
    return { streamId: memberStream(r.memberId), expected: 'stream_exists' as const, events: [event] };
  });
  const withChurch = outcome.records.filter((r) => r.churchId !== null).length;
  const withoutChurch = outcome.records.length - withChurch;
  const errors = outcome.memberProblems.length + outcome.lineProblems.length;
  const notifications: NotificationDraft[] = [
    ...outcome.memberProblems.map((p) => memberError(p.memberId, p.memberNr, p.problem, p.detail)),
    ...outcome.lineProblems.slice(0, LINE_PROBLEMS_NOTIFIED).map((p): NotificationDraft => ({
      type: 'kistamError',
      message: 'kistamGenericError',
      parameters: [p.problem, String(p.line), ...(p.detail ? [p.detail] : [])],
      entityClass: 'task',
      entityId: task.taskId,
    })),
    ...outcome.noInformation.map((m): NotificationDraft => ({
      type: 'generic',
      message: 'kistamNoInformation',
      parameters: [String(m.memberNr)],
      entityClass: 'member',
      entityId: m.memberId,
      member: m.memberId,
    })),
    {
      type: 'generic',
      message: 'kistamAnswerRead',
      parameters: [String(withChurch), String(withoutChurch), String(errors)],
      entityClass: 'task',
      entityId: task.taskId,
    },
  ];
  const summary = { withChurch, withoutChurch, errors, noInformation: outcome.noInformation.length };
  // The erasure log's revision, checked with the church data when any is written (an entry without events).
  const checked = erasureLog !== undefined && effects.length > 0 ? [{ ...erasureLog, events: [] }] : [];
  return { outcome: 'completed', files: [], summary, effects: [...effects, ...checked], notifications };
}
