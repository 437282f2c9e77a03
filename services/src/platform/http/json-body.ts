import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';

/** The largest request body accepted (the adapter's `bodyLimit`, for every parser): 100 KiB, as under Express. */
export const BODY_LIMIT = 100 * 1024;

/**
 * JSON request bodies as Fastify parses them (a body with `__proto__` or `constructor.prototype` keys is refused
 * with 400, as is malformed JSON), except that an empty body with `Content-Type: application/json` is read as `{}`
 * as the API always did, instead of Fastify's 400: a client that sets the header on every request (a DELETE
 * without a body) keeps working.
 */
export function parseJsonBodies(app: NestFastifyApplication): void {
  const strict = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', {}, (req, body, done) => {
    if (body.length === 0) {
      done(null, {});
      return;
    }
    strict(req, body.toString('utf8'), done);
  });
}
