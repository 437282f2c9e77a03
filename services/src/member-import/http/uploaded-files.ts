import type { MultipartFile } from '@fastify/multipart';
import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fieldError, ValidationError } from '@coop/contracts';
import { discardParts, unreadableUpload, uploadErrorStatus } from '../../platform/http/multipart-body.js';
import { checkUploaded } from '../commands/run-import.js';
import { MAX_FILE_BYTES, MAX_FILES, MAX_UPLOAD_BYTES, type UploadedFile } from '../commands/import-parts.js';

/** An upload as the import's routes read it: the files of the field `files` and the text fields (e.g. `mapping`). */
export interface Upload {
  readonly files: UploadedFile[];
  readonly fields: Readonly<Record<string, string>>;
}

const MB = 1024 * 1024;
/** A request's body at most: the files' limit, the text fields (8 of at most 1 MiB: multipart-body.ts) and the parts' headers. */
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 9 * MB;

/** The upload beyond the import's limits: 413 `importUploadTooLarge` [files, MB per file, MB in all]. */
class UploadTooLarge extends Error {
  constructor() {
    super('The upload is larger than the import takes');
  }
}

const tooLarge = (): HttpException =>
  new HttpException(
    {
      message: `The upload is too large: at most ${MAX_FILES} files of ${MAX_FILE_BYTES / MB} MB each, ${MAX_UPLOAD_BYTES / MB} MB in all`,
      errors: [
        fieldError(
          'files',
          'importUploadTooLarge',
          String(MAX_FILES),
          String(MAX_FILE_BYTES / MB),
          String(MAX_UPLOAD_BYTES / MB),
        ),
      ],
    },
    413,
  );

/**
 * A file part's bytes, read as they arrive: the upload's bytes so far counted with them, and refused the moment the
 * file passes MAX_FILE_BYTES (multipart-body.ts cuts the part there) or the upload MAX_UPLOAD_BYTES; nothing is read on.
 */
async function partBytes(part: MultipartFile, before: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (part.file.truncated || size > MAX_FILE_BYTES || before + size > MAX_UPLOAD_BYTES) {
      part.file.destroy();
      throw new UploadTooLarge();
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new UploadTooLarge();
  return Buffer.concat(chunks);
}

/**
 * Reads a `multipart/form-data` upload (issues 29 and 38): every file of the field `files` and the text fields, within
 * the import's limits (files/read-limits.ts): at most MAX_FILES files of MAX_FILE_BYTES each and MAX_UPLOAD_BYTES in
 * all, counted as the bytes arrive, and a body whose `Content-Length` says more refused before it is read (the route's
 * sign-in and role check ran before: the body is read only here). Not
 * multipart, or no file with bytes: 400 `importNotEmptyFile`. Beyond a limit: 413 `importUploadTooLarge`, nothing kept;
 * a broken upload: 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
  // a body that says it is larger than any upload the import takes is refused before a byte of it is read
  if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) throw tooLarge();
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await partBytes(part as MultipartFile, total);
        total += bytes.byteLength;
        if (part.fieldname === 'files')
          files.push({
            name: fileName(part.filename, files.length),
            bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw refusalOf(error);
  }
  checkUploaded(files);
  return { files, fields };
}

/**
 * Reads an upload's body to its end and keeps nothing of it (an upload refused before its work: answered once its body
 * is read, since an answer before would reset the client's upload). A body too large or broken ends the reading.
 */
export async function discardUpload(request: FastifyRequest): Promise<void> {
  await discardParts(request, MAX_REQUEST_BYTES);
}

/** A file's name as uploaded, without any path; a nameless file is numbered. */
function fileName(raw: string | undefined, index: number): string {
  const name = (raw ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return name === '' ? `file-${index + 1}` : name;
}

/** The multipart reader's refusals (limits: 413; a broken body: 400) in the API's error format; anything else as it is. */
function refusalOf(error: unknown): unknown {
  if (error instanceof UploadTooLarge || uploadErrorStatus(error) === 413) return tooLarge();
  return unreadableUpload(error) ?? error;
}
