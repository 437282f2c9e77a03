import { Module } from '@nestjs/common';
import { ShareLedgerModule } from '../share-ledger/index.js';
import { TasksModule } from '../tasks/index.js';
import { AbandonImport } from './commands/abandon-import.js';
import { ImportDryRunTask, ImportWriteTask } from './commands/import-tasks.js';
import { ImportUploads } from './commands/import-uploads.js';
import { RunImport } from './commands/run-import.js';
import { MemberImportController } from './http/member-import.controller.js';
import { RegisterWorkbookController } from './http/register-workbook.controller.js';
import { ImportHistory } from './queries/import-history.js';

/**
 * The import of an existing member register (issue 29; docs/import.md): the routes, the write side (`RunImport`, also
 * the command line's) and the tasks `memberImportDryRun` and `memberImport` for large files.
 */
import { ImportGate } from './http/import-gate.js';
@Module({
  imports: [TasksModule, ShareLedgerModule],
  controllers: [MemberImportController, RegisterWorkbookController],
  providers: [AbandonImport, RunImport, ImportHistory, ImportUploads, ImportDryRunTask, ImportWriteTask, ImportGate],
  exports: [RunImport, ImportHistory],
})
export class MemberImportModule {}
