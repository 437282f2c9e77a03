/**
 * Issue 28, durability: postings in flight from several clients, the server killed with SIGKILL at a random moment,
 * started again on the same data. Every posting answered 201 is there, the read models equal a rebuild from the log,
 * and the projection checkpoint is the log's last position (no event skipped, none projected twice: either would make
 * the members' share totals differ from the rebuild's).
 */
import { closeSync, cpSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_PASSWORD, auth } from './support/app.js';
import { DATES, setTerms, validMember } from './support/members.js';
import {
  caughtUp,
  freePort,
  positions,
  readModels,
  rebuild,
  runServerToEnd,
  startServer,
  type ServerProcess,
} from './support/server-process.js';

const TIMEOUT_MS = 90_000;

const CLIENTS = 6;

async function signIn(url: string): Promise<{ token: string; cooperativeId: string }> {
  const res = await request(url)
    .post('/api/v1/login')
    .send({ username: 'admin', password: ADMIN_PASSWORD })
    .expect(200);
  const token = (res.body as { token: string }).token;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cooperative: string };
  return { token, cooperativeId: payload.cooperative };
}

describe('a server killed while it takes postings loses none it answered', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'coop-ledger-crash-'));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-rebuilt`, { recursive: true, force: true });
  });

  it(
    'keeps every acknowledged posting across SIGKILL, and its read models resume to equal a rebuild',
    async () => {
      server = await startServer(dataDir);
      const { token, cooperativeId } = await signIn(server.url);
      await setTerms(server.url, token, cooperativeId, 25000, 1);
      const members: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await request(server.url)
          .post('/api/v1/members')
          .set(auth(token))
          .send(validMember({ name: `Absturz${i}` }))
          .expect(201);
        members.push((res.body as { id: string }).id);
      }

      // Several clients post as fast as they are answered until the connection breaks.
      const acknowledged: string[] = [];
      let killed = false;
      const client = async (c: number): Promise<void> => {
        for (let n = 0; !killed; n++) {
          try {
            const res = await request(server!.url)
              .post('/api/v1/balances')
              .set(auth(token))
              .send({ member: members[(c + n) % members.length], type: 1, quantity: 1 + (n % 3), ...DATES });
            if (res.status === 201) acknowledged.push((res.body as { id: string }).id);
            else if (!killed) throw new Error(`posting answered ${res.status}: ${JSON.stringify(res.body)}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
      // A random moment once postings flow: the kill lands in the middle of requests, appends and projection batches.
      await new Promise((resolve) => setTimeout(resolve, 800 + Math.floor(Math.random() * 1500)));
      killed = true;
      await server.stop('SIGKILL');
      await Promise.all(clients);
      expect(acknowledged.length).toBeGreaterThan(20);

      server = await startServer(dataDir);
      const after = await signIn(server.url);
      // Every acknowledged posting answers from the restarted server.
      for (const id of acknowledged)
        await request(server.url).get(`/api/v1/balances/${id}`).set(auth(after.token)).expect(200);
      const { checkpoint, head } = await caughtUp(dataDir);
      expect(checkpoint).toBe(head);
      await server.stop('SIGTERM');
      server = undefined;

      const resumed = readModels(dataDir);
      const ids = new Set(resumed['rm_balances']!.map(([id]) => id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      // The same log projected from nothing.
      cpSync(dataDir, `${dataDir}-rebuilt`, { recursive: true });
      rebuild(`${dataDir}-rebuilt`);
      expect(positions(`${dataDir}-rebuilt`).checkpoint).toBe(head);
      expect(resumed).toEqual(readModels(`${dataDir}-rebuilt`));
    },
    TIMEOUT_MS,
  );

  it(
    'refuses to start on an event log with a corrupt page, and says so',
    async () => {
      const copy = `${dataDir}-rebuilt`;
      const file = join(copy, 'events.sqlite');
      const fd = openSync(file, 'r+');
      writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, Math.floor(statSync(file).size / 2 / 4096) * 4096);
      closeSync(fd);
      const { status, output } = runServerToEnd(copy, await freePort());
      expect(status).not.toBe(0);
      expect(status).not.toBeNull(); // it ended by itself, it did not go on to listen
      expect(output).toMatch(/events\.sqlite is damaged: .+restore the data directory from a backup/);
      expect(output).not.toContain('Coop Ledger is running');
    },
    TIMEOUT_MS,
  );
});
