import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SepaCheckDto, ValidationError } from '@coop/contracts';
import { attachment } from '../../platform/http/attachment.js';
import { AnswersOk } from '../../platform/http/openapi.js';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { painXml } from '../sepa/pain001.js';
import { SepaPayouts, type SepaCheck } from '../sepa/sepa-payouts.js';

/**
 * The SEPA payment file of a closed dividend (issue 25; SPEC.md 7 `dividend/sepa/{id}`; DOMAIN.md 7): the check the
 * console shows (transfers, control sum and what refuses the file) and the file itself. Both need `dividend:read`.
 */
@ApiTags('dividend')
@ApiBearerAuth()
@Controller('dividend/sepa')
export class SepaController {
  constructor(private readonly payouts: SepaPayouts) {}

  @Get(':id/check')
  @Requires('dividend:read')
  @AnswersOk(SepaCheckDto)
  check(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<SepaCheck> {
    return this.payouts.check(actor.cooperativeId, id, new Date());
  }

  /** `Dividende-<year>-SEPA-<cooperative>.xml`: pain.001.001.09; 400 with every refusal (the cooperative's bank data, members without a valid IBAN). */
  @Get(':id')
  @Requires('dividend:read')
  @ApiOkResponse({
    description: 'Dividende-<year>-SEPA-<cooperative>.xml (pain.001.001.09, Content-Disposition: attachment)',
    content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } },
  })
  async file(@CurrentActor() actor: Actor, @Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    const result = await this.payouts.file(actor.cooperativeId, id, new Date());
    if ('errors' in result) throw new ValidationError(result.errors);
    await res
      .status(200)
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', attachment(result.name))
      .header('Cache-Control', 'no-store')
      .send(painXml(result.file));
  }
}
