import { applyDecorators, Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  businessToday,
  DividendClosureRequest,
  DividendDto,
  DividendMemberDto,
  DividendRequest,
  DividendYearDto,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { withoutChurchData } from '../../kernel/church-data.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { DEFAULT_LIMIT, type ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { readRequest } from '../../platform/http/validation.pipe.js';
import { CloseYearCommand } from '../commands/close-year.command.js';
import { calculationDto, DividendCalculation } from '../queries/dividend-calculation.js';
import { OwedDues } from '../queries/owed-dues.js';
import { DividendReads, toClosureDto } from '../queries/dividend-reads.js';
import { parseMemberList } from '../queries/member-list.js';
import { dividendParamsOf } from './dividend-params.js';

/** The optional list parameters of a dividend's members (applied after the run; without `limit`: every member). */
const MemberListQueries = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    ApiQuery({ name: 'offset', required: false, type: Number }),
    ApiQuery({ name: 'limit', required: false, type: Number }),
    ApiQuery({ name: 'search', required: false, description: 'name, given name or member number' }),
    ApiQuery({
      name: 'order_by',
      required: false,
      description:
        'memberNr, name, balances, amount, exemptions, dividendTax, solidarityTax, churchTax, paymentAmount, …; -field or field:desc descending',
    }),
  );

/**
 * The annual dividend (issue 23; SPEC.md 7): the years to choose, the calculation (writes nothing), the year's closure,
 * and the closures as a list resource.
 */
@ApiTags('dividend')
@ApiBearerAuth()
@Controller('dividend')
export class DividendController {
  constructor(
    private readonly commands: CommandBus,
    private readonly calculation: DividendCalculation,
    private readonly reads: DividendReads,
    private readonly credits: OwedDues,
  ) {}

  @Get('years')
  @Requires('dividend:read')
  @AnswersOk(DividendYearDto, true)
  years(@CurrentActor() actor: Actor): Promise<DividendYearDto[]> {
    return this.reads.years(actor.cooperativeId, businessToday());
  }

  @Get('calc')
  @Requires('dividend:close')
  @ApiQuery({ name: 'year', required: true })
  @ApiQuery({ name: 'type', required: false, enum: ['percent', 'amount'] })
  @ApiQuery({ name: 'amount', required: true })
  @ApiQuery({ name: 'decision_date', required: false })
  @ApiQuery({ name: 'payment_date', required: false })
  @MemberListQueries()
  @AnswersOk(DividendDto)
  async calc(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown> & ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DividendDto> {
    const today = businessToday();
    // The query is read by the same request class as a body (the pipe reads bodies only): its rules answer 400.
    const params = dividendParamsOf(readRequest(DividendRequest, query), today);
    const list = parseMemberList(query);
    // Issue 45: the credit to the Geschäftsguthaben the closure would make now (it decides it from the member streams).
    const { dto, total } = calculationDto(
      await this.calculation.calculate(actor.cooperativeId, params, today),
      list,
      await this.credits.owed(actor.cooperativeId),
    );
    res.header('TotalItems', String(total));
    return closureFor(actor, dto);
  }

  @Post('store')
  @Requires('dividend:close')
  @HttpCode(201)
  @BodyOf(DividendClosureRequest)
  @AnswersCreated(DividendDto)
  async store(@CurrentActor() actor: Actor, @Body() body: DividendClosureRequest): Promise<DividendDto> {
    const id = await this.commands.execute(
      new CloseYearCommand(contextFor(actor), dividendParamsOf(body, businessToday())),
    );
    return closureFor(actor, (await this.reads.closure(actor.cooperativeId, id)).dto);
  }

  @Get()
  @Requires('dividend:read')
  @AnswersList(DividendDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DividendDto[] | undefined> {
    return sendList(res, await this.reads.list(actor.cooperativeId, params), (doc) => toClosureDto(doc, []));
  }

  @Get(':id')
  @Requires('dividend:read')
  @MemberListQueries()
  @AnswersOk(DividendDto)
  async closure(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DividendDto> {
    const { dto, total } = await this.reads.closure(actor.cooperativeId, id, parseMemberList(query));
    res.header('TotalItems', String(total));
    return closureFor(actor, dto);
  }

  @Get(':id/members')
  @Requires('dividend:read')
  @AnswersList(DividendMemberDto)
  async members(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DividendMemberDto[] | undefined> {
    const list = parseMemberList(query);
    const page = await this.reads.memberList(
      actor.cooperativeId,
      id,
      list.limit === null ? { ...list, limit: DEFAULT_LIMIT } : list,
    );
    return sendList(res, page, allows(actor.roles, 'church:read') ? (member) => member : withoutChurchData);
  }
}

/**
 * A closure or calculation as the caller may see it: without `church:read` (issue 24; kernel/church-data.ts) its
 * members carry null in `churchId`, `churchName` and `churchRate`. The church tax amounts stay: they are what was withheld
 * and paid to the tax office.
 */
function closureFor(actor: Actor, dto: DividendDto): DividendDto {
  return allows(actor.roles, 'church:read') ? dto : { ...dto, members: dto.members.map(withoutChurchData) };
}
