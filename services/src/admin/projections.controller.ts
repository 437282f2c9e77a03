import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RebuildAnswer, TaskDto } from '@coop/contracts';
import { ProjectionRunner } from '@coop/projections';
import { CurrentActor, Requires } from '../auth/decorators.js';
import type { Actor } from '../platform/commands/command-context.js';
import { ConflictError } from '../platform/commands/errors.js';
import { AnswersCreated, AnswersOk } from '../platform/http/openapi.js';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import { TASK_QUEUE, TaskReads, type TaskQueue } from '../tasks/index.js';

@ApiTags('administration')
@ApiBearerAuth()
@Controller('admin/projections')
export class ProjectionsController {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    private readonly tasks: TaskReads,
  ) {}

  /**
   * Rebuilds every read model from the whole event log; on SQLite beside the current ones, which answer meanwhile, and
   * switched to when caught up (decision 171). Answers when the switch is done.
   */
  @Post('rebuild')
  @Requires('projections:rebuild')
  @HttpCode(200)
  @AnswersOk(RebuildAnswer)
  async rebuild(): Promise<RebuildAnswer> {
    this.refuseInWorker();
    return this.runner.rebuild();
  }

  /**
   * Queues the same rebuild as a background task (decision 201): answers 201 with the task at once; `GET /tasks/{id}`
   * shows its progress (events replayed of the log's length, and its phase) until it ends. One at a time per
   * cooperative (`taskAlreadyRunning`, 409); tasks of several cooperatives join the one rebuild under way.
   */
  @Post('rebuilds')
  @Requires('projections:rebuild')
  @HttpCode(201)
  @AnswersCreated(TaskDto)
  async queueRebuild(@CurrentActor() actor: Actor): Promise<TaskDto> {
    this.refuseInWorker();
    const taskId = await this.queue.enqueue({
      cooperativeId: actor.cooperativeId,
      user: actor.username,
      kind: 'readModelRebuild',
      params: {},
    });
    return this.tasks.task(actor.cooperativeId, taskId);
  }

  /** The projections of this installation run in the worker: a rebuild is the worker's, or `npm run projections:rebuild`. */
  private refuseInWorker(): void {
    if (!this.config.runProjections) {
      throw new ConflictError(
        'Projections run in a separate worker here: stop it and run `npm run projections:rebuild`.',
        'rebuildInWorker',
      );
    }
  }
}
