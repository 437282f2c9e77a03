import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';

/** The largest file accepted as a raw `text/csv` body (a BZSt answer file of a large cooperative): 10 MiB. */
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

/** A `text/csv` content type, also with parameters or written oddly (anything the CSV parser could take). */
const CSV = /^\s*text\/csv/i;

/** Refuses a request that may not send its route a CSV body (rejects with the refusal: 401, 403), before it is read. */
export type CsvSenderCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Raw `text/csv` request bodies (issue 24: the KiStAM answer file, `POST /tasks/kistam/{id}/answer`) arrive as their
 * bytes (a Buffer in `request.body`), up to CSV_BODY_LIMIT; the route decodes and checks them itself. Only the `routes`
 * given (as Fastify names them) take one, and only once `maySend` let the request's session send it: anything else is
 * refused before its body is read, a CSV body to another route with 415 as multipart-body.ts does. The parser read
 * 10 MiB on every route before the guard ran, for anyone: connections without a token held 10 MiB each for up to the
 * request timeout, where a JSON body is refused above 100 KiB (decision 303).
 */
export function parseCsvBodies(app: NestFastifyApplication, routes: readonly string[], maySend: CsvSenderCheck): void {
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
        () => done(null, payload),
        (refusal: Error) => done(refusal),
      );
    });
}
