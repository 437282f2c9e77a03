import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { PaymentTermsDto, PaymentTermsWrite } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { SetPaymentTermsCommand } from '../commands/payment-terms.commands.js';
import { paymentTermsTag } from '../payment-terms-tag.js';
import { PaymentTermsQuery, type PaymentTerms } from '../queries/payment-terms.query.js';

/** The terms as answered, with their tag (sent back with a change, a change made meanwhile is refused, not overwritten). */
const dto = (terms: PaymentTerms): PaymentTermsDto => ({
  ...terms,
  instalments: { ...terms.instalments },
  masterTag: paymentTermsTag(terms),
});

/** The cooperative's payment terms on shares (issue 45; § 7 Nr. 1, § 19 (1) GenG): a setting of the administrators. */
@ApiTags('share-payments')
@ApiBearerAuth()
@Controller('cooperative/payment-terms')
export class PaymentTermsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly terms: PaymentTermsQuery,
  ) {}

  @Get()
  @Requires('sharepayments:read')
  @AnswersOk(PaymentTermsDto)
  async get(@CurrentActor() actor: Actor): Promise<PaymentTermsDto> {
    return dto(await this.terms.terms(actor.cooperativeId));
  }

  @Put()
  @Requires('paymentterms:write')
  @BodyOf(PaymentTermsWrite)
  @AnswersOk(PaymentTermsDto)
  async set(@CurrentActor() actor: Actor, @Body() body: PaymentTermsWrite): Promise<PaymentTermsDto> {
    const i = body.instalments;
    const terms: PaymentTerms = {
      instalments: {
        allowed: i.allowed,
        maxCount: i.maxCount,
        rhythmMonths: i.rhythmMonths,
        minFirstPerShare: i.minFirstPerShare,
      },
      reminderAfterDays: body.reminderAfterDays,
      creditDividendUntilPaid: body.creditDividendUntilPaid,
      creditorId: body.creditorId,
    };
    await this.commands.execute(new SetPaymentTermsCommand(contextFor(actor), terms, body.masterTag ?? null));
    return dto(await this.terms.terms(actor.cooperativeId));
  }
}
