import { Body, Controller, Get, Headers, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CooperativeDto, CooperativeFields } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { idempotencyKeyOf } from '../../platform/commands/idempotency.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { RegisterCooperativeCommand, UpdateCooperativeCommand } from '../commands/cooperative.commands.js';
import { masterTag } from '../master-tag.js';
import { cooperativeDocuments, type CooperativeDocument } from '../queries/cooperative-documents.js';

const DEFAULT_SORT = [{ field: 'name', direction: 'asc' }] as const;

/**
 * A cooperative as the API answers it: its typed document without the read store's own fields, with the tag of its
 * master data as answered (sent back with a change, a change made meanwhile is refused, not overwritten).
 */
export function toCooperativeDto(doc: CooperativeDocument): CooperativeDto {
  const { cooperativeId: _c, position: _p, ...dto } = doc;
  return { ...dto, masterTag: masterTag(doc) };
}

/** A cooperative's documents carry its own id as cooperativeId, so the tenant filter shows each user only its own. */
@ApiTags('cooperatives')
@ApiBearerAuth()
@Controller('cooperatives')
export class CooperativesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Get()
  @Requires('cooperative:read')
  @AnswersList(CooperativeDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CooperativeDto[] | undefined> {
    const page = allows(actor.roles, 'cooperatives:all')
      ? await cooperativeDocuments.listAcrossCooperatives(this.reads, params, DEFAULT_SORT)
      : await cooperativeDocuments.list(this.reads, actor.cooperativeId, params, DEFAULT_SORT);
    return sendList(res, page, toCooperativeDto);
  }

  @Get(':id')
  @Requires('cooperative:read')
  @AnswersOk(CooperativeDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CooperativeDto> {
    const tenant = allows(actor.roles, 'cooperatives:all') ? id : actor.cooperativeId;
    return toCooperativeDto(await cooperativeDocuments.get(this.reads, tenant, id));
  }

  @Post()
  @Requires('cooperatives:all')
  @BodyOf(CooperativeFields)
  @AnswersCreated(CooperativeDto)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CooperativeFields,
    @Headers('idempotency-key') key: unknown,
  ): Promise<CooperativeDto> {
    // Sent again under its `Idempotency-Key`, the cooperative is answered as registered the first time (decision 421).
    const command = RegisterCooperativeCommand.keyed(contextFor(actor), body, idempotencyKeyOf(key));
    const id = await this.commands.execute(command);
    return toCooperativeDto(await cooperativeDocuments.get(this.reads, id, id));
  }

  @Put(':id')
  @Requires('cooperative:write')
  @BodyOf(CooperativeFields)
  @AnswersOk(CooperativeDto)
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: CooperativeFields,
  ): Promise<CooperativeDto> {
    await cooperativeDocuments.get(this.reads, actor.cooperativeId, id);
    await this.commands.execute(new UpdateCooperativeCommand(contextFor(actor), id, body, body.masterTag ?? null));
    return toCooperativeDto(await cooperativeDocuments.get(this.reads, actor.cooperativeId, id));
  }
}
