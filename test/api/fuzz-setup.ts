import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';
import { createMember, setTerms } from './support/members.js';
import type { OpenApiDocument } from './fuzz-requests.js';

/** The application under fuzzing: listening on a port (requests are sent raw), with records of every id kind. */
export interface FuzzTarget {
  readonly t: TestApp;
  readonly baseUrl: string;
  readonly doc: OpenApiDocument;
  /** Ids of every kind in the first cooperative and one of another cooperative (never the administrator's own). */
  readonly ids: readonly string[];
  readonly head: () => Promise<bigint>;
  /** Resolves when no task of the cooperative is queued or running and the log has stopped growing. */
  readonly quiet: () => Promise<void>;
}

/** Starts the app with a cooperative's records: a clerk, an ELMA number, a member with shares, another cooperative. */
export async function fuzzTarget(): Promise<FuzzTarget> {
  const t = await startApp();
  await t.running.app.listen(0, '127.0.0.1');
  const { port } = (t.running.app.getHttpServer() as { address(): AddressInfo }).address();
  const doc = (await request(t.http).get('/api/docs-json')).body as OpenApiDocument;
  await setTerms(t.http, t.adminToken, t.cooperativeId);
  const member = await createMember(t.http, t.adminToken);
  const clerk = await userWith(t.http, t.adminToken, 'fuzz-clerk', ['ROLE_USER']);
  const elma = await request(t.http)
    .post('/api/v1/elmanumbers')
    .set(auth(t.adminToken))
    .send({ elmaProcess: 'fs', elmaNumber: '12345671' });
  const other = await request(t.http)
    .post('/api/v1/cooperatives')
    .set(auth(t.adminToken))
    .send(validCooperative({ name: 'fuzz-other-eg' }));
  const otherId = (other.body as { id: string }).id;
  const otherAdmin = await userWith(t.http, t.adminToken, 'fuzz-other-admin', ['ROLE_ADMIN', 'ROLE_USER'], otherId);
  const balances = (await request(t.http).get('/api/v1/balances').set(auth(t.adminToken))).body as { id: string }[];
  const ids = [
    t.cooperativeId,
    member.id,
    clerk.id,
    (elma.body as { id: string }).id,
    otherId,
    otherAdmin.id,
    ...balances.slice(0, 1).map((b) => b.id),
  ];
  const head = (): Promise<bigint> => t.running.storage.events.headPosition();
  const quiet = async (): Promise<void> => {
    for (let tries = 0; tries < 300; tries++) {
      const busy = (await request(t.http).get('/api/v1/tasks').set(auth(t.adminToken))).body as
        { state?: string }[] | undefined;
      const before = await head();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const working = Array.isArray(busy) && busy.some((task) => task.state === 'queued' || task.state === 'running');
      if (!working && (await head()) === before) return;
    }
  };
  return { t, baseUrl: `http://127.0.0.1:${port}`, doc, ids, head, quiet };
}
