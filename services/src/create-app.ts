import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { permittedSession } from './auth/auth.guard.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { KISTAM_ANSWER_UPLOAD } from './church-tax/index.js';
import { firstStart, type FirstStart } from './first-start.js';
import type { Areas } from './platform/areas.js';
import type { AppConfig } from './platform/config/config.js';
import { serveConsole } from './platform/http/console-files.js';
import { ApiErrorFilter } from './platform/http/error.filter.js';
import { clientErrorHandler, frameworkErrors } from './platform/http/framework-errors.js';
import { addContractSchemas } from './platform/http/openapi.js';
import { RequestValidationPipe } from './platform/http/validation.pipe.js';
import { addSecurityHeaders } from './platform/http/security-headers.js';
import { BODY_LIMIT, parseJsonBodies } from './platform/http/json-body.js';
import { parseCsvBodies } from './platform/http/csv-body.js';
import { parseMultipartBodies } from './platform/http/multipart-body.js';
import { openStorage, type Storage, type StorageOptions } from './platform/storage.js';

/** Every route's prefix (`/api/v1/members`); the console is served from `/`. */
const API_PREFIX = 'api/v1';

export interface RunningApp {
  readonly app: INestApplication;
  readonly storage: Storage;
  readonly firstStart: FirstStart | undefined;
  close(): Promise<void>;
}

/**
 * Opens the storage chosen by configuration for the business areas (`services/src/areas.ts`), starts projections
 * (unless a worker runs them) and builds the API. `runtime`: where the compiled SQLite runtime is (StorageOptions).
 */
export async function createApp(
  config: AppConfig,
  areas: Areas,
  options: { logger?: boolean; runtime?: StorageOptions['runtime'] } = {},
): Promise<RunningApp> {
  const storage = await openStorage(config, areas, {
    prewarmEventLog: config.eventLogPrewarm,
    ...(options.runtime ? { runtime: options.runtime } : {}),
  });
  if (config.runProjections) await storage.runner.start();
  // Fastify, not Express (decision 39): a posting costs the API thread about a quarter less. It sends no ETag and no
  // X-Powered-By; only the proxies named in TRUSTED_PROXIES may set the client's address (the sign-in throttle keys on
  // it; issue 38: a loopback client is no proxy unless named). As under
  // Express: a path with a trailing slash finds its route, and a request must have arrived whole within 300 s (Node's
  // own limit, which Fastify would switch off).
  const adapter = new FastifyAdapter({
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    requestTimeout: 300_000,
    frameworkErrors,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, storage), adapter, {
    logger: options.logger === false ? false : ['error', 'warn'],
  });
  await addSecurityHeaders(app, config.corsOrigins);
  parseJsonBodies(app);
  // The KiStAM answer's raw CSV body, read only for a session its route's permission allows (decision 303).
  const strategy = app.get(JwtStrategy);
  const { controller, path, permission } = KISTAM_ANSWER_UPLOAD;
  parseCsvBodies(app, [`/${API_PREFIX}/${controller}/${path}`], (request, reply) =>
    permittedSession(strategy, request, reply, permission).then((session) => session.actor.cooperativeId),
  );
  // Uploads of files (issue 29: the import of a member register; issue 45: bank statements), for their routes only.
  await parseMultipartBodies(
    app,
    ['import', 'import/inspect', 'import/dry-run', 'import/problems.xlsx', 'bank-statements'].map(
      (route) => `/${API_PREFIX}/${route}`,
    ),
  );
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiErrorFilter());
  app.useGlobalPipes(new RequestValidationPipe());
  app.enableShutdownHooks();
  // The OpenAPI document is made at its first request, not at every start (decision 324: some 0.2 to 0.4 s of each).
  const doc = () =>
    addContractSchemas(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder().setTitle('Coop Ledger API').setVersion('1').addBearerAuth().build(),
      ),
    );
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/docs-json' });
  const fastify = app.getHttpAdapter().getInstance();
  serveConsole(fastify, config.adminUiDir);
  await app.init();
  // Fastify adds its plugins' routes (the console's files) when ready; the tests' server needs them before listen().
  await fastify.ready();
  const first = await firstStart(app, storage.events, config).catch(async (error: unknown) => {
    await app.close();
    await storage.close();
    throw error;
  });
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

/** The API's modules on the opened stores without HTTP (`createAppContext`). */
export interface RunningContext {
  readonly app: INestApplicationContext;
  readonly storage: Storage;
  close(): Promise<void>;
}

/**
 * The same modules on the same stores as `createApp` (chosen by the same configuration; projections started unless a
 * worker runs them, the event log prewarmed as `EVENT_LOG_PREWARM` says), for a command-line tool on a store that has
 * had its first start (`npm run import`, decision 250): no HTTP server, no OpenAPI document, no console files, no read
 * threads (it answers no list queries: its reads go to the store on its own thread) and no first start. Starting the
 * API for the import cost about 3 s of a 20,000-member dry run at load 10 (docs/performance.md §25).
 */
export async function createAppContext(
  config: AppConfig,
  areas: Areas,
  options: { logger?: boolean; runtime?: StorageOptions['runtime'] } = {},
): Promise<RunningContext> {
  const storage = await openStorage(config, areas, {
    readThreads: false,
    prewarmEventLog: config.eventLogPrewarm,
    ...(options.runtime ? { runtime: options.runtime } : {}),
  });
  if (config.runProjections) await storage.runner.start();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, storage), {
    logger: options.logger === false ? false : ['error', 'warn'],
  }).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  return {
    app,
    storage,
    close: async () => {
      await app.close();
      await storage.close();
    },
  };
}
