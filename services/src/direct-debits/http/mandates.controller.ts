import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  DirectDebitPaymentDto,
  MandateDto,
  MandateRevocation,
  MandateWrite,
  NotFoundError,
  PaymentReturnWrite,
  TEXT_MAX,
  type MandateKind,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { AnswersCreated, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { GrantMandateCommand, ReturnPaymentCommand, RevokeMandateCommand } from '../commands/mandate.commands.js';
import { DirectDebitReads } from '../queries/direct-debit-reads.js';

/** An id in the path longer than any id the product makes is unknown (404) before any read. */
function checkId(id: string, entity: string): void {
  if (id.length > TEXT_MAX.id) throw new NotFoundError(entity, id.slice(0, TEXT_MAX.id));
}

/**
 * A member's SEPA direct-debit mandates and returned debits (issue 45, DEBIT; docs/direct-debits.md): reading for every
 * role that reads members, writing for those that write them. Another cooperative's member is unknown (404).
 */
@ApiTags('direct-debits')
@ApiBearerAuth()
@Controller('members/:id')
export class MandatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: DirectDebitReads,
  ) {}

  @Get('mandates')
  @Requires('directdebits:read')
  @AnswersOk(MandateDto, true)
  async list(@CurrentActor() actor: Actor, @Param('id') memberId: string): Promise<MandateDto[]> {
    checkId(memberId, 'Member');
    await this.reads.member(actor.cooperativeId, memberId);
    return this.reads.mandatesOfMember(actor.cooperativeId, memberId);
  }

  @Post('mandates')
  @Requires('directdebits:write')
  @HttpCode(201)
  @BodyOf(MandateWrite)
  @AnswersCreated(MandateDto)
  async grant(
    @CurrentActor() actor: Actor,
    @Param('id') memberId: string,
    @Body() body: MandateWrite,
  ): Promise<MandateDto> {
    checkId(memberId, 'Member');
    const mandateId = await this.commands.execute(
      new GrantMandateCommand(
        contextFor(actor),
        memberId,
        body.reference,
        body.signedOn,
        body.kind as MandateKind,
        new Date(),
      ),
    );
    return this.reads.mandate(actor.cooperativeId, mandateId);
  }

  @Post('mandates/:mandateId/revoke')
  @Requires('directdebits:write')
  @HttpCode(200)
  @BodyOf(MandateRevocation)
  @AnswersOk(MandateDto)
  async revoke(
    @CurrentActor() actor: Actor,
    @Param('id') memberId: string,
    @Param('mandateId') mandateId: string,
    @Body() body: MandateRevocation,
  ): Promise<MandateDto> {
    checkId(memberId, 'Member');
    checkId(mandateId, 'Mandate');
    await this.commands.execute(new RevokeMandateCommand(contextFor(actor), memberId, mandateId, body.date));
    return this.reads.mandate(actor.cooperativeId, mandateId);
  }

  @Get('direct-debit-payments')
  @Requires('directdebits:read')
  @AnswersOk(DirectDebitPaymentDto, true)
  async payments(@CurrentActor() actor: Actor, @Param('id') memberId: string): Promise<DirectDebitPaymentDto[]> {
    checkId(memberId, 'Member');
    await this.reads.member(actor.cooperativeId, memberId);
    return this.reads.paymentsOfMember(actor.cooperativeId, memberId);
  }

  /** The debit came back (Rücklastschrift): recorded on the member, the amount is due again. */
  @Post('share-payments/:paymentId/return')
  @Requires('directdebits:write')
  @HttpCode(200)
  @BodyOf(PaymentReturnWrite)
  @AnswersOk(DirectDebitPaymentDto)
  async returnPayment(
    @CurrentActor() actor: Actor,
    @Param('id') memberId: string,
    @Param('paymentId') paymentId: string,
    @Body() body: PaymentReturnWrite,
  ): Promise<DirectDebitPaymentDto> {
    checkId(memberId, 'Member');
    checkId(paymentId, 'Payment');
    await this.commands.execute(
      new ReturnPaymentCommand(contextFor(actor), memberId, paymentId, body.date, body.reason, new Date()),
    );
    return this.reads.payment(actor.cooperativeId, paymentId);
  }
}
