import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { frameworkTemplate, refusal, withEchoesShortened, type RefusalBody } from './refusal.js';

/** The refusal body of an error the HTTP framework raises itself, by its status (as ApiErrorFilter answers Nest's). */
export function frameworkRefusal(status: number, message: string): RefusalBody {
  const template = frameworkTemplate(status);
  // Fastify's message may name the path sent (`'/%ZZ…' is not a valid url component`).
  return withEchoesShortened(refusal(message, template, ...(template === 'requestFailed' ? [String(status)] : [])));
}

/**
 * Fastify's `frameworkErrors` option: the refusals Fastify answers before any route runs, so before Nest's exception
 * filter (a path with a broken percent escape such as `%ZZ` or `%E0%A4%A`: 400; a path parameter longer than the
 * router's limit: 414), in the API's error format `{errors: [{field, template, parameters}]}` rather than Fastify's own
 * `{statusCode, code, error, message}` (issue 28, found by test/api/fuzz.e2e.spec.ts).
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(frameworkRefusal(status, error.message));
}

/** An error Node's HTTP parser raised on a connection, as Fastify's `clientErrorHandler` receives it. */
type ClientError = Error & { readonly code?: string };

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses before Fastify sees it (a header over
 * Node's size limit: 431, a malformed header line or chunk: 400, a request that did not arrive in time: 408) is answered
 * in the API's error format too, then the connection is closed, as Fastify's own handler does. A reset connection
 * has no one to answer.
 */
export function clientErrorHandler(error: ClientError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408 ? 'Client timeout' : status === 431 ? 'The request headers are too large' : 'Malformed request';
  const body = JSON.stringify(frameworkRefusal(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
