import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  CooperativeDto,
  CooperativeFields,
  DEFAULT_NOTICE_PERIOD_MONTHS,
  DEFAULT_RETENTION_YEARS,
  DEFAULT_SESSION_IDLE_MINUTES,
  dividendSettingsOf,
  interestBeginRuleOf,
  type ReadDocument,
} from '@coop/contracts';
import { COOPERATIVES } from '@coop/projections';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { RegisterCooperativeCommand, UpdateCooperativeCommand } from '../commands/cooperative.commands.js';

const DEFAULT_SORT = [{ field: 'name', direction: 'asc' }] as const;

export function toCooperativeDto(doc: ReadDocument): CooperativeDto {
  const s = (f: string): string => (typeof doc[f] === 'string' ? (doc[f] as string) : '');
  const n = (f: string, fallback: number): number => (typeof doc[f] === 'number' ? (doc[f] as number) : fallback);
  return {
    id: doc.id,
    name: s('name'),
    fullName: s('fullName'),
    address: s('address'),
    zip: s('zip'),
    city: s('city'),
    email: s('email'),
    contactPerson: s('contactPerson'),
    url: s('url'),
    taxId: s('taxId'),
    taxOffice: s('taxOffice'),
    bankname: s('bankname'),
    iban: s('iban'),
    bic: s('bic'),
    balanceCost: n('balanceCost', 0),
    minimumShares: n('minimumShares', 1),
    noticePeriodMonths: n('noticePeriodMonths', DEFAULT_NOTICE_PERIOD_MONTHS),
    // A cooperative recorded before the setting keeps the statutory ten years (issue 27).
    retentionYears: n('retentionYears', DEFAULT_RETENTION_YEARS),
    // A cooperative recorded before the setting signs idle users out after 30 minutes (issue 38).
    sessionIdleMinutes: n('sessionIdleMinutes', DEFAULT_SESSION_IDLE_MINUTES),
    // A cooperative recorded before the setting follows the default rule.
    interestBeginRule: interestBeginRuleOf(doc.interestBeginRule),
    // The statutes' liability per share (issue 45); a cooperative recorded before the setting has none.
    liabilityPerShare: typeof doc.liabilityPerShare === 'number' ? doc.liabilityPerShare : null,
    // A cooperative recorded before the dividend settings has their defaults.
    ...dividendSettingsOf(doc),
  };
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
      ? await this.reads.listAcrossCooperatives(COOPERATIVES, params, DEFAULT_SORT)
      : await this.reads.list(COOPERATIVES, actor.cooperativeId, params, DEFAULT_SORT);
    return sendList(res, page, toCooperativeDto);
  }

  @Get(':id')
  @Requires('cooperative:read')
  @AnswersOk(CooperativeDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CooperativeDto> {
    const tenant = allows(actor.roles, 'cooperatives:all') ? id : actor.cooperativeId;
    return toCooperativeDto(await this.reads.get(COOPERATIVES, tenant, id, 'Cooperative'));
  }

  @Post()
  @Requires('cooperatives:all')
  @BodyOf(CooperativeFields)
  @AnswersCreated(CooperativeDto)
  async create(@CurrentActor() actor: Actor, @Body() body: CooperativeFields): Promise<CooperativeDto> {
    const id = await this.commands.execute(new RegisterCooperativeCommand(contextFor(actor), body));
    return toCooperativeDto(await this.reads.get(COOPERATIVES, id, id, 'Cooperative'));
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
    await this.reads.get(COOPERATIVES, actor.cooperativeId, id, 'Cooperative');
    await this.commands.execute(new UpdateCooperativeCommand(contextFor(actor), id, body));
    return toCooperativeDto(await this.reads.get(COOPERATIVES, actor.cooperativeId, id, 'Cooperative'));
  }
}
