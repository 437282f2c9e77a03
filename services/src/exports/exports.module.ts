import { Module } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config.js';
import { APP_CONFIG } from '../platform/tokens.js';
import { TasksModule } from '../tasks/index.js';
import { ExportsController } from './http/exports.controller.js';
import { MemberExport } from './member-export.js';
import { MemberExportTaskHandler } from './member-export.handler.js';
import { MemberFileRenderer, memberExportBudgets } from './render-thread/member-file-renderer.js';

/**
 * The member list exports (issue 26; docs/exports.md): CSV, XLSX and ODS as of a date, large ones in the background
 * task `memberExport`. Reads the members through the members area's entry; writes nothing.
 */
@Module({
  imports: [TasksModule],
  controllers: [ExportsController],
  providers: [
    MemberExport,
    MemberExportTaskHandler,
    {
      provide: MemberFileRenderer,
      useFactory: (config: AppConfig) =>
        new MemberFileRenderer(undefined, undefined, memberExportBudgets(config.exportBudgetSeconds)),
      inject: [APP_CONFIG],
    },
  ],
})
export class ExportsModule {}
