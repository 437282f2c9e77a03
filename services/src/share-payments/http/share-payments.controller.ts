import { Body, Controller, Get, Headers, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  InstalmentPlanWrite,
  NotFoundError,
  SharePaymentRecordedDto,
  SharePaymentWrite,
  ShareDueDto,
  TEXT_MAX,
  type SharePaymentMethod,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { idempotencyKeyOf } from '../../platform/commands/idempotency.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { AnswersCreated, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { RecordSharePaymentCommand, SetInstalmentPlanCommand } from '../commands/share-payment.commands.js';
import { ShareDueReads, toShareDueDto } from '../queries/share-due-reads.js';
import { anyShareDue } from '../queries/share-dues.js';

/** An id of a path longer than any id the product makes names nothing: 404 before any work. */
function knownId(entity: string, id: string): string {
  if (id.length > TEXT_MAX.id) throw new NotFoundError(entity, id.slice(0, TEXT_MAX.id));
  return id;
}

/**
 * The payments on subscribed shares (issue 45; docs/share-payments.md): a member's payments and instalment plans
 * (`sharepayments:write`: the clerks), and what is outstanding (`sharepayments:read`: every role that reads members).
 * A member of another cooperative answers 404, as one that does not exist.
 */
@ApiTags('share-payments')
@ApiBearerAuth()
@Controller()
export class SharePaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly dues: ShareDueReads,
    private readonly reads: ReadModels,
  ) {}

  /** Every subscription with something outstanding, oldest due first; header `TotalOutstanding`: the sum over the whole filter (cents). */
  @Get('share-dues')
  @Requires('sharepayments:read')
  @ApiOkResponse({
    schema: { type: 'array', items: { $ref: '#/components/schemas/ShareDueDto' } },
    headers: {
      TotalItems: { description: 'count of all matches', schema: { type: 'integer' } },
      TotalOutstanding: { description: 'the sum outstanding over all matches, cents', schema: { type: 'integer' } },
    },
  })
  @ApiResponse({ status: 204, description: 'nothing matches' })
  async outstanding(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ShareDueDto[] | undefined> {
    const { items, total, sum } = await this.dues.outstanding(actor.cooperativeId, params);
    res.header('TotalItems', String(total));
    res.header('TotalOutstanding', String(sum));
    if (items.length === 0) {
      res.status(204);
      return undefined;
    }
    return items.map(toShareDueDto);
  }

  /** Every subscription of the member, also those paid, oldest first. */
  @Get('members/:id/share-dues')
  @Requires('sharepayments:read')
  @AnswersOk(ShareDueDto, true)
  async ofMember(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ShareDueDto[]> {
    return (await this.dues.ofMember(actor.cooperativeId, knownId('Member', id))).map(toShareDueDto);
  }

  /** A payment on the member's subscriptions; answers the payment ids recorded. */
  @Post('members/:id/share-payments')
  @Requires('sharepayments:write')
  @BodyOf(SharePaymentWrite)
  @AnswersCreated(SharePaymentRecordedDto)
  async record(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: SharePaymentWrite,
    @Headers('idempotency-key') key: unknown,
  ): Promise<SharePaymentRecordedDto> {
    const input = {
      balanceId: body.balanceId,
      date: body.date,
      amount: body.amount,
      method: body.method as SharePaymentMethod,
      reference: body.reference,
    };
    const paymentIds = await this.commands.execute(
      new RecordSharePaymentCommand(contextFor(actor), knownId('Member', id), input, idempotencyKeyOf(key)),
    );
    return { paymentIds };
  }

  /** The instalment plan of the member's subscription `balanceId`; answers the subscription's due. */
  @Put('members/:id/postings/:balanceId/instalments')
  @Requires('sharepayments:write')
  @BodyOf(InstalmentPlanWrite)
  @AnswersOk(ShareDueDto)
  async plan(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('balanceId') balanceId: string,
    @Body() body: InstalmentPlanWrite,
  ): Promise<ShareDueDto> {
    const instalments = body.instalments.map((i) => ({ dueDate: i.dueDate, amount: i.amount }));
    await this.commands.execute(
      new SetInstalmentPlanCommand(
        contextFor(actor),
        knownId('Member', id),
        knownId('Posting', balanceId),
        instalments,
      ),
    );
    return toShareDueDto(await anyShareDue.get(this.reads, actor.cooperativeId, balanceId));
  }
}
