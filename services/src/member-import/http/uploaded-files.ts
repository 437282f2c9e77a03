import type { MultipartFile } from '@fastify/multipart';
import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { fieldError, ValidationError } from '@coop/contracts';
import { frameworkRefusal } from '../../platform/http/framework-errors.js';
import { checkUploaded } from '../commands/run-import.js';
import type { UploadedFile } from '../commands/import-parts.js';

/** An upload as the import's routes read it: the files of the field `files` and the text fields (e.g. `mapping`). */
export interface Upload {
  readonly files: UploadedFile[];
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * Reads a `multipart/form-data` upload (issue 29): every file of the field `files` (1 to 8, each at most 200 MB:
 * `platform/http/multipart-body.ts`), and the text fields. Not multipart, or no file with bytes: 400
 * `importNotEmptyFile`. The limits broken: 413 in the error format; a broken upload: 400.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await (part as MultipartFile).toBuffer();
        if (part.fieldname === 'files') files.push({ name: fileName(part.filename, files.length), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
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

/** A file's name as uploaded, without any path; a nameless file is numbered. */
function fileName(raw: string | undefined, index: number): string {
  const name = (raw ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return name === '' ? `file-${index + 1}` : name;
}

/** The multipart reader's refusals (limits: 413; a broken body: 400) in the API's error format; anything else as it is. */
function refusalOf(error: unknown): unknown {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number((error as { statusCode: unknown }).statusCode) : NaN;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (status === 413) return new HttpException(frameworkRefusal(413, `The upload is too large (${message}): at most 8 files of 200 MB each`), 413);
  if ((status >= 400 && status < 500) || code.startsWith('FST_') || /multipart|boundary/i.test(message)) return new HttpException(frameworkRefusal(400, `The upload cannot be read: ${message}`), 400);
  return error;
}
