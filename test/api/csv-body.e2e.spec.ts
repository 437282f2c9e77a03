/**
 * Raw `text/csv` bodies (up to 10 MiB, CSV_BODY_LIMIT) are the KiStAM answer's alone (`POST /tasks/kistam/{id}/answer`),
 * and only from a session that may write church data: such a body sent to any other route, or without that session,
 * is refused before it is read. The parser used to read 10 MiB on every route before the guard ran, for anyone: 60
 * connections without a token, each holding 10 MiB less one byte, held about 550 MB of the server's memory for up to
 * the request timeout (300 s), where a JSON body is refused above 100 KiB from its Content-Length. Loopback only.
 */
import { connect } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import request from 'supertest';
import { CSV_BODY_LIMIT } from '../../services/src/platform/http/csv-body.js';
import { auth, startApp, userWith, validCooperative, type TestApp } from './support/app.js';

/** How long the server may take to answer a request whose body it refuses unread (it answers in milliseconds). */
const ANSWER_WITHIN_MS = 3_000;
/** The connections a test opened: closed after it, so the server can stop. */
const sockets: Socket[] = [];

interface Early {
  /** The status of the answer, or null when none came while the body was still being sent. */
  readonly status: number | null;
  readonly body: string;
}

/**
 * Sends a POST announcing a `text/csv` body of CSV_BODY_LIMIT bytes, sends 1 KiB of it and waits: the answer's status
 * if the server answers before the rest of the body (null if not within ANSWER_WITHIN_MS; then `rest` sends the rest).
 */
async function early(port: number, path: string, token?: string): Promise<Early & { rest(): Promise<Early> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  let received = '';
  let answered: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    if (/\r\n\r\n/.test(received)) answered?.();
  });
  const answer = (): Promise<Early> =>
    new Promise((resolve) => {
      const read = (): Early => ({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? NaN) || null,
        body: received.slice(received.indexOf('\r\n\r\n') + 4),
      });
      const timer = setTimeout(() => resolve({ status: null, body: '' }), ANSWER_WITHIN_MS);
      answered = () => {
        // The body's first bytes may come in a later chunk than the head.
        setTimeout(() => {
          clearTimeout(timer);
          resolve(read());
        }, 100);
      };
      if (/\r\n\r\n/.test(received)) answered();
    });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/csv\r\nContent-Length: ${CSV_BODY_LIMIT}\r\n` +
      (token ? `Authorization: Bearer ${token}\r\n` : '') +
      '\r\n',
  );
  socket.write(Buffer.alloc(1024, 0x61));
  const first = await answer();
  return {
    ...first,
    rest: async () => {
      socket.write(Buffer.alloc(CSV_BODY_LIMIT - 1024, 0x61));
      const after = await answer();
      socket.destroy();
      return after;
    },
  };
}

let t: TestApp;
let port: number;
let restricted: string;
beforeAll(async () => {
  t = await startApp();
  const server = t.running.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  restricted = (await userWith(t.http, t.adminToken, 'csv-auditor', ['ROLE_RESTRICTED_USER'])).token;
}, 60_000);
afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));
afterAll(async () => t?.close());

describe('raw text/csv bodies', () => {
  it.each([
    ['/api/v1/login', undefined],
    ['/api/v1/members', undefined],
    ['/api/v1/balances', 'admin'],
    ['/api/v1/notifications/mark-seen', 'admin'],
  ])('to %s (token: %s) are refused with 415 before the body is read', async (path, who) => {
    const res = await early(port, path, who ? t.adminToken : undefined);
    expect(res.status).toBe(415);
  });

  it('to the KiStAM answer without a session are refused with 401 before the body is read', async () => {
    const res = await early(port, '/api/v1/tasks/kistam/00000000-0000-4000-8000-000000000000/answer');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      message: 'Your session has expired or is not valid. Please sign in again.',
      errors: [{ field: null, template: 'sessionExpired', parameters: {} }],
    });
  });

  it('to the KiStAM answer from a role that may not write church data are refused with 403 before the body is read', async () => {
    const res = await early(port, '/api/v1/tasks/kistam/00000000-0000-4000-8000-000000000000/answer', restricted);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ template: 'notAllowed' }] });
  });

  it('to the KiStAM answer from an administrator are read whole, then answered (an unknown task: 404)', async () => {
    const res = await early(port, '/api/v1/tasks/kistam/00000000-0000-4000-8000-000000000000/answer', t.adminToken);
    expect(res.status).toBeNull();
    expect((await res.rest()).status).toBe(404);
  }, 20_000);

  // Decision 347 (a review's probe): 200 answers of 10 MiB sent at once were each read whole (the API 286 MB → 2.1 GB).
  it("are read two at a time, one per cooperative: a cooperative's third finds no place (503), another's is read", async () => {
    const created = await request(t.http)
      .post('/api/v1/cooperatives')
      .set(auth(t.adminToken))
      .send(validCooperative({ name: 'csv-andere-eg' }))
      .expect(201);
    const other = await userWith(
      t.http,
      t.adminToken,
      'csv-andere',
      ['ROLE_ADMIN'],
      (created.body as { id: string }).id,
    );
    const path = '/api/v1/tasks/kistam/00000000-0000-4000-8000-000000000000/answer';
    const [first, second] = [await early(port, path, t.adminToken), await early(port, path, t.adminToken)];
    expect([first.status, second.status]).toEqual([null, null]);
    const third = await early(port, path, t.adminToken);
    expect(third.status).toBe(503);
    expect(JSON.parse(third.body)).toMatchObject({ errors: [{ template: 'csvBodyBusy' }] });
    const theirs = await early(port, path, other.token);
    expect(theirs.status).toBeNull();
    expect([(await theirs.rest()).status, (await first.rest()).status, (await second.rest()).status]).toEqual([
      404, 404, 404,
    ]);
  }, 60_000);

  it('leave the API answering', async () => {
    await request(t.http).get('/api/v1/ping').set(auth(t.adminToken)).expect(200);
  });
});
