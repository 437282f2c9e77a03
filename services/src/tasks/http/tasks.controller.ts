import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PermissionError, TaskDto } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import type { Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { attachment } from '../../platform/http/attachment.js';
import { AnswersList, AnswersOk } from '../../platform/http/openapi.js';
import { TaskReads, toTaskDto } from '../queries/task-reads.js';

/**
 * Background tasks (issue 24; SPEC.md 4): a cooperative's tasks with their state and progress, and their files.
 * Queuing is the business areas' (`POST /tasks/kistam`, `POST /tasks/fsak/{id}`).
 */
@ApiTags('tasks')
@ApiBearerAuth()
@Controller('tasks')
export class TasksController {
  constructor(private readonly reads: TaskReads) {}

  @Get()
  @Requires('tasks:read')
  @ApiQuery({ name: 'filter', required: false, description: 'kind:kistam, state:running;queued, …' })
  @AnswersList(TaskDto)
  async list(@CurrentActor() actor: Actor, @Query() params: ListParams, @Res({ passthrough: true }) res: FastifyReply): Promise<TaskDto[] | undefined> {
    return sendList(res, await this.reads.list(actor.cooperativeId, params), toTaskDto);
  }

  @Get(':id')
  @Requires('tasks:read')
  @AnswersOk(TaskDto)
  task(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaskDto> {
    return this.reads.task(actor.cooperativeId, id);
  }

  /**
   * A task's file as a download. A KiStAM task's files hold church data and tax ids, tax certificates name each
   * member's religious community: they need `church:read` too.
   */
  @Get(':id/files/:fileId')
  @Requires('tasks:read')
  @ApiOkResponse({ description: 'the file (Content-Disposition: attachment)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  async file(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('fileId') fileId: string, @Res() res: FastifyReply): Promise<void> {
    const task = await this.reads.task(actor.cooperativeId, id);
    if ((task.kind === 'kistam' || task.kind === 'taxCertificates') && !allows(actor.roles, 'church:read')) throw new PermissionError('Your roles do not allow this action.');
    // An import's files hold the uploaded register's personal data (issue 29): administrators only, as the import itself.
    if ((task.kind === 'memberImportDryRun' || task.kind === 'memberImport') && !allows(actor.roles, 'import:write')) throw new PermissionError('Your roles do not allow this action.');
    const { file, bytes } = await this.reads.file(task, fileId);
    await res
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', attachment(file.name))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
}
