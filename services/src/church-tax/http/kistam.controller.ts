import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { fieldError, NotFoundError, TaskDto, ValidationError } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Permission } from '../../auth/policy.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { ConflictingStateError } from '../../platform/commands/errors.js';
import { AnswersCreated } from '../../platform/http/openapi.js';
import { TASK_QUEUE, type TaskQueue } from '../../tasks/index.js';
import { answerHead, decodeText, NotAnAnswerFile } from '../domain/kistam-files.js';
import { ChurchTaxReads } from '../queries/church-tax-reads.js';

/** The name the uploaded answer is kept under among the task's files. */
export const ANSWER_FILE_NAME = 'kistam-answer.csv';

/**
 * The KiStAM query (issue 24; DOMAIN.md 3; docs/kistam.md): queue it (`POST /tasks/kistam`, no body), then hand it the
 * BZSt answer file (`POST /tasks/kistam/{id}/answer`, the file as a raw `text/csv` body). The work runs in the task
 * (kistam/kistam.handler.ts), the answer's lines read there too; the task and its files are read at `GET /tasks/...`
 * (tasks area).
 */
/**
 * The answer's upload: its route (below the API's prefix) and who may send it. One source for the decorators below and
 * for create-app.ts, which reads a raw CSV body for this route alone, and only once the session may send it (decision
 * 303).
 */
export const KISTAM_ANSWER_UPLOAD: {
  readonly controller: string;
  readonly path: string;
  readonly permission: Permission;
} = { controller: 'tasks/kistam', path: ':id/answer', permission: 'church:write' };

@ApiTags('tasks')
@ApiBearerAuth()
@Controller(KISTAM_ANSWER_UPLOAD.controller)
export class KistamController {
  constructor(
    private readonly reads: ChurchTaxReads,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
  ) {}

  @Post()
  @Requires('church:write')
  @HttpCode(201)
  @AnswersCreated(TaskDto)
  async start(@CurrentActor() actor: Actor): Promise<TaskDto> {
    if (!(await this.reads.hasElmaNumber(actor.cooperativeId, 'km')))
      throw new ValidationError([fieldError(null, 'missingElmaNoKm')]);
    const id = await this.queue.enqueue({
      cooperativeId: actor.cooperativeId,
      user: actor.username,
      kind: 'kistam',
      params: {},
    });
    return this.reads.task(actor.cooperativeId, id);
  }

  @Post(KISTAM_ANSWER_UPLOAD.path)
  @Requires(KISTAM_ANSWER_UPLOAD.permission)
  @HttpCode(201)
  @ApiConsumes('text/csv')
  @ApiBody({
    description: 'The BZSt answer file (CSV mailbox message of the BZSt online portal) as the raw body',
    schema: { type: 'string', format: 'binary' },
  })
  @AnswersCreated(TaskDto)
  async answer(@CurrentActor() actor: Actor, @Param('id') id: string, @Req() req: FastifyRequest): Promise<TaskDto> {
    const task = await this.reads.task(actor.cooperativeId, id);
    if (task.kind !== 'kistam') throw new NotFoundError('Task', id);
    // A task not waiting takes no answer (409, as provideInput, which decides on the task's own stream, would answer):
    // refused before the file is looked at. A security probe (F3) sent 10 MiB answers to a task long completed.
    if (task.state !== 'waiting') throw new ConflictingStateError([fieldError(null, 'taskNotAwaitingInput')]);
    const bytes =
      req.body instanceof Uint8Array
        ? req.body
        : typeof req.body === 'string'
          ? new TextEncoder().encode(req.body)
          : null;
    if (bytes === null || bytes.length === 0) throw new ValidationError([fieldError('file', 'kistamAnswerEmpty')]);
    // Only the checks of the whole file (its lines counted, record 1): the task reads the lines, a slice at a time, and
    // tells their problems. 10 MiB read here held the API's thread about a second (decision 294).
    try {
      answerHead(decodeText(bytes));
    } catch (error) {
      if (error instanceof NotAnAnswerFile)
        throw new ValidationError([fieldError('file', error.template, ...error.parameters)]);
      throw error;
    }
    const file = { name: ANSWER_FILE_NAME, contentType: 'text/csv', bytes: new Uint8Array(bytes) };
    await this.queue.provideInput({ cooperativeId: actor.cooperativeId, user: actor.username, taskId: id, file });
    return this.reads.task(actor.cooperativeId, id);
  }
}
