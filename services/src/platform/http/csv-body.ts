import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';

/** The largest file accepted as a raw `text/csv` body (a BZSt answer file of a large cooperative): 10 MiB. */
export const CSV_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Raw `text/csv` request bodies (issue 24: the KiStAM answer file, `POST /tasks/kistam/{id}/answer`) arrive as their
 * bytes (a Buffer in `request.body`), up to CSV_BODY_LIMIT; the route decodes and checks them itself.
 */
export function parseCsvBodies(app: NestFastifyApplication): void {
  app.useBodyParser<RawServerDefault>('text/csv', { bodyLimit: CSV_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
}
