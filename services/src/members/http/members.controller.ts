import { Body, Controller, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  DuplicateCandidate,
  MemberAdmission,
  MemberDto,
  MemberHistoryEntry,
  MemberMasterChange,
  memberStream,
  NotFoundError,
  Option,
  type EventStore,
  type Instalment,
  type MemberEvent,
  type RetentionHoldEvent,
  type MemberMasterData,
  type RecordedEvent,
} from '@coop/contracts';
import { MEMBERS } from '@coop/projections/members';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { isChurchDataField, withoutChurchData } from '../../kernel/church-data.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendJsonList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, AnswersWarnings, BodyOf } from '../../platform/http/openapi.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { ChangeMemberCommand, CreateMemberCommand } from '../commands/member.commands.js';
import { businessToday, fieldError, ValidationError } from '@coop/contracts';
import { evolveMemberStream, initialMemberState, type MemberState } from '../../kernel/member-stream.js';
import { asOfDate, MemberReads } from '../queries/member-reads.js';
import { masterOf } from './member-master.js';
import { memberDocuments, memberName } from '../queries/member-documents.js';
import { toMemberDto } from '../queries/member.view.js';
import { duplicateQueryOf, MemberDuplicates } from '../queries/member-duplicates.js';
import { MemberDividendReads } from '../queries/member-dividends.js';

@ApiTags('members')
@ApiBearerAuth()
@Controller('members')
export class MembersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly members: MemberReads,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly duplicateReads: MemberDuplicates,
    private readonly dividends: MemberDividendReads,
  ) {}

  @Get()
  @Requires('members:read')
  @AnswersList(MemberDto)
  @ApiQuery({
    name: 'date',
    required: false,
    description: 'YYYY-MM-DD: the members as they stood at the end of that day',
  })
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams & { date?: unknown },
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string | undefined> {
    const date = asOfDate(params.date);
    const query = this.members.memberQuery(actor.cooperativeId, params, date);
    // Built as MemberDto[] (toMemberDto) and written out as JSON by a read thread where they run.
    const args = { today: businessToday(), date, church: readsChurch(actor) ? undefined : 'hidden' };
    const page = await this.members.reads.queryView(MEMBERS, actor.cooperativeId, query, { name: 'member', args });
    return sendJsonList(res, page);
  }

  @Get('options')
  @Requires('members:read')
  @AnswersOk(Option, true)
  async options(@CurrentActor() actor: Actor, @Query() params: ListParams): Promise<Option[]> {
    const query = this.members.memberQuery(actor.cooperativeId, { ...params, limit: params.limit ?? '10' }, undefined);
    const page = await memberDocuments.query(this.members.reads, actor.cooperativeId, query);
    return page.items.map((doc) => ({
      key: doc.id,
      value: `${doc.memberNr ?? ''} ${memberName(doc)}`.trim(),
    }));
  }

  @Get('duplicates')
  @Requires('members:read')
  @AnswersOk(DuplicateCandidate, true)
  @ApiQuery({ name: 'name', required: false })
  @ApiQuery({ name: 'givenName', required: false })
  @ApiQuery({ name: 'birthDate', required: false, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'iban', required: false })
  @ApiQuery({ name: 'exclude', required: false, description: 'a member id never answered (the member being edited)' })
  async duplicates(
    @CurrentActor() actor: Actor,
    @Query() params: Record<string, unknown>,
  ): Promise<DuplicateCandidate[]> {
    return this.duplicateReads.candidates(actor.cooperativeId, duplicateQueryOf(params));
  }

  @Get(':id/history')
  @Requires('members:read')
  @AnswersOk(MemberHistoryEntry, true)
  async history(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MemberHistoryEntry[]> {
    const recorded = (await this.events.readStream(memberStream(id))) as RecordedEvent<MemberEvent>[];
    const first = recorded[0];
    if (!first || first.type !== 'MemberAdmitted' || first.data.cooperativeId !== actor.cooperativeId)
      throw new NotFoundError('Member', id);
    let state: MemberState = initialMemberState;
    const out: MemberHistoryEntry[] = [];
    // The mandates' references by id: a revocation names its mandate by id only.
    const mandates = new Map<string, string>();
    for (const e of recorded) {
      const before = state;
      state = evolveMemberStream(state, { type: e.type, data: e.data } as MemberEvent);
      if (e.type === 'DirectDebitMandateGranted') mandates.set(e.data.mandateId, e.data.reference);
      out.push({
        position: e.position.toString(),
        revision: e.revision,
        type: e.type,
        timestamp: e.metadata.timestamp,
        user: e.metadata.user,
        ...historyDetail(e, before, mandates),
        shareAmountAfter: state.shares,
        shareTotalAfter: state.cents,
      });
    }
    // The closures the member was paid in (issue 23), each at its place in the log.
    const history = await this.dividends.history(actor.cooperativeId, id, out);
    // Church data (Art. 9 GDPR): without `church:read` its changes are left out, the entries (who, when) stay.
    if (readsChurch(actor)) return history;
    return history.map((entry) =>
      entry.changes ? { ...entry, changes: entry.changes.filter((c) => !isChurchDataField(c.field)) } : entry,
    );
  }

  @Get(':id')
  @Requires('members:read')
  @AnswersOk(MemberDto)
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD: the member as it stood at the end of that day' })
  async get(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query('date') rawDate: unknown,
  ): Promise<MemberDto> {
    const date = asOfDate(rawDate);
    const doc = await memberDocuments.get(this.members.reads, actor.cooperativeId, id);
    if (date !== undefined && doc.entryDate !== null && doc.entryDate > date) throw new NotFoundError('Member', id);
    return answerFor(actor, toMemberDto(doc, businessToday(), date));
  }

  @Post()
  @Requires('members:write')
  @BodyOf(MemberAdmission)
  @AnswersCreated(MemberDto)
  @AnswersWarnings()
  async create(@CurrentActor() actor: Actor, @Body() body: MemberAdmission): Promise<MemberDto> {
    const admission = {
      master: masterOf(body),
      shareAmount: body.shareAmount,
      paid: body.paid,
      confirmWarnings: body.confirmWarnings,
    };
    const id = await this.commands.execute(new CreateMemberCommand(contextFor(actor), admission, body.memberNr));
    return answerFor(
      actor,
      toMemberDto(await memberDocuments.get(this.members.reads, actor.cooperativeId, id), businessToday()),
    );
  }

  @Put(':id')
  @Requires('members:write')
  @BodyOf(MemberMasterChange)
  @AnswersOk(MemberDto)
  @AnswersWarnings()
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: MemberMasterChange,
  ): Promise<MemberDto> {
    // An erased member (issue 27) takes no master data again: its key is gone, and new data would start a new one.
    const current = await memberDocuments.get(this.members.reads, actor.cooperativeId, id);
    if (current.erased === true) throw new ValidationError([fieldError(null, 'memberErased')]);
    await this.commands.execute(new ChangeMemberCommand(contextFor(actor), id, masterOf(body), body.confirmWarnings));
    return answerFor(
      actor,
      toMemberDto(await memberDocuments.get(this.members.reads, actor.cooperativeId, id), businessToday()),
    );
  }
}

/** Whether the caller may read church data (special-category data, issue 24; kernel/church-data.ts). */
function readsChurch(actor: Actor): boolean {
  return allows(actor.roles, 'church:read');
}

/** The member as the caller may see it: without `church:read`, null in the church fields. */
function answerFor(actor: Actor, member: MemberDto): MemberDto {
  return readsChurch(actor) ? member : withoutChurchData(member);
}

/** What one event of the member's stream changed, for the audit history. */
function historyDetail(
  e: RecordedEvent<MemberEvent>,
  before: MemberState,
  mandates: ReadonlyMap<string, string>,
): Partial<MemberHistoryEntry> {
  // The data-protection hold (issue 27) on the member's stream: held or not, and why.
  const hold = e as unknown as RecordedEvent<RetentionHoldEvent>;
  if (hold.type === 'MemberRetentionHoldSet' || hold.type === 'MemberRetentionHoldCleared') {
    return { hold: { held: hold.type === 'MemberRetentionHoldSet', reason: hold.data.reason ?? null } };
  }
  switch (e.type) {
    case 'MemberAdmitted': {
      const { memberId: _m, cooperativeId: _c, memberNr, ...fields } = e.data;
      const changes = Object.entries(fields)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([field, to]) => ({ field, from: null, to }));
      return { memberNr, changes };
    }
    case 'MemberDataChanged': {
      const { memberId: _m, ...fields } = e.data;
      const previous: Partial<MemberMasterData> = before.master ?? {};
      const changes = Object.entries(fields).map(([field, to]) => ({
        field,
        from: previous[field as keyof MemberMasterData] ?? null,
        to: to ?? null,
      }));
      return { changes };
    }
    case 'SharesPosted': {
      const d = e.data;
      return {
        posting: {
          balanceId: d.balanceId,
          type: d.type,
          quantity: d.quantity,
          amount: d.amount,
          date: d.date,
          approvalDate: d.approvalDate,
          interestBegin: d.interestBegin,
          transferTo: d.transferTo ?? null,
          transferFrom: d.transferFrom ?? null,
          transferPeer: d.transferPeer ?? null,
          annulPeer: null,
        },
      };
    }
    case 'PostingAnnulled': {
      const d = e.data;
      return {
        posting: {
          balanceId: d.balanceId,
          type: 5,
          quantity: d.quantity,
          amount: d.amount,
          date: d.date,
          approvalDate: d.approvalDate,
          interestBegin: d.interestBegin,
          transferTo: null,
          transferFrom: null,
          transferPeer: d.transferPeer ?? null,
          annulPeer: d.annulPeer,
        },
      };
    }
    case 'MemberExited':
      return { exit: { exitDate: e.data.exitDate, reason: e.data.reason, balanceId: e.data.balanceId } };
    case 'MemberExitRevoked':
      return { exit: null };
    case 'ChurchDataRecorded': {
      const previous: Partial<MemberMasterData> = before.master ?? {};
      return {
        changes: [
          { field: 'churchId', from: previous.churchId ?? null, to: e.data.churchId },
          { field: 'churchTaxRate', from: previous.churchTaxRate ?? null, to: e.data.churchTaxRate },
        ],
      };
    }
    case 'MembershipEndNoticed': {
      const { memberId: _m, ...notice } = e.data;
      return { notice };
    }
    case 'MembershipEndWithdrawn':
      return { notice: { balanceId: e.data.balanceId, withdrawnOn: e.data.date } };
    case 'SharePaymentCorrected':
      return {
        correction: {
          balanceId: e.data.balanceId,
          rueckpfleinzahlung: e.data.rueckpfleinzahlung,
          interestEnd: e.data.interestEnd,
        },
      };
    // Issue 45: the money that comes in, each entry with what it was (share-payment-events.ts).
    case 'InstalmentPlanSet':
      return { instalmentPlan: planOf(e.data.balanceId, e.data.instalments) };
    case 'SharePaymentReceived': {
      const { paymentId, balanceId, date, amount, method } = e.data;
      return { payment: { paymentId, balanceId, date, amount, method } };
    }
    case 'SharePaymentReturned': {
      const { paymentId, balanceId, date, amount, reason } = e.data;
      return { paymentReturn: { paymentId, balanceId, date, amount, reason } };
    }
    case 'DirectDebitMandateGranted': {
      const { mandateId, reference, signedOn, kind } = e.data;
      return { mandate: { mandateId, reference, signedOn, kind } };
    }
    case 'DirectDebitMandateRevoked':
      return {
        mandate: {
          mandateId: e.data.mandateId,
          reference: mandates.get(e.data.mandateId) ?? null,
          revokedOn: e.data.date,
        },
      };
    case 'PaymentReminderSent':
      return { reminder: { level: e.data.level, date: e.data.date, amount: e.data.amount, dueSince: e.data.dueSince } };
  }
}

/** An instalment plan as the history names it: how many instalments, their sum, the first and the last due date. */
function planOf(
  balanceId: string,
  instalments: readonly Instalment[],
): NonNullable<MemberHistoryEntry['instalmentPlan']> {
  const dues = instalments.map((i) => i.dueDate).sort();
  return {
    balanceId,
    count: instalments.length,
    total: instalments.reduce((sum, i) => sum + i.amount, 0),
    firstDue: dues[0] ?? '',
    lastDue: dues[dues.length - 1] ?? '',
  };
}
