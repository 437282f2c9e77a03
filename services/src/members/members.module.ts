import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ShareLedgerModule } from '../share-ledger/index.js';
import { ChangeMemberHandler, CreateMemberHandler, MemberCommandRunner } from './commands/member.commands.js';
import { TaxIdClaims } from './commands/tax-id-claims.js';
import { MembersController } from './http/members.controller.js';
import { MemberReads } from './queries/member-reads.js';
import { MemberDuplicates } from './queries/member-duplicates.js';
import { MemberDividendReads } from './queries/member-dividends.js';

/** Member master data: admission, changes of master data, the member list and the member's documents (issue 4). */
@Module({
  imports: [CqrsModule, ShareLedgerModule],
  controllers: [MembersController],
  providers: [
    MemberReads,
    MemberDuplicates,
    MemberDividendReads,
    MemberCommandRunner,
    TaxIdClaims,
    CreateMemberHandler,
    ChangeMemberHandler,
  ],
  exports: [MemberReads, MemberDividendReads],
})
export class MembersModule {}
