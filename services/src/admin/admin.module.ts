import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/index.js';
import { ProjectionsController } from './projections.controller.js';
import { RebuildTaskHandler } from './rebuild-task.handler.js';

/** The projection rebuild: at once (`POST /admin/projections/rebuild`) or as a background task with progress (`.../rebuilds`). */
@Module({ imports: [TasksModule], controllers: [ProjectionsController], providers: [RebuildTaskHandler] })
export class AdminModule {}
