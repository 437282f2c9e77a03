import { Body, Controller, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { nonAssessmentsStream, type EventStore, type NonAssessmentDto, type TaxPaperHistoryEntry } from '@coop/contracts';
import { NON_ASSESSMENTS } from '@coop/projections';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { asBody, text, type Body as RequestBody } from '../../platform/http/body.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { CorrectNonAssessmentCommand, RecordNonAssessmentCommand } from '../commands/tax-paper.commands.js';
import type { NonAssessmentInput } from '../domain/non-assessment.decider.js';
import { TaxPaperReads } from '../queries/tax-paper-reads.js';
import { requestedMember } from './exemption-orders.controller.js';
import { paperHistory } from './history.js';

const FIELDS = ['member', 'type', 'orderNumber', 'date', 'taxAuthorities', 'startDate', 'endDate', 'original'] as const;
const schema = { type: 'object', properties: Object.fromEntries(FIELDS.map((f) => [f, {}])) } as const;
const ENTITY = 'Non assessment';

export function nonAssessmentInput(body: RequestBody): NonAssessmentInput {
  return {
    type: body.type,
    orderNumber: body.orderNumber,
    date: body.date,
    taxAuthorities: body.taxAuthorities,
    startDate: body.startDate,
    endDate: body.endDate,
    original: body.original,
  };
}


@ApiTags('nonassessments')
@ApiBearerAuth()
@Controller('nonassessments')
export class NonAssessmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly papers: TaxPaperReads,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  private async one(actor: Actor, id: string): Promise<NonAssessmentDto> {
    const doc = await this.papers.members.reads.get(NON_ASSESSMENTS, actor.cooperativeId, id, ENTITY);
    return (await this.papers.nonAssessmentDtos(actor.cooperativeId, [doc]))[0]!;
  }

  @Get()
  @Requires('taxpapers:read')
  async list(@CurrentActor() actor: Actor, @Query() params: ListParams, @Res({ passthrough: true }) res: FastifyReply): Promise<NonAssessmentDto[] | undefined> {
    const page = await this.papers.page(NON_ASSESSMENTS, actor.cooperativeId, params);
    const dtos = await this.papers.nonAssessmentDtos(actor.cooperativeId, page.items);
    return sendList(res, { ...page, items: dtos }, (d) => d);
  }

  @Get(':id/history')
  @Requires('taxpapers:read')
  async history(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaxPaperHistoryEntry[]> {
    const doc = await this.papers.members.reads.get(NON_ASSESSMENTS, actor.cooperativeId, id, ENTITY);
    return paperHistory(this.events, nonAssessmentsStream(String(doc.member)), 'nonAssessmentId', id, actor.cooperativeId, ENTITY);
  }

  @Get(':id')
  @Requires('taxpapers:read')
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<NonAssessmentDto> {
    return this.one(actor, id);
  }

  @Post()
  @Requires('taxpapers:write')
  @ApiBody({ schema })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<NonAssessmentDto> {
    const body = asBody(raw);
    const id = await this.commands.execute(new RecordNonAssessmentCommand(contextFor(actor), text(body, 'member'), nonAssessmentInput(body)));
    return this.one(actor, id);
  }

  @Put(':id')
  @Requires('taxpapers:write')
  @ApiBody({ schema })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<NonAssessmentDto> {
    const body = asBody(raw);
    await this.commands.execute(new CorrectNonAssessmentCommand(contextFor(actor), id, requestedMember(body), nonAssessmentInput(body)));
    return this.one(actor, id);
  }
}
