import { Module, type DynamicModule } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CooperativesModule } from './cooperatives/cooperatives.module.js';
import { ElmaNumbersModule } from './elma-numbers/elma-numbers.module.js';
import { MembersModule } from './members/members.module.js';
import { TaxPapersModule } from './tax-papers/tax-papers.module.js';
import type { AppConfig } from './platform/config/config.js';
import { PlatformModule } from './platform/platform.module.js';
import type { Storage } from './platform/storage.js';
import { UsersModule } from './users/users.module.js';

/** A module per business area on top of the platform. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, storage: Storage): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot(config, storage), AuthModule, UsersModule, CooperativesModule, ElmaNumbersModule, MembersModule, TaxPapersModule, AdminModule],
    };
  }
}
