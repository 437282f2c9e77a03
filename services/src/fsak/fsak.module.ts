import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/index.js';
import { FsakTaskHandler } from './fsak.handler.js';
import { FsakReports } from './fsak-report.js';
import { FsakController } from './http/fsak.controller.js';
import { FsakSource } from './queries/fsak-source.js';

/**
 * The FSA control report (FSAK, issue 24; DOMAIN.md 4): its confirmation and start routes, and its task handler,
 * declared `@TaskHandlerProvider()` (the task registry finds it when the module starts). Reads the closures, members, orders and
 * settings through the read models; writes nothing but what its task's outcome holds.
 */
@Module({
  imports: [TasksModule],
  controllers: [FsakController],
  providers: [FsakSource, FsakReports, FsakTaskHandler],
})
export class FsakModule {}
