import { Body, Controller, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  nonAssessmentsStream,
  NonAssessmentCorrection,
  NonAssessmentDto,
  NonAssessmentRecord,
  TaxPaperHistoryEntry,
  type EventStore,
  type NonAssessmentFieldsWrite,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { CorrectNonAssessmentCommand, RecordNonAssessmentCommand } from '../commands/tax-paper.commands.js';
import type { NonAssessmentInput } from '../domain/non-assessment.decider.js';
import { nonAssessmentDocuments } from '../queries/tax-paper-documents.js';
import { TaxPaperReads } from '../queries/tax-paper-reads.js';
import { requestedMember } from './exemption-orders.controller.js';
import { paperHistory } from './history.js';

const ENTITY = 'Non assessment';

/** The checked fields as the decider's input (it checks the rules across fields, years and other certificates). */
function nonAssessmentInput(body: NonAssessmentFieldsWrite): NonAssessmentInput {
  const { type, orderNumber, date, taxAuthorities, startDate, endDate, original } = body;
  return { type, orderNumber, date, taxAuthorities, startDate, endDate, original };
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
    const doc = await nonAssessmentDocuments.get(this.papers.members.reads, actor.cooperativeId, id);
    return (await this.papers.nonAssessmentDtos(actor.cooperativeId, [doc]))[0]!;
  }

  @Get()
  @Requires('taxpapers:read')
  @AnswersList(NonAssessmentDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<NonAssessmentDto[] | undefined> {
    const page = await this.papers.nonAssessmentPage(actor.cooperativeId, params);
    const dtos = await this.papers.nonAssessmentDtos(actor.cooperativeId, page.items);
    return sendList(res, { ...page, items: dtos }, (d) => d);
  }

  @Get(':id/history')
  @Requires('taxpapers:read')
  @AnswersOk(TaxPaperHistoryEntry, true)
  async history(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaxPaperHistoryEntry[]> {
    const doc = await nonAssessmentDocuments.get(this.papers.members.reads, actor.cooperativeId, id);
    return paperHistory(
      this.events,
      nonAssessmentsStream(doc.member),
      'nonAssessmentId',
      id,
      actor.cooperativeId,
      ENTITY,
    );
  }

  @Get(':id')
  @Requires('taxpapers:read')
  @AnswersOk(NonAssessmentDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<NonAssessmentDto> {
    return this.one(actor, id);
  }

  @Post()
  @Requires('taxpapers:write')
  @BodyOf(NonAssessmentRecord)
  @AnswersCreated(NonAssessmentDto)
  async create(@CurrentActor() actor: Actor, @Body() body: NonAssessmentRecord): Promise<NonAssessmentDto> {
    const id = await this.commands.execute(
      new RecordNonAssessmentCommand(contextFor(actor), body.member, nonAssessmentInput(body)),
    );
    return this.one(actor, id);
  }

  @Put(':id')
  @Requires('taxpapers:write')
  @BodyOf(NonAssessmentCorrection)
  @AnswersOk(NonAssessmentDto)
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: NonAssessmentCorrection,
  ): Promise<NonAssessmentDto> {
    await this.commands.execute(
      new CorrectNonAssessmentCommand(
        contextFor(actor),
        id,
        requestedMember(body.member),
        nonAssessmentInput(body),
        body.masterTag ?? null,
      ),
    );
    return this.one(actor, id);
  }
}
