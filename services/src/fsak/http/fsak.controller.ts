import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { fieldError, FsakPreviewDto, TaskDto, ValidationError, type ValidationTemplate } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { AnswersCreated, AnswersOk } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { TASK_QUEUE, taskDocuments, toTaskDto, type TaskQueue } from '../../tasks/index.js';
import { FsakReports } from '../fsak-report.js';

/**
 * The FSA control report of a closed dividend (issue 24; SPEC.md 2 "Tax-office request confirmation", 4, 7): what the
 * report will hold and whom it cannot include, then queuing it. Both need `dividend:close`, the roles that run the
 * dividend (SPEC.md 6: ROLE_USER).
 */
@ApiTags('tasks')
@ApiBearerAuth()
@Controller('tasks/fsak')
export class FsakController {
  constructor(
    private readonly reports: FsakReports,
    private readonly reads: ReadModels,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
  ) {}

  @Get(':id')
  @Requires('dividend:close')
  @AnswersOk(FsakPreviewDto)
  preview(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<FsakPreviewDto> {
    return this.reports.preview(actor.cooperativeId, id);
  }

  @Post(':id')
  @Requires('dividend:close')
  @HttpCode(201)
  @AnswersCreated(TaskDto)
  async start(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<TaskDto> {
    const closure = await this.reports.closure(actor.cooperativeId, id);
    // Refused here, with 400 and nothing queued (issue 43: never a "queued" answer for a start that must fail).
    const refusal = await this.reports.startRefusal(actor.cooperativeId, closure);
    if (refusal !== null)
      throw new ValidationError([fieldError(null, refusal.template as ValidationTemplate, ...refusal.parameters)]);
    const taskId = await this.queue.enqueue({
      cooperativeId: actor.cooperativeId,
      user: actor.username,
      kind: 'fsak',
      params: { dividendId: id, year: closure.paymentYear },
    });
    return toTaskDto(await taskDocuments.get(this.reads, actor.cooperativeId, taskId));
  }
}
