import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ProjectionRunner } from '@coop/projections';
import type { AppConfig } from './config/config.js';
import { StreamWriter } from './commands/stream-writer.js';
import { ReadModels } from './http/read-models.js';
import { ReadModelProgress } from './read-model-progress.js';
import { ClientWrites } from './client-writes.js';
import type { Storage } from './storage.js';
import { APP_CONFIG, EVENT_STORE, KEY_STORE, READ_STORE } from './tokens.js';

/** Makes the opened storage, the write path and the read path available to every business module. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig, storage: Storage): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: storage.events },
        { provide: READ_STORE, useValue: storage.readStore },
        { provide: KEY_STORE, useValue: storage.keys },
        { provide: ProjectionRunner, useValue: storage.runner },
        {
          provide: ReadModelProgress,
          useValue: new ReadModelProgress(
            config.runProjections ? storage.runner : undefined,
            storage.readStore,
            config.readYourWritesWaitMs,
          ),
        },
        {
          provide: ClientWrites,
          useFactory: (progress: ReadModelProgress) => new ClientWrites(progress),
          inject: [ReadModelProgress],
        },
        StreamWriter,
        ReadModels,
      ],
      exports: [
        APP_CONFIG,
        EVENT_STORE,
        READ_STORE,
        KEY_STORE,
        ProjectionRunner,
        ReadModelProgress,
        ClientWrites,
        StreamWriter,
        ReadModels,
      ],
    };
  }
}
