import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ElmaNumberDto, ElmaNumberWrite, Option, type ElmaProcess } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { idempotencyKeyOf } from '../../platform/commands/idempotency.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import {
  AddElmaNumberCommand,
  ChangeElmaNumberCommand,
  RemoveElmaNumberCommand,
  type ElmaNumberInput,
} from '../commands/elma-number.commands.js';
import { elmaNumberTag } from '../master-tag.js';
import { elmaNumberDocuments, type ElmaNumberDocument } from '../queries/elma-number-documents.js';

const DEFAULT_SORT = [{ field: 'elmaProcess', direction: 'asc' }] as const;

function input(body: ElmaNumberWrite): ElmaNumberInput {
  return { elmaProcess: body.elmaProcess, elmaNumber: body.elmaNumber };
}

/** The number as the API answers it, with the tag of its fields (sent back with a change, a change made meanwhile is refused). */
export function toElmaNumberDto(doc: ElmaNumberDocument): ElmaNumberDto {
  return {
    id: doc.id,
    // The request class admits only the known processes: a stored one is one of them.
    elmaProcess: doc.elmaProcess as ElmaProcess,
    elmaNumber: doc.elmaNumber,
    createdAt: doc.createdAt,
    masterTag: elmaNumberTag(doc),
  };
}

@ApiTags('elmanumbers')
@ApiBearerAuth()
@Controller('elmanumbers')
export class ElmaNumbersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Get()
  @Requires('elmanumbers:read')
  @AnswersList(ElmaNumberDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ElmaNumberDto[] | undefined> {
    return sendList(
      res,
      await elmaNumberDocuments.list(this.reads, actor.cooperativeId, params, DEFAULT_SORT),
      toElmaNumberDto,
    );
  }

  @Get('options')
  @Requires('elmanumbers:read')
  @AnswersOk(Option, true)
  options(@Query('attribute') attribute: string | undefined): Option[] {
    return attribute === 'elmaProcess'
      ? [
          { key: 'fs', value: 'fs' },
          { key: 'km', value: 'km' },
        ]
      : [];
  }

  @Get(':id')
  @Requires('elmanumbers:read')
  @AnswersOk(ElmaNumberDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ElmaNumberDto> {
    return toElmaNumberDto(await elmaNumberDocuments.get(this.reads, actor.cooperativeId, id));
  }

  @Post()
  @Requires('elmanumbers:write')
  @BodyOf(ElmaNumberWrite)
  @AnswersCreated(ElmaNumberDto)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: ElmaNumberWrite,
    @Headers('idempotency-key') key: unknown,
  ): Promise<ElmaNumberDto> {
    // Sent again under its `Idempotency-Key`, the number is answered as added the first time (decision 421).
    const id = await this.commands.execute(
      new AddElmaNumberCommand(contextFor(actor), input(body), idempotencyKeyOf(key)),
    );
    return toElmaNumberDto(await elmaNumberDocuments.get(this.reads, actor.cooperativeId, id));
  }

  @Put(':id')
  @Requires('elmanumbers:write')
  @BodyOf(ElmaNumberWrite)
  @AnswersOk(ElmaNumberDto)
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ElmaNumberWrite,
  ): Promise<ElmaNumberDto> {
    await this.commands.execute(
      new ChangeElmaNumberCommand(contextFor(actor), id, input(body), body.masterTag ?? null),
    );
    return toElmaNumberDto(await elmaNumberDocuments.get(this.reads, actor.cooperativeId, id));
  }

  @Delete(':id')
  @Requires('elmanumbers:write')
  @HttpCode(204)
  @ApiNoContentResponse()
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new RemoveElmaNumberCommand(contextFor(actor), id));
  }
}
