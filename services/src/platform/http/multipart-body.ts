import fastifyMultipart from '@fastify/multipart';
import { HttpException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes, type FastifyRequest } from 'fastify';
import { frameworkRefusal } from './framework-errors.js';

/** Files of one upload (the import of a member register, issue 29: a workbook, or a CSV file per kind). */
export const MULTIPART_FILES = 8;
/**
 * The largest file of an upload: 100 MiB, the import's own limit (member-import/files/read-limits.ts, issue 38): the
 * parser cuts a part there. The import's routes count the whole upload against its limit (160 MiB) as it arrives.
 */
export const MULTIPART_FILE_SIZE = 100 * 1024 * 1024;
/** Text fields beside the files (the import's mapping as JSON), and the largest one. */
const MULTIPART_FIELDS = 8;
const MULTIPART_FIELD_SIZE = 1024 * 1024;
const MULTIPART = /^\s*multipart\//i;

/**
 * `multipart/form-data` uploads (`@fastify/multipart`), for the given upload routes only (their paths exactly, the
 * query aside): they read the parts themselves (`request.parts()`), within the limits above. The JSON body limit
 * (json-body.ts) stays for the JSON routes; a multipart request to any other route is refused with 415 as before
 * (Fastify's own "unsupported media type"), so no route reads an upload it does not expect (a probe: the statements'
 * `confirm` and `ignore` under the upload's path took one, decision 390).
 */
export async function parseMultipartBodies(app: NestFastifyApplication, routes: readonly string[]): Promise<void> {
  const uploads = new Set(routes);
  await app.register(fastifyMultipart, {
    limits: {
      files: MULTIPART_FILES,
      fileSize: MULTIPART_FILE_SIZE,
      fields: MULTIPART_FIELDS,
      fieldSize: MULTIPART_FIELD_SIZE,
      parts: MULTIPART_FILES + MULTIPART_FIELDS,
    },
  });
  // A hook with a callback, not a promise: it runs on every request (the posting path counts microseconds).
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preParsing', (request, _reply, payload, done) => {
      // The multipart parser marks a request as multipart only when it parses it (after this hook): read the header.
      const type = request.headers['content-type'];
      const query = request.url.indexOf('?');
      const path = query < 0 ? request.url : request.url.slice(0, query);
      if (type === undefined || !MULTIPART.test(type) || uploads.has(path)) {
        done(null, payload);
        return;
      }
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
    });
}

/**
 * A refused upload's body read to its end, nothing kept (an answer before the body is read would reset the client's
 * upload, and the refusal would not reach it). Not multipart, or larger than `maxBytes` by its Content-Length: nothing
 * is read (the answer closes the connection).
 */
export async function discardParts(request: FastifyRequest, maxBytes: number): Promise<void> {
  if (!request.isMultipart() || Number(request.headers['content-length'] ?? 0) > maxBytes) return;
  try {
    for await (const part of request.parts()) if (part.type === 'file') for await (const _ of part.file) void _;
  } catch {
    // the refusal the caller answers says enough
  }
}

/** The HTTP status a multipart reader's error carries (`statusCode`), NaN when none. */
export function uploadErrorStatus(error: unknown): number {
  return typeof error === 'object' && error !== null && 'statusCode' in error
    ? Number((error as { statusCode: unknown }).statusCode)
    : NaN;
}

/**
 * A body the multipart reader could not read, as 400 "The upload cannot be read: …": a 4xx of the reader, a Fastify
 * `FST_` code, or busboy's words for a broken body (no closing boundary, a part ended early, no boundary at all).
 * Undefined for anything else. Both upload readers (the import's, the bank statements') answer so: a probe had the
 * statements' answer 500 to what the import refused (decision 388). A reader maps its limits (413) first.
 */
export function unreadableUpload(error: unknown): HttpException | undefined {
  const status = uploadErrorStatus(error);
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if ((status >= 400 && status < 500) || code.startsWith('FST_') || /multipart|boundary/i.test(message))
    return new HttpException(frameworkRefusal(400, `The upload cannot be read: ${message}`), 400);
  return undefined;
}
