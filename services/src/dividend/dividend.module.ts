import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CloseYearHandler } from './commands/close-year.command.js';
import { ClosureAsTask } from './commands/closure-as-task.js';
import { ClosureProcess } from './commands/closure-process.js';
import { ClosureCredits } from './commands/closure-credits.js';
import { ClosureResumer } from './commands/closure-resumer.js';
import { ClosureTask } from './commands/closure-task.js';
import { TasksModule } from '../tasks/index.js';
import { SharePaymentsModule } from '../share-payments/index.js';
import { DividendController } from './http/dividend.controller.js';
import { DividendCalculation } from './queries/dividend-calculation.js';
import { DividendReads } from './queries/dividend-reads.js';
import { OwedDues } from './queries/owed-dues.js';

/** The annual dividend (issue 23): calculation, the year's closure, the closures. */
@Module({
  imports: [CqrsModule, TasksModule, SharePaymentsModule],
  controllers: [DividendController],
  providers: [
    DividendCalculation,
    DividendReads,
    CloseYearHandler,
    ClosureAsTask,
    ClosureCredits,
    ClosureProcess,
    ClosureResumer,
    ClosureTask,
    OwedDues,
  ],
  exports: [DividendReads],
})
export class DividendModule {}
