import { Body, Controller, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  exemptionOrdersStream,
  ExemptionOrderCorrection,
  ExemptionOrderDto,
  ExemptionOrderRecord,
  TaxPaperHistoryEntry,
  type EventStore,
  type ExemptionOrderFieldsWrite,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { CorrectExemptionOrderCommand, RecordExemptionOrderCommand } from '../commands/tax-paper.commands.js';
import type { ExemptionOrderInput } from '../domain/exemption-order.decider.js';
import { exemptionOrderDocuments } from '../queries/tax-paper-documents.js';
import { TaxPaperReads } from '../queries/tax-paper-reads.js';
import { paperHistory } from './history.js';

const ENTITY = 'Exemption order';

/** The checked fields as the decider's input (it checks the rules across fields, years and other orders). */
function exemptionOrderInput(body: ExemptionOrderFieldsWrite): ExemptionOrderInput {
  const { type, joint, spouse, amount, date, startDate, endDate } = body;
  return { type, joint, spouse, amount, date, startDate, endDate };
}

/** The member a correction names: a non-empty text, else null (left out). */
export function requestedMember(member: string | undefined): string | null {
  return member === undefined || member === '' ? null : member;
}

@ApiTags('exemptionorders')
@ApiBearerAuth()
@Controller('exemptionorders')
export class ExemptionOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly papers: TaxPaperReads,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  private async one(actor: Actor, id: string): Promise<ExemptionOrderDto> {
    const doc = await exemptionOrderDocuments.get(this.papers.members.reads, actor.cooperativeId, id);
    return (await this.papers.exemptionOrderDtos(actor.cooperativeId, [doc]))[0]!;
  }

  @Get()
  @Requires('taxpapers:read')
  @AnswersList(ExemptionOrderDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ExemptionOrderDto[] | undefined> {
    const page = await this.papers.exemptionOrderPage(actor.cooperativeId, params);
    const dtos = await this.papers.exemptionOrderDtos(actor.cooperativeId, page.items);
    return sendList(res, { ...page, items: dtos }, (d) => d);
  }

  @Get(':id/history')
  @Requires('taxpapers:read')
  @AnswersOk(TaxPaperHistoryEntry, true)
  async history(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaxPaperHistoryEntry[]> {
    const doc = await exemptionOrderDocuments.get(this.papers.members.reads, actor.cooperativeId, id);
    return paperHistory(
      this.events,
      exemptionOrdersStream(doc.member),
      'exemptionOrderId',
      id,
      actor.cooperativeId,
      ENTITY,
    );
  }

  @Get(':id')
  @Requires('taxpapers:read')
  @AnswersOk(ExemptionOrderDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ExemptionOrderDto> {
    return this.one(actor, id);
  }

  @Post()
  @Requires('taxpapers:write')
  @BodyOf(ExemptionOrderRecord)
  @AnswersCreated(ExemptionOrderDto)
  async create(@CurrentActor() actor: Actor, @Body() body: ExemptionOrderRecord): Promise<ExemptionOrderDto> {
    const id = await this.commands.execute(
      new RecordExemptionOrderCommand(contextFor(actor), body.member, exemptionOrderInput(body)),
    );
    return this.one(actor, id);
  }

  @Put(':id')
  @Requires('taxpapers:write')
  @BodyOf(ExemptionOrderCorrection)
  @AnswersOk(ExemptionOrderDto)
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ExemptionOrderCorrection,
  ): Promise<ExemptionOrderDto> {
    await this.commands.execute(
      new CorrectExemptionOrderCommand(
        contextFor(actor),
        id,
        requestedMember(body.member),
        exemptionOrderInput(body),
        body.masterTag ?? null,
      ),
    );
    return this.one(actor, id);
  }
}
