import { Module } from '@nestjs/common';
import { MembersModule } from '../members/index.js';
import { SettlementsModule } from '../settlements/index.js';
import { ShareLedgerModule } from '../share-ledger/index.js';
import { TaxPapersModule } from '../tax-papers/index.js';
import { DashboardController } from './http/dashboard.controller.js';

/**
 * The dashboards: the cooperative's figures and one member's postings, tax papers and dividends. They read several areas, so
 * they are a module of their own on top of them (members and tax papers would otherwise need each other).
 */
@Module({
  imports: [ShareLedgerModule, TaxPapersModule, MembersModule, SettlementsModule],
  controllers: [DashboardController],
})
export class DashboardsModule {}
