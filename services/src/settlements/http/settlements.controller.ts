import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  businessToday,
  isIsoDate,
  fieldError,
  HeirsAccountWrite,
  LossShareWrite,
  SettlementCheckDto,
  SettlementDto,
  SettlementPayout,
  SettlementReversal,
  SettlementTermsDto,
  SettlementTermsWrite,
  ValidationError,
  type LossShareKind,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { attachment } from '../../platform/http/attachment.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { painXml } from '../../payouts/index.js';
import { SettlementSepa } from '../papers/settlement-sepa.js';
import { SettlementStatements } from '../papers/settlement-statements.js';
import {
  PaySettlementsCommand,
  RecordHeirsAccountCommand,
  ReverseSettlementCommand,
  SetSettlementTermsCommand,
  type PayoutPlan,
} from '../commands/settlement.commands.js';
import { SettlementReads } from '../queries/settlement-reads.js';

/** `year` of the query: a whole year 1900..2199, else 400 on `year`. */
function yearOf(value: unknown): number {
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(year >= 1900 && year <= 2199)) throw new ValidationError([fieldError('year', 'invalidNumber')]);
  return year;
}

const checkDto = (plan: PayoutPlan): SettlementCheckDto => ({
  count: plan.count,
  sum: plan.sum,
  refusals: plan.refusals.map((r) => ({
    id: r.id,
    field: r.field,
    template: r.template,
    parameters: Object.values(r.parameters),
  })),
});

/**
 * The settlement with those who leave (§ 73 GenG, issue 42; docs/settlement.md). Roles as for the dividend's closure:
 * the list for every role that reads the dividend, the payout, its correction, the heirs' account and the loss share
 * for those that close it; the payout period is a cooperative setting (`cooperative:write`).
 */
@ApiTags('settlements')
@ApiBearerAuth()
@Controller('settlements')
export class SettlementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: SettlementReads,
    private readonly sepa: SettlementSepa,
    private readonly statements: SettlementStatements,
  ) {}

  /** `Auseinandersetzung-<year>-Mitglied-<nr>.pdf`: the statement of a recorded settlement (German); 400 for one not paid. */
  @Get(':id/statement')
  @Requires('dividend:read')
  @ApiOkResponse({
    description: 'Auseinandersetzung-<year>-Mitglied-<nr>.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async statement(@CurrentActor() actor: Actor, @Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    if (id.length > 129) throw new ValidationError([fieldError('id', 'settlementEndUnknown')]);
    const { pdf, name } = await this.statements.pdf(actor.cooperativeId, id);
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(name))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  }

  /**
   * `Auseinandersetzung-<year>-<payout day>-SEPA-<cooperative>.xml`: pain.001.001.09 of the settlements of `year` recorded
   * for `payoutDate` (the dividend's writer and checks); 400 with every refusal.
   */
  @Get('sepa')
  @Requires('dividend:read')
  @ApiQuery({ name: 'year', required: true })
  @ApiQuery({ name: 'payoutDate', required: true })
  @ApiOkResponse({
    description: 'Auseinandersetzung-<year>-<payout day>-SEPA-<cooperative>.xml (pain.001.001.09)',
    content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } },
  })
  async sepaFile(
    @CurrentActor() actor: Actor,
    @Query('year') year: unknown,
    @Query('payoutDate') payoutDate: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const y = yearOf(year);
    if (typeof payoutDate !== 'string' || !isIsoDate(payoutDate))
      throw new ValidationError([fieldError('payoutDate', 'invalidDate', String(payoutDate ?? '').slice(0, 20))]);
    const result = await this.sepa.file(actor.cooperativeId, y, payoutDate, new Date());
    if ('errors' in result) throw new ValidationError(result.errors);
    await res
      .status(200)
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', attachment(result.name))
      .header('Cache-Control', 'no-store')
      .send(painXml(result.xml));
  }

  @Get()
  @Requires('dividend:read')
  @ApiQuery({ name: 'year', required: true, description: 'the financial year at whose end the members left' })
  @AnswersList(SettlementDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query('year') year: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SettlementDto[] | undefined> {
    const items = await this.reads.list(actor.cooperativeId, businessToday(), { year: yearOf(year) });
    res.header('TotalItems', String(items.length));
    if (items.length === 0) {
      res.status(204);
      return undefined;
    }
    return items;
  }

  @Get('terms')
  @Requires('dividend:read')
  @AnswersOk(SettlementTermsDto)
  terms(@CurrentActor() actor: Actor): Promise<SettlementTermsDto> {
    return this.reads.termsDto(actor.cooperativeId);
  }

  @Put('terms')
  @Requires('cooperative:write')
  @BodyOf(SettlementTermsWrite)
  @AnswersOk(SettlementTermsDto)
  async setTerms(@CurrentActor() actor: Actor, @Body() body: SettlementTermsWrite): Promise<SettlementTermsDto> {
    await this.commands.execute(
      new SetSettlementTermsCommand(contextFor(actor), { payoutPeriodMonths: body.payoutPeriodMonths }),
    );
    return this.reads.termsDto(actor.cooperativeId);
  }

  @Put('loss-shares')
  @Requires('dividend:close')
  @BodyOf(LossShareWrite)
  @AnswersOk(SettlementTermsDto)
  async setLossShare(@CurrentActor() actor: Actor, @Body() body: LossShareWrite): Promise<SettlementTermsDto> {
    const kind = body.kind as LossShareKind;
    await this.commands.execute(
      new SetSettlementTermsCommand(contextFor(actor), {
        year: body.year,
        kind,
        percent: kind === 'percent' ? body.percent : null,
        centsPerShare: kind === 'perShare' ? (body.centsPerShare ?? 0) : null,
        decisionDate: body.decisionDate,
      }),
    );
    return this.reads.termsDto(actor.cooperativeId);
  }

  @Post('check')
  @Requires('dividend:close')
  @HttpCode(200)
  @BodyOf(SettlementPayout)
  @AnswersOk(SettlementCheckDto)
  async check(@CurrentActor() actor: Actor, @Body() body: SettlementPayout): Promise<SettlementCheckDto> {
    return checkDto(
      await this.commands.execute(new PaySettlementsCommand(contextFor(actor), body.ids, body.payoutDate, false)),
    );
  }

  @Post('pay')
  @Requires('dividend:close')
  @HttpCode(201)
  @BodyOf(SettlementPayout)
  @AnswersOk(SettlementDto, true)
  async pay(@CurrentActor() actor: Actor, @Body() body: SettlementPayout): Promise<SettlementDto[]> {
    await this.commands.execute(new PaySettlementsCommand(contextFor(actor), body.ids, body.payoutDate, true));
    return this.reads.list(actor.cooperativeId, businessToday(), { ids: body.ids });
  }

  @Post('heirs')
  @Requires('dividend:close')
  @HttpCode(204)
  @BodyOf(HeirsAccountWrite)
  @ApiNoContentResponse()
  async heirs(@CurrentActor() actor: Actor, @Body() body: HeirsAccountWrite): Promise<void> {
    await this.commands.execute(
      new RecordHeirsAccountCommand(contextFor(actor), body.memberId, {
        accountHolder: body.accountHolder,
        iban: body.iban,
        bic: body.bic,
      }),
    );
  }

  @Post(':id/reverse')
  @Requires('dividend:close')
  @HttpCode(201)
  @BodyOf(SettlementReversal)
  @AnswersCreated(SettlementDto)
  async reverse(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: SettlementReversal,
  ): Promise<SettlementDto> {
    if (id.length > 129) throw new ValidationError([fieldError('id', 'settlementEndUnknown')]);
    await this.commands.execute(new ReverseSettlementCommand(contextFor(actor), id, body.reason, body.date));
    const [row] = await this.reads.list(actor.cooperativeId, businessToday(), { ids: [id] });
    if (!row) throw new ValidationError([fieldError('id', 'settlementEndUnknown')]);
    return row;
  }
}
