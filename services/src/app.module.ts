import { Module, type DynamicModule } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ChurchTaxModule } from './church-tax/index.js';
import { CooperativesModule } from './cooperatives/index.js';
import { DashboardsModule } from './dashboards/index.js';
import { DataProtectionModule } from './data-protection/index.js';
import { DividendModule } from './dividend/index.js';
import { ElmaNumbersModule } from './elma-numbers/index.js';
import { ExportsModule } from './exports/index.js';
import { FsakModule } from './fsak/index.js';
import { MemberImportModule } from './member-import/index.js';
import { MemberPdfsModule } from './member-pdfs/index.js';
import { MembersModule } from './members/index.js';
import { MovementReportModule } from './movement-report/index.js';
import { NotificationsModule } from './notifications/index.js';
import { PaymentRemindersModule } from './payment-reminders/index.js';
import { PayoutsModule } from './payouts/index.js';
import type { AppConfig } from './platform/config/config.js';
import { PlatformModule } from './platform/platform.module.js';
import type { Storage } from './platform/storage.js';
import { SettlementsModule } from './settlements/index.js';
import { BankStatementsModule } from './bank-statements/index.js';
import { DirectDebitsModule } from './direct-debits/index.js';
import { ShareLedgerModule } from './share-ledger/index.js';
import { SharePaymentsModule } from './share-payments/index.js';
import { TaxDocumentsModule } from './tax-documents/index.js';
import { TasksModule } from './tasks/index.js';
import { TaxPapersModule } from './tax-papers/index.js';
import { UsersModule } from './users/index.js';

/** A module per business area on top of the platform; each area is imported through its public entry (`index.ts`). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, storage: Storage): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config, storage),
        AuthModule,
        UsersModule,
        CooperativesModule,
        ElmaNumbersModule,
        MembersModule,
        ShareLedgerModule,
        TaxPapersModule,
        DataProtectionModule,
        DividendModule,
        SettlementsModule,
        BankStatementsModule,
        TasksModule,
        ChurchTaxModule,
        DashboardsModule,
        NotificationsModule,
        FsakModule,
        MemberImportModule,
        TaxDocumentsModule,
        PayoutsModule,
        MemberPdfsModule,
        ExportsModule,
        AdminModule,
        MovementReportModule,
        SharePaymentsModule,
        PaymentRemindersModule,
        DirectDebitsModule,
      ],
    };
  }
}
