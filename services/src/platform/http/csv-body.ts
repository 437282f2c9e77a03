import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';
import { UploadGate } from './upload-gate.js';

/** The largest file accepted as a raw `text/csv` body (a BZSt answer file of a large cooperative): 10 MiB. */
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

/** A `text/csv` content type, also with parameters or written oddly (anything the CSV parser could take). */
const CSV = /^\s*text\/csv/i;

/**
 * Refuses a request that may not send its route a CSV body (rejects with the refusal: 401, 403), before it is read;
 * answers the sender's cooperative (the body's owner at the gate).
 */
export type CsvSenderCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<string>;

/**
 * CSV bodies read and held at once in this process (decision 347): a review's probe sent 200 answers of 10 MiB at
 * 1 MB/s each to a task id that did not exist; each body was read whole before the route looked at the id, and the API
 * grew from 286 MB to 2.1 GB, its pings 4-10 s. A place is taken before the body is read and kept until the answer is
 * sent; two at once, one per cooperative, four waiting unread; beyond, 503 `csvBodyBusy`. At most 20 MiB are held.
 */
export const CSV_BODIES_AT_ONCE = 2;
export const CSV_BODIES_WAITING = 4;

export function csvBodyGate(): UploadGate {
  return new UploadGate({
    atOnce: CSV_BODIES_AT_ONCE,
    waiting: CSV_BODIES_WAITING,
    perOwner: { running: 1, held: 2 },
    busy: {
      message: 'Other files are being received just now. Please try again in a minute.',
      template: 'csvBodyBusy',
    },
  });
}

/**
 * Raw `text/csv` request bodies (issue 24: the KiStAM answer file, `POST /tasks/kistam/{id}/answer`) arrive as their
 * bytes (a Buffer in `request.body`), up to CSV_BODY_LIMIT; the route decodes and checks them itself. Only the `routes`
 * given (as Fastify names them) take one, and only once `maySend` let the request's session send it: anything else is
 * refused before its body is read, a CSV body to another route with 415 as multipart-body.ts does. The parser read
 * 10 MiB on every route before the guard ran, for anyone: connections without a token held 10 MiB each for up to the
 * request timeout, where a JSON body is refused above 100 KiB (decision 303).
 */
export function parseCsvBodies(
  app: NestFastifyApplication,
  routes: readonly string[],
  maySend: CsvSenderCheck,
  gate: UploadGate = csvBodyGate(),
): void {
  app.useBodyParser<RawServerDefault>('text/csv', { bodyLimit: CSV_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  // A hook with a callback, not a promise: it runs on every request (the posting path counts microseconds).
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preParsing', (request, reply, payload, done) => {
      const type = request.headers['content-type'];
      if (type === undefined || !CSV.test(type)) {
        done(null, payload);
        return;
      }
      if (!routes.includes(request.routeOptions.url ?? '')) {
        done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
        return;
      }
      maySend(request, reply).then(
        (owner) => {
          // The place is held from before the body is read until the answer is sent (or the connection closed).
          const received = (): Promise<void> =>
            new Promise<void>((release) => {
              reply.raw.once('close', () => release());
              done(null, payload);
            });
          const gone = new AbortController();
          request.raw.once('close', () => gone.abort());
          gate.run(received, undefined, gone.signal, owner).catch((busy: Error) => done(busy));
        },
        (refusal: Error) => done(refusal),
      );
    });
}
