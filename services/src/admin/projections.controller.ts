import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RebuildAnswer } from '@coop/contracts';
import { ProjectionRunner } from '@coop/projections';
import { Requires } from '../auth/decorators.js';
import { ConflictError } from '../platform/commands/errors.js';
import { AnswersOk } from '../platform/http/openapi.js';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';

@ApiTags('administration')
@ApiBearerAuth()
@Controller('admin/projections')
export class ProjectionsController {
  constructor(private readonly runner: ProjectionRunner, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Rebuilds every read model from the whole event log; on SQLite beside the current ones, which answer meanwhile, and
   * switched to when caught up (decision 171). Answers when the switch is done.
   */
  @Post('rebuild')
  @Requires('projections:rebuild')
  @HttpCode(200)
  @AnswersOk(RebuildAnswer)
  async rebuild(): Promise<RebuildAnswer> {
    if (!this.config.runProjections) {
      throw new ConflictError('Projections run in a separate worker here: stop it and run `npm run projections:rebuild`.', 'rebuildInWorker');
    }
    return this.runner.rebuild();
  }
}
