import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { Role } from '@coop/contracts';
import { areas } from '../../../services/src/areas.js';
import { createApp, type RunningApp } from '../../../services/src/create-app.js';
import type { Areas } from '../../../services/src/platform/areas.js';
import { loadConfig } from '../../../services/src/platform/config/config.js';

/** Passwords pass the product's rule (issue 38: 12 characters, not common, not the user name). */
export const ADMIN_PASSWORD = 'Erste-Verwalterin-Pa55';
/** The password of every user `userWith` creates. */
export const USER_PASSWORD = 'Quittengelee-Fahrrad-93';
export const JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestApp {
  readonly running: RunningApp;
  readonly http: App;
  readonly dataDir: string;
  /** The first cooperative's id and its administrator's token (every role). */
  readonly cooperativeId: string;
  readonly adminToken: string;
  close(): Promise<void>;
}

/**
 * The compiled services (`npm test` builds them first; alone: `npx tsc -b services`). The API tests run the TypeScript
 * sources in jest's module runtime, which does not reach into worker threads: the threads of `npm start` (projection
 * thread with its checkpoint thread, read threads) run the compiled entries, as they do there.
 */
const COMPILED = new URL('../../../services/dist/', import.meta.url);
/** The folder of the compiled SQLite runtime, whose entries the threads run. */
export const RUNTIME = new URL('platform/sqlite-runtime/', COMPILED);
/** The product's areas, their module compiled as the threads import it. */
export const AREAS: Areas = { ...areas, module: new URL('areas.js', COMPILED).href };

/**
 * The real application on a fresh temporary data directory (embedded SQLite stores): projections in their thread, as
 * `npm start` runs them; list queries on the API's thread (`READ_THREADS=0`) unless a file asks for read threads
 * (`READ_THREADS`, one: `WITH_READ_THREAD`). Each read thread loads the areas at start, about half of a start's time,
 * and CI's two cores are the limit of the run (decisions 238, 324); the lists, tenancy and rebuild files run with a read
 * thread, the browser tests run `npm start`'s two, and threaded-read-store.int.spec.ts tests the threads themselves.
 */
/** `startApp(WITH_READ_THREAD)`: list queries in one read thread, as the product answers them (decision 324). */
export const WITH_READ_THREAD: Readonly<Record<string, string>> = { READ_THREADS: '1' };

export async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET,
    ADMIN_UI_DIR: join(dataDir, 'no-console'),
    READ_THREADS: '0',
    ...env,
  });
  const running = await createApp(config, AREAS, { logger: false, runtime: RUNTIME });
  const http = running.app.getHttpServer() as App;
  const adminToken = await login(http, 'admin', ADMIN_PASSWORD);
  return {
    running,
    http,
    dataDir,
    cooperativeId: running.firstStart!.cooperativeId,
    adminToken,
    close: async () => {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(http: App, username: string, password: string): Promise<string> {
  const res = await request(http).post('/api/v1/login').send({ username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export const auth = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** Creates a user with the given roles in the token's cooperative (or `cooperative`) and returns its id and token. */
export async function userWith(
  http: App,
  adminToken: string,
  username: string,
  roles: readonly Role[],
  cooperative?: string,
): Promise<{ id: string; token: string }> {
  const password = USER_PASSWORD;
  const res = await request(http)
    .post('/api/v1/users')
    .set(auth(adminToken))
    .send({ username, password, passwordRepeat: password, roles, ...(cooperative ? { cooperative } : {}) });
  if (res.status !== 201) throw new Error(`create ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: (res.body as { id: string }).id, token: await login(http, username, password) };
}

/** A complete, valid cooperative body. */
export function validCooperative(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'eg-musterstadt',
    fullName: 'Energiegenossenschaft Musterstadt eG',
    address: 'Hauptstraße 1',
    zip: '12345',
    city: 'Musterstadt',
    email: 'info@eg-musterstadt.de',
    contactPerson: 'Erika Mustermann',
    url: 'https://eg-musterstadt.de',
    taxId: '1121081508150',
    taxOffice: 'Finanzamt Musterstadt',
    bankname: 'Musterbank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    balanceCost: 25000,
    minimumShares: 1,
    ...overrides,
  };
}
