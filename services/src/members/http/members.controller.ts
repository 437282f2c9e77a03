import { Body, Controller, Get, Headers, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
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
  type MemberEvent,
  type RecordedEvent,
} from '@coop/contracts';
import { MEMBERS } from '@coop/projections/members';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { isChurchDataField, withoutChurchData } from '../../kernel/church-data.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { idempotencyKeyOf } from '../../platform/commands/idempotency.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendJsonList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, AnswersWarnings, BodyOf } from '../../platform/http/openapi.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { ChangeMemberCommand, CreateMemberCommand } from '../commands/member.commands.js';
import { businessToday, fieldError, ValidationError } from '@coop/contracts';
import { asOfDate, MemberReads } from '../queries/member-reads.js';
import { masterOf } from './member-master.js';
import { memberDocuments, memberName } from '../queries/member-documents.js';
import { memberBy, toMemberDto } from '../queries/member.view.js';
import { duplicateQueryOf, MemberDuplicates } from '../queries/member-duplicates.js';
import { MemberDividendReads } from '../queries/member-dividends.js';
import { historyEntries } from '../queries/member-history.js';

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
    const out = historyEntries(recorded);
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
    if (date !== undefined && doc.entryDate !== null && !memberBy(doc, date)) throw new NotFoundError('Member', id);
    return answerFor(actor, toMemberDto(doc, businessToday(), date));
  }

  @Post()
  @Requires('members:write')
  @BodyOf(MemberAdmission)
  @AnswersCreated(MemberDto)
  @AnswersWarnings()
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: MemberAdmission,
    @Headers('idempotency-key') key: unknown,
  ): Promise<MemberDto> {
    const admission = {
      master: masterOf(body),
      shareAmount: body.shareAmount,
      paid: body.paid,
      confirmWarnings: body.confirmWarnings,
    };
    // Sent again under its `Idempotency-Key`, the admission is answered with the member it admitted (as decision 297).
    const id = await this.commands.execute(
      new CreateMemberCommand(contextFor(actor), admission, body.memberNr, idempotencyKeyOf(key)),
    );
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
    await this.commands.execute(
      new ChangeMemberCommand(contextFor(actor), id, masterOf(body), body.confirmWarnings, body.masterTag),
    );
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
