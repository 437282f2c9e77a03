import { Body, Controller, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { exemptionOrdersStream, type EventStore, type ExemptionOrderDto, type TaxPaperHistoryEntry } from '@coop/contracts';
import { EXEMPTION_ORDERS } from '@coop/projections';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { asBody, text, type Body as RequestBody } from '../../platform/http/body.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { CorrectExemptionOrderCommand, RecordExemptionOrderCommand } from '../commands/tax-paper.commands.js';
import type { ExemptionOrderInput } from '../domain/exemption-order.decider.js';
import { TaxPaperReads } from '../queries/tax-paper-reads.js';
import { paperHistory } from './history.js';

const FIELDS = ['member', 'type', 'joint', 'spouse', 'amount', 'date', 'startDate', 'endDate'] as const;
const schema = { type: 'object', properties: Object.fromEntries(FIELDS.map((f) => [f, {}])) } as const;
const ENTITY = 'Exemption order';

export function exemptionOrderInput(body: RequestBody): ExemptionOrderInput {
  return { type: body.type, joint: body.joint, spouse: body.spouse, amount: body.amount, date: body.date, startDate: body.startDate, endDate: body.endDate };
}

/** The member a correction names: a non-empty text, else null (left out). */
export function requestedMember(body: RequestBody): string | null {
  const m = text(body, 'member').trim();
  return m === '' ? null : m;
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
    const doc = await this.papers.members.reads.get(EXEMPTION_ORDERS, actor.cooperativeId, id, ENTITY);
    return (await this.papers.exemptionOrderDtos(actor.cooperativeId, [doc]))[0]!;
  }

  @Get()
  @Requires('taxpapers:read')
  async list(@CurrentActor() actor: Actor, @Query() params: ListParams, @Res({ passthrough: true }) res: FastifyReply): Promise<ExemptionOrderDto[] | undefined> {
    const page = await this.papers.page(EXEMPTION_ORDERS, actor.cooperativeId, params);
    const dtos = await this.papers.exemptionOrderDtos(actor.cooperativeId, page.items);
    return sendList(res, { ...page, items: dtos }, (d) => d);
  }

  @Get(':id/history')
  @Requires('taxpapers:read')
  async history(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaxPaperHistoryEntry[]> {
    const doc = await this.papers.members.reads.get(EXEMPTION_ORDERS, actor.cooperativeId, id, ENTITY);
    return paperHistory(this.events, exemptionOrdersStream(String(doc.member)), 'exemptionOrderId', id, actor.cooperativeId, ENTITY);
  }

  @Get(':id')
  @Requires('taxpapers:read')
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ExemptionOrderDto> {
    return this.one(actor, id);
  }

  @Post()
  @Requires('taxpapers:write')
  @ApiBody({ schema })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<ExemptionOrderDto> {
    const body = asBody(raw);
    const id = await this.commands.execute(new RecordExemptionOrderCommand(contextFor(actor), text(body, 'member'), exemptionOrderInput(body)));
    return this.one(actor, id);
  }

  @Put(':id')
  @Requires('taxpapers:write')
  @ApiBody({ schema })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<ExemptionOrderDto> {
    const body = asBody(raw);
    await this.commands.execute(new CorrectExemptionOrderCommand(contextFor(actor), id, requestedMember(body), exemptionOrderInput(body)));
    return this.one(actor, id);
  }
}
