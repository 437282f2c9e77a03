import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CooperativeDto, CooperativeFields, ReadDocument } from '@coop/contracts';
import { COOPERATIVES } from '@coop/projections';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { asBody, integer, text } from '../../platform/http/body.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { RegisterCooperativeCommand, UpdateCooperativeCommand } from '../commands/cooperative.commands.js';

export class CooperativeBody {
  @ApiProperty() name!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty() address!: string;
  @ApiProperty() zip!: string;
  @ApiProperty() city!: string;
  @ApiProperty() email!: string;
  @ApiProperty() contactPerson!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ description: '13-digit unified tax number' }) taxId!: string;
  @ApiProperty() bankname!: string;
  @ApiProperty() iban!: string;
  @ApiProperty() bic!: string;
  @ApiProperty({ description: 'Price of one share in euro cents' }) balanceCost!: number;
  @ApiProperty({ default: 1 }) minimumShares!: number;
}

const DEFAULT_SORT = [{ field: 'name', direction: 'asc' }] as const;

function fields(raw: unknown): CooperativeFields {
  const b = asBody(raw);
  const t = (f: string): string => text(b, f);
  return {
    name: t('name'), fullName: t('fullName'), address: t('address'), zip: t('zip'), city: t('city'), email: t('email'),
    contactPerson: t('contactPerson'), url: t('url'), taxId: t('taxId'), bankname: t('bankname'), iban: t('iban'), bic: t('bic'),
    balanceCost: integer(b, 'balanceCost'),
    minimumShares: b.minimumShares === undefined || b.minimumShares === null || b.minimumShares === '' ? 1 : integer(b, 'minimumShares'),
  };
}

export function toCooperativeDto(doc: ReadDocument): CooperativeDto {
  const s = (f: string): string => (typeof doc[f] === 'string' ? (doc[f] as string) : '');
  const n = (f: string, fallback: number): number => (typeof doc[f] === 'number' ? (doc[f] as number) : fallback);
  return {
    id: doc.id, name: s('name'), fullName: s('fullName'), address: s('address'), zip: s('zip'), city: s('city'), email: s('email'),
    contactPerson: s('contactPerson'), url: s('url'), taxId: s('taxId'), bankname: s('bankname'), iban: s('iban'), bic: s('bic'),
    balanceCost: n('balanceCost', 0), minimumShares: n('minimumShares', 1),
  };
}

/** A cooperative's documents carry its own id as cooperativeId, so the tenant filter shows each user only its own. */
@ApiTags('cooperatives')
@ApiBearerAuth()
@Controller('cooperatives')
export class CooperativesController {
  constructor(private readonly commands: CommandBus, private readonly reads: ReadModels) {}

  @Get()
  @Requires('cooperative:read')
  async list(@CurrentActor() actor: Actor, @Query() params: ListParams, @Res({ passthrough: true }) res: FastifyReply): Promise<CooperativeDto[] | undefined> {
    const page = actor.roles.includes('ROLE_SUPER_ADMIN')
      ? await this.reads.listAcrossCooperatives(COOPERATIVES, params, DEFAULT_SORT)
      : await this.reads.list(COOPERATIVES, actor.cooperativeId, params, DEFAULT_SORT);
    return sendList(res, page, toCooperativeDto);
  }

  @Get(':id')
  @Requires('cooperative:read')
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<CooperativeDto> {
    const tenant = actor.roles.includes('ROLE_SUPER_ADMIN') ? id : actor.cooperativeId;
    return toCooperativeDto(await this.reads.get(COOPERATIVES, tenant, id, 'Cooperative'));
  }

  @Post()
  @Requires('cooperatives:all')
  async create(@CurrentActor() actor: Actor, @Body() body: CooperativeBody): Promise<CooperativeDto> {
    const id = await this.commands.execute(new RegisterCooperativeCommand(contextFor(actor), fields(body)));
    return toCooperativeDto(await this.reads.get(COOPERATIVES, id, id, 'Cooperative'));
  }

  @Put(':id')
  @Requires('cooperative:write')
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: CooperativeBody): Promise<CooperativeDto> {
    await this.reads.get(COOPERATIVES, actor.cooperativeId, id, 'Cooperative');
    await this.commands.execute(new UpdateCooperativeCommand(contextFor(actor), id, fields(body)));
    return toCooperativeDto(await this.reads.get(COOPERATIVES, actor.cooperativeId, id, 'Cooperative'));
  }
}
