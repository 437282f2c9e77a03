import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PermissionError, TASK_KINDS, TaskDto } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import type { Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { attachment } from '../../platform/http/attachment.js';
import { AnswersList, AnswersOk } from '../../platform/http/openapi.js';
import { TaskReads, toTaskDto } from '../queries/task-reads.js';
import { TaskHandlerRegistry } from '../task-handler-registry.js';

/**
 * Background tasks (issue 24; SPEC.md 4): a cooperative's tasks with their state and progress, and their files.
 * Queuing is the business areas' (`POST /tasks/kistam`, `POST /tasks/fsak/{id}`).
 */
@ApiTags('tasks')
@ApiBearerAuth()
@Controller('tasks')
export class TasksController {
  constructor(
    private readonly reads: TaskReads,
    private readonly handlers: TaskHandlerRegistry,
  ) {}

  @Get()
  @Requires('tasks:read')
  @ApiQuery({ name: 'filter', required: false, description: 'kind:kistam, state:running;queued, …' })
  @AnswersList(TaskDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<TaskDto[] | undefined> {
    return sendList(res, await this.reads.list(actor.cooperativeId, params), toTaskDto);
  }

  @Get(':id')
  @Requires('tasks:read')
  @AnswersOk(TaskDto)
  task(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaskDto> {
    return this.reads.task(actor.cooperativeId, id);
  }

  /**
   * A task's file as a download. Each kind of task declares what its files need besides `tasks:read` (its handler's
   * `filePermissions`: the permission of the work that made them, and `church:read` for files holding church data), so
   * a file is never open to a role the work itself is closed to (issue 38). A kind no handler declares is refused.
   */
  @Get(':id/files/:fileId')
  @Requires('tasks:read')
  @ApiOkResponse({
    description: 'the file (Content-Disposition: attachment)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  async file(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const task = await this.reads.task(actor.cooperativeId, id);
    const kind = TASK_KINDS.find((k) => k === task.kind);
    const needed = kind === undefined ? null : this.handlers.filePermissionsOf(kind);
    if (needed === null || !needed.every((p) => allows(actor.roles, p)))
      throw new PermissionError('Your roles do not allow this action.');
    const { file, bytes } = await this.reads.file(task, fileId);
    await res
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', attachment(file.name))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
