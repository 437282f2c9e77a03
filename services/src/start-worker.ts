import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import type { Areas } from './platform/areas.js';
import type { AppConfig } from './platform/config/config.js';
import { openStorage, type Storage, type StorageOptions } from './platform/storage.js';
import { TaskRunner } from './tasks/index.js';

export interface RunningWorker {
  readonly storage: Storage;
  /** The Nest application context running the tasks (undefined unless `TASKS_RUN_IN=worker`). */
  readonly tasks: INestApplicationContext | undefined;
  readonly projects: boolean;
  close(): Promise<void>;
}

/**
 * The worker (`npm run start:worker`, `worker.ts`): the projections, unless the API runs them and leaves only the tasks
 * here (`RUN_PROJECTIONS` true with `TASKS_RUN_IN=worker`); and the background tasks where `TASKS_RUN_IN=worker`, in a
 * Nest application context of the same modules as the API (the areas register their task handlers there), no HTTP.
 */
export async function startWorker(
  config: AppConfig,
  areas: Areas,
  options: { runtime?: StorageOptions['runtime']; logger?: boolean } = {},
): Promise<RunningWorker> {
  const tasksHere = config.tasksRunIn === 'worker';
  const projects = !config.runProjections || !tasksHere;
  // This process answers no queries: no read threads.
  const storage = await openStorage(config, areas, {
    readThreads: false,
    ...(options.runtime ? { runtime: options.runtime } : {}),
  });
  if (projects) await storage.runner.start();
  // The tasks' writes wait for the read models: by this process's runner where it projects, else by the stored checkpoint.
  const tasks = tasksHere
    ? await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, runProjections: projects }, storage), {
        logger: options.logger === false ? false : ['error', 'warn'],
      })
    : undefined;
  tasks?.get(TaskRunner).start();
  return {
    storage,
    tasks,
    projects,
    close: async () => {
      await tasks?.close();
      await storage.close();
    },
  };
}
