import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { MAX_PARTS, MAX_RATIO, MAX_UNZIPPED_BYTES, ReadLimitError } from './read-limits.js';

/*
 * The parts of a workbook's zip, found by its central directory (issue 39, decision 127): where each part's bytes lie,
 * how they are packed and how large they say they are, so that the workbook's parts are read in the order the reading
 * needs (the workbook, its relationships, shared strings and styles before any sheet) whatever order the writer put
 * them in; and so that a workbook beyond the limits is refused before anything is unzipped (issue 38): its parts, its
 * unzipped size, and the ratio of a part above 1 MiB. A part that unzips to more or fewer bytes than its entry says is
 * a damaged file (a zip bomb lies about its sizes): unzipping stops at the size the directory gave.
 */

export interface ZipPart {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly zippedSize: number;
  readonly size: number;
  /** Where the part's local header begins. */
  readonly offset: number;
}

/** A file that is not a zip the reader can take (damaged, encrypted, Zip64, another packing). */
export class DamagedZipError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DamagedZipError';
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record (22 bytes) and a comment of at most 65,535 bytes. */
const END_SEARCH = 22 + 0xffff;
const RATIO_ABOVE = 1024 * 1024;
const CHUNK = 1 << 20;

/** The zip's parts by name, read from its central directory; the limits checked on the sizes it declares. */
export function zipParts(bytes: Buffer): Map<string, ZipPart> {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new DamagedZipError('no central directory (the file is cut short or not a workbook)');
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryAt = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryAt === 0xffffffff)
    throw new DamagedZipError('a Zip64 archive (larger than any workbook the import takes)');
  if (count > MAX_PARTS) throw new ReadLimitError('parts', MAX_PARTS);
  if (directoryAt + directorySize > end) throw new DamagedZipError('the central directory lies outside the file');
  const parts = new Map<string, ZipPart>();
  let total = 0;
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new DamagedZipError('a damaged central directory');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const zippedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const offset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) throw new DamagedZipError(`the part ${name} is encrypted`);
    if (method !== 0 && method !== 8)
      throw new DamagedZipError(`the part ${name} is packed by method ${method} (only stored and deflated are read)`);
    if (size === 0xffffffff || zippedSize === 0xffffffff || offset === 0xffffffff)
      throw new DamagedZipError('a Zip64 archive (larger than any workbook the import takes)');
    total += size;
    if (total > MAX_UNZIPPED_BYTES) throw new ReadLimitError('unzipped', MAX_UNZIPPED_BYTES);
    if (size > RATIO_ABOVE && size > zippedSize * MAX_RATIO) throw new ReadLimitError('ratio', MAX_RATIO, name);
    if (parts.has(name)) throw new DamagedZipError(`the part ${name} is in the zip twice`);
    parts.set(name, { name, method, zippedSize, size, offset });
  }
  return parts;
}

/** Where a part's packed bytes lie (after its local header, whose name and extra field may differ in length). */
function packed(bytes: Buffer, part: ZipPart): Buffer {
  const at = part.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER)
    throw new DamagedZipError(`the part ${part.name} is not where the directory says`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + part.zippedSize > bytes.length) throw new DamagedZipError(`the part ${part.name} is cut short`);
  return bytes.subarray(start, start + part.zippedSize);
}

async function* slices(data: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * A part's unzipped bytes, a chunk at a time: never more than the directory's size for it (a part that unzips to more
 * stops there and is refused), and exactly that size at the end.
 */
export async function* partChunks(bytes: Buffer, part: ZipPart): AsyncGenerator<Buffer> {
  const data = packed(bytes, part);
  const source = part.method === 0 ? Readable.from(slices(data)) : Readable.from(slices(data)).pipe(createInflateRaw());
  let seen = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > part.size)
        throw new DamagedZipError(`the part ${part.name} unzips to more than the ${part.size} bytes its entry says`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof DamagedZipError) throw error;
    throw new DamagedZipError(
      `the part ${part.name} cannot be unzipped: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    source.destroy();
  }
  if (seen !== part.size)
    throw new DamagedZipError(`the part ${part.name} unzips to ${seen} bytes, its entry says ${part.size}`);
}

/** A part's unzipped bytes whole (the small parts: the workbook, relationships, styles). */
export async function partBytes(bytes: Buffer, part: ZipPart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of partChunks(bytes, part)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
