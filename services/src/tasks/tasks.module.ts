import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { FileStore } from '@coop/contracts';
import type { AppConfig } from '../platform/config/config.js';
import { FILE_STORE, openFileStore } from '../platform/file-store/open-file-store.js';
import { APP_CONFIG } from '../platform/tokens.js';
import { TaskWakeUp } from './commands/task-context.js';
import { TaskQueueService } from './commands/task-queue.service.js';
import { TasksController } from './http/tasks.controller.js';
import { TaskReads } from './queries/task-reads.js';
import { TaskRunner } from './runner/task-runner.js';
import { TaskHandlerRegistry } from './task-handler-registry.js';
import { TASK_QUEUE } from './task-port.js';

/**
 * Background tasks (issue 24): the queue (`TASK_QUEUE`), the handlers' registry (`TaskHandlerRegistry`), the runner, the
 * file store of their files (`FILE_STORE`) and `GET /tasks`. Areas with a kind of task import this module, declare
 * their handler `@TaskHandlerProvider()` (the registry discovers it) and queue with `TASK_QUEUE`. The runner starts on bootstrap where `TASKS_RUN_IN=api`.
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [TasksController],
  providers: [
    { provide: FILE_STORE, useFactory: (config: AppConfig) => openFileStore(config), inject: [APP_CONFIG] },
    TaskWakeUp,
    TaskHandlerRegistry,
    TaskQueueService,
    { provide: TASK_QUEUE, useExisting: TaskQueueService },
    TaskRunner,
    TaskReads,
  ],
  exports: [TASK_QUEUE, TaskHandlerRegistry, TaskRunner, TaskReads, FILE_STORE],
})
export class TasksModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORE) private readonly files: FileStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.files.close();
  }
}
