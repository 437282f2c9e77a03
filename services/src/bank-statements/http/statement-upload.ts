import type { MultipartFile } from '@fastify/multipart';
import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fieldError, ValidationError } from '@coop/contracts';
import { discardParts, unreadableUpload, uploadErrorStatus } from '../../platform/http/multipart-body.js';
import { CAMT_MAX_BYTES } from '../camt/camt-limits.js';

/** The request's body at most: the file and its part's headers (a name, a type). */
const MAX_REQUEST_BYTES = CAMT_MAX_BYTES + 64 * 1024;
const MIB = 1024 * 1024;

const tooLarge = (): HttpException =>
  new HttpException(
    {
      message: `The file is larger than ${CAMT_MAX_BYTES / MIB} MiB`,
      errors: [fieldError('file', 'bankStatementTooLarge', String(CAMT_MAX_BYTES / MIB))],
    },
    413,
  );

class FileTooLarge extends Error {}

/** A part's bytes as they arrive, refused the moment they pass the limit (nothing is read on). */
async function partBytes(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (part.file.truncated || size > CAMT_MAX_BYTES) {
      part.file.destroy();
      throw new FileTooLarge();
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new FileTooLarge();
  return Buffer.concat(chunks);
}

/**
 * The statement file of a `multipart/form-data` upload (field `file`, one file): a body whose `Content-Length` says
 * more than the limit is refused before a byte is read, and the file's bytes are counted as they arrive (413
 * `bankStatementTooLarge`). Not multipart, no file, or an empty one: 400 `bankStatementNoFile`.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<{ name: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw new ValidationError([fieldError('file', 'bankStatementNoFile')]);
  if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) throw tooLarge();
  let file: { name: string; bytes: Uint8Array } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await partBytes(part as MultipartFile);
      if (part.fieldname === 'file' && file === null)
        file = { name: nameOf(part.filename), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    }
  } catch (error) {
    if (error instanceof FileTooLarge || uploadErrorStatus(error) === 413) throw tooLarge();
    throw unreadableUpload(error) ?? error;
  }
  if (file === null || file.bytes.byteLength === 0)
    throw new ValidationError([fieldError('file', 'bankStatementNoFile')]);
  return file;
}

/** The file's name as uploaded, without a path, at most 100 characters; a nameless file is `statement.xml`. */
function nameOf(raw: string | undefined): string {
  const name = Array.from(
    (raw ?? '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/\p{Cc}/gu, '')
      .trim() ?? '',
  )
    .slice(0, 100)
    .join('');
  return name === '' ? 'statement.xml' : name;
}

/** A refused statement upload's body read to its end, nothing kept (StatementReadGate). */
export async function discardStatementUpload(request: FastifyRequest): Promise<void> {
  await discardParts(request, MAX_REQUEST_BYTES);
}
