import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ChurchTaxWrite, MemberChurchTaxDto, type ChurchQueryKind } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { RecordChurchDataCommand } from '../commands/record-church-data.command.js';
import { ChurchTaxReads } from '../queries/church-tax-reads.js';

/**
 * A member's church data (issue 24; DOMAIN.md 3.3, 10): read, or typed in from a paper answer. Special-category data:
 * `church:read` / `church:write` only (docs/security.md "Church data"). The member history shows each change with who
 * and when (`GET /members/{id}/history`, `ChurchDataRecorded`).
 */
@ApiTags('church-tax')
@ApiBearerAuth()
@Controller('members')
export class ChurchTaxController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ChurchTaxReads,
  ) {}

  @Get(':id/church-tax')
  @Requires('church:read')
  @AnswersOk(MemberChurchTaxDto)
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MemberChurchTaxDto> {
    return this.reads.memberChurchTax(actor.cooperativeId, id);
  }

  @Put(':id/church-tax')
  @Requires('church:write')
  @BodyOf(ChurchTaxWrite)
  @AnswersOk(MemberChurchTaxDto)
  async put(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ChurchTaxWrite,
  ): Promise<MemberChurchTaxDto> {
    const input = {
      churchId: body.churchId,
      churchTaxRate: body.churchTaxRate,
      queriedOn: body.queriedOn,
      queryKind: body.queryKind as ChurchQueryKind,
    };
    await this.commands.execute(new RecordChurchDataCommand(contextFor(actor), id, input, body.masterTag ?? null));
    return this.reads.memberChurchTax(actor.cooperativeId, id);
  }
}
