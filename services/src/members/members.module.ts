import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  ChangeMemberHandler,
  CorrectShareHandler,
  CreateMemberHandler,
  MemberCommandRunner,
  PostBalanceHandler,
} from './commands/member.commands.js';
import { BalancesController } from './http/balances.controller.js';
import { DashboardController } from './http/dashboard.controller.js';
import { MembersController } from './http/members.controller.js';
import { SharesController } from './http/shares.controller.js';
import { MemberReads } from './queries/member-reads.js';
import { TaxPaperReads } from '../tax-papers/queries/tax-paper-reads.js';

/** Members, postings (balances), the share register and the dashboards (issue 4). */
@Module({
  imports: [CqrsModule],
  controllers: [MembersController, BalancesController, SharesController, DashboardController],
  providers: [MemberReads, TaxPaperReads, MemberCommandRunner, CreateMemberHandler, ChangeMemberHandler, PostBalanceHandler, CorrectShareHandler],
})
export class MembersModule {}
