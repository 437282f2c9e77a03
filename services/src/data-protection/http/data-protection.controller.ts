import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  businessToday,
  CleanMemberResult,
  DataProtectionListItem,
  RetentionHoldDto,
  RetentionHoldRequest,
} from '@coop/contracts';
import { memberDocuments } from '../../members/index.js';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { ChangeRetentionHoldCommand, CleanMembersCommand } from '../commands/data-protection.commands.js';
import { DueMembers } from '../queries/due-members.js';

/** The data-protection clean-up of the administration page (SPEC.md 2, 3, 4, 7; issue 27). */
@ApiTags('dsgvo')
@ApiBearerAuth()
@Controller('dsgvo')
export class DataProtectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly due: DueMembers,
  ) {}

  /** The members due for erasure today: member number, name, given name, exit date (by member number). */
  @Get('clean-member')
  @Requires('dataprotection:clean')
  @AnswersOk(DataProtectionListItem, true)
  async list(@CurrentActor() actor: Actor): Promise<DataProtectionListItem[]> {
    const years = await this.due.retentionYears(actor.cooperativeId);
    const due = await this.due.due(actor.cooperativeId, businessToday(), years);
    return due.map(({ doc, exitDate, dueFrom }) => ({
      id: doc.id,
      memberNr: doc.memberNr,
      name: doc.name,
      givenName: doc.givenName,
      exitDate,
      dueFrom,
    }));
  }

  /** Erases every member due now; answers the members erased (their names are gone: null). Nobody due: count 0. */
  @Post('clean-member')
  @HttpCode(200)
  @Requires('dataprotection:clean')
  @AnswersOk(CleanMemberResult)
  async clean(@CurrentActor() actor: Actor): Promise<CleanMemberResult> {
    const run = await this.commands.execute(new CleanMembersCommand(contextFor(actor)));
    const members = (run?.members ?? []).map((m) => ({
      id: m.memberId,
      memberNr: m.memberNr,
      name: null,
      givenName: null,
      exitDate: m.exitDate,
      dueFrom: m.dueFrom,
    }));
    return { erasureId: run?.erasureId ?? null, count: members.length, members };
  }
}

/** The hold flag on a member (issue 27): a held member is never due. */
@ApiTags('members')
@ApiBearerAuth()
@Controller('members')
export class RetentionHoldController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
  ) {}

  @Put(':id/retention-hold')
  @Requires('members:write')
  @BodyOf(RetentionHoldRequest)
  @AnswersOk(RetentionHoldDto)
  async change(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: RetentionHoldRequest,
  ): Promise<RetentionHoldDto> {
    await this.commands.execute(new ChangeRetentionHoldCommand(contextFor(actor), id, body.held, body.reason));
    const doc = await memberDocuments.get(this.reads, actor.cooperativeId, id);
    const held = doc.retentionHold;
    return {
      memberId: id,
      held,
      reason: held ? doc.retentionHoldReason : null,
      since: held ? doc.retentionHoldSince : null,
    };
  }
}
