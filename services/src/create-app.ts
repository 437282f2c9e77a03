import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { firstStart, type FirstStart } from './first-start.js';
import type { AppConfig } from './platform/config/config.js';
import { ApiErrorFilter } from './platform/http/error.filter.js';
import { openStorage, type Storage } from './platform/storage.js';

export interface RunningApp {
  readonly app: INestApplication;
  readonly storage: Storage;
  readonly firstStart: FirstStart | undefined;
  close(): Promise<void>;
}

/** Opens the storage chosen by configuration, starts projections (unless a worker runs them) and builds the API. */
export async function createApp(config: AppConfig, options: { logger?: boolean } = {}): Promise<RunningApp> {
  const storage = await openStorage(config);
  if (config.runProjections) await storage.runner.start();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, storage), {
    logger: options.logger === false ? false : ['error', 'warn'],
  });
  app.set('trust proxy', 'loopback');
  // No ETag: the console never sends a conditional request, and hashing every answer (a list page is tens of
  // kilobytes) costs the event loop on every request. No X-Powered-By: it only tells attackers the framework.
  app.set('etag', false);
  app.disable('x-powered-by');
  app.setGlobalPrefix('api/v1');
  app.useGlobalFilters(new ApiErrorFilter());
  app.enableShutdownHooks();
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('Coop Ledger API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/docs-json' });
  await app.init();
  const first = await firstStart(app, storage.events, config);
  return {
    app,
    storage,
    firstStart: first,
    close: async () => {
      await app.close();
      await storage.close();
    },
  };
}
