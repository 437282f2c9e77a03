/**
 * Issue 41, decision 171: a rebuild killed on its way (`COOP_TEST_STOP_AT`, as a crash or a power loss would stop
 * `npm run projections:rebuild`) leaves the current read models as they were: the server started afterwards answers
 * from them, and the next rebuild completes and switches. Runs the compiled services (npx tsc -b services).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { READ_STORE_POINTER } from '@coop/projections';
import { ADMIN_PASSWORD, auth, startApp, WITH_READ_THREAD } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import { readModels, rebuild, rebuildUntilEnd, startServer, type ServerProcess } from './support/server-process.js';

let dataDir: string | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGTERM');
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an interrupted rebuild', () => {
  it.each(['rebuild:replayed', 'rebuild:caught-up'])(
    'killed at %s leaves the current read models answering, and the next rebuild completes',
    async (step) => {
      const t = await startApp(WITH_READ_THREAD);
      dataDir = t.dataDir;
      await setTerms(t.http, t.adminToken, t.cooperativeId);
      for (const name of ['Arndt', 'Brandt', 'Conrad'])
        await createMember(t.http, t.adminToken, { name, givenName: `${name}a` });
      await t.running.close();
      const before = readModels(dataDir);

      const killed = rebuildUntilEnd(dataDir, { COOP_TEST_STOP_AT: step });
      expect(killed.signal).toBe('SIGKILL');
      // The pointer still names the first file, which holds what it held; the half-built one lies beside it.
      expect(existsSync(join(dataDir, READ_STORE_POINTER))).toBe(false);
      expect(existsSync(join(dataDir, 'read-models.1.sqlite'))).toBe(true);
      expect(readModels(dataDir)).toEqual(before);

      server = await startServer(dataDir);
      const login = await request(server.url)
        .post('/api/v1/login')
        .send({ username: 'admin', password: ADMIN_PASSWORD })
        .expect(200);
      const members = await request(server.url)
        .get('/api/v1/members')
        .set(auth((login.body as { token: string }).token))
        .expect(200);
      expect(members.headers['totalitems']).toBe('3');
      await server.stop('SIGTERM');
      server = undefined;

      rebuild(dataDir);
      expect(readFileSync(join(dataDir, READ_STORE_POINTER), 'utf8').trim()).toBe('read-models.1.sqlite');
      expect(readModels(dataDir)).toEqual(before);
    },
    120_000,
  );
});
