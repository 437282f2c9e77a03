import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MarkSeenRequest, NotificationDto } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { MarkNotificationsSeenCommand, NotificationsNotFoundError } from '../commands/mark-seen.command.js';
import { NotificationReads, notificationsNotFound } from '../queries/notification-reads.js';

/**
 * The notification centre (issue 24; SPEC.md 2, 3, 7): the cooperative's notifications, newest first (the console asks
 * `filter=seen:0` for the unread ones, whose count is `TotalItems`), one of them, and marking them seen.
 */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: NotificationReads,
  ) {}

  @Get()
  @Requires('notifications:read')
  @AnswersList(NotificationDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<NotificationDto[] | undefined> {
    return sendList(res, await this.reads.list(actor.cooperativeId, params), (dto) => dto);
  }

  @Post('mark-seen')
  @Requires('notifications:write')
  @HttpCode(200)
  @BodyOf(MarkSeenRequest)
  @AnswersOk(NotificationDto, true)
  async markSeen(@CurrentActor() actor: Actor, @Body() body: MarkSeenRequest): Promise<NotificationDto[]> {
    try {
      await this.commands.execute(new MarkNotificationsSeenCommand(contextFor(actor), body.ids));
    } catch (error) {
      throw error instanceof NotificationsNotFoundError ? notificationsNotFound(error.ids) : error;
    }
    return this.reads.many(actor.cooperativeId, body.ids);
  }

  @Get(':id')
  @Requires('notifications:read')
  @AnswersOk(NotificationDto)
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<NotificationDto> {
    return this.reads.get(actor.cooperativeId, id);
  }
}
