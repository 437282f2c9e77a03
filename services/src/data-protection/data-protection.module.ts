import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeRetentionHoldHandler, CleanMembersHandler } from './commands/data-protection.commands.js';
import { DataProtectionController, RetentionHoldController } from './http/data-protection.controller.js';
import { DueMembers } from './queries/due-members.js';
import { OldTaskFiles } from './commands/old-task-files.js';
import { TasksModule } from '../tasks/index.js';
import { ChurchTaxModule } from '../church-tax/index.js';
import { ChurchDataCleanUp } from './commands/church-data-clean-up.js';
import { SettlementsModule } from '../settlements/index.js';
import { DirectDebitsModule } from '../direct-debits/index.js';

@Module({
  imports: [CqrsModule, TasksModule, ChurchTaxModule, SettlementsModule, DirectDebitsModule],
  controllers: [DataProtectionController, RetentionHoldController],
  providers: [DueMembers, OldTaskFiles, ChurchDataCleanUp, ChangeRetentionHoldHandler, CleanMembersHandler],
})
export class DataProtectionModule {}
