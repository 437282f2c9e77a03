import { createCipheriv, createDecipheriv, createHash, randomBytes, type CipherGCM } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent } from '@coop/contracts';
import { PRIVATE_FILE_MODE, privateDir } from '../../platform/private-files.js';
import { ChunkCutter, type Chunk } from '../domain/import-chunks.js';
import type { Decision } from './import-parts.js';

/*
 * A write's decisions staged on disk chunk by chunk as the replay makes them (issue 40, decision 260): the replay hands
 * each decision to `add`, which gathers its text and seals it into the chunk being made 64 K characters at a time,
 * and gathers the sealed bytes for the file (a megabyte at a time), so no decision waits in the heap as objects. The
 * write appends nothing until the replay has checked every row (a late problem leaves nothing in the log); then `read`
 * gives back one chunk's decisions at a time.
 *
 * The file holds personal data in the clear before the log seals it, so it is sealed too: AES-256-GCM under a key made
 * for this spill and held only in memory, each chunk with its own nonce (its number). The file is unlinked as soon as it
 * is opened: it lives as long as the descriptor, and a crashed process leaves neither it nor its key behind.
 *
 * The plan's hash is the one `RegisterImportStarted` has recorded since issue 40 (`planHash`), taken over the same text
 * the file holds: a resume by this build matches an import begun by an earlier one.
 */

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Where a chunk lies in the file, sealed. */
interface Stored {
  readonly at: number;
  readonly bytes: number;
}

/** The whole plan as the replay left it: what `RegisterImportStarted` records, and its chunks to read back. */
export interface SpilledPlan {
  readonly chunks: readonly Chunk[];
  readonly events: number;
  readonly planHash: string;
  /** The decisions of chunk `index`, as the replay made them. */
  read(index: number): Decision[];
}

/** What the plan's hash takes of one decision whose events' data are already JSON text: its order and separators. */
function hashedText(d: Decision, dataTexts: readonly string[]): string {
  let text = `${d.streamId}\u0000${d.expected}\u0000`;
  d.events.forEach((e, i) => (text += `${e.type}\u0000${dataTexts[i]!}\u0000`));
  return text;
}

/** Hex SHA-256 over every decision's stream, revision, event types and data, in order: the same plan, the same hash. */
export function planHash(decisions: readonly Decision[]): string {
  const hash = createHash('sha256');
  for (const d of decisions) {
    if (d.events.length > 0)
      hash.update(
        hashedText(
          d,
          d.events.map((e) => JSON.stringify(e.data)),
        ),
      );
  }
  return hash.digest('hex');
}

/** Bytes gathered before one write to the file. */
const WRITE_BYTES = 1 << 20;
/** Characters of decisions' text gathered before they are sealed and hashed in one call. */
const TEXT_CHARS = 1 << 16;

export class DecisionSpill implements SpilledPlan {
  private readonly fd: number;
  private readonly key = randomBytes(32);
  private readonly hash = createHash('sha256');
  private readonly cutter: ChunkCutter;
  private readonly stored: Stored[] = [];
  private readonly closed: Chunk[] = [];
  /** The chunk being made: sealed as its decisions come, so no decision waits in the heap for its chunk. */
  private cipher: CipherGCM | null = null;
  private chunkAt = 0;
  private readonly pending = Buffer.allocUnsafe(WRITE_BYTES);
  private pendingBytes = 0;
  /** Bytes written to the file, and gathered after them. */
  private size = 0;
  private total = 0;
  private digest: string | null = null;
  /** Texts of the decisions added and not yet sealed and hashed (about `TEXT_CHARS` characters at most). */
  private plainText: string[] = [];
  private hashText: string[] = [];
  private textChars = 0;

  /** A spill in `dir` (made private if missing) for chunks of about `chunkEvents` events. */
  constructor(dir: string, chunkEvents: number) {
    this.cutter = new ChunkCutter(chunkEvents);
    privateDir(dir);
    const file = join(dir, `import-${process.pid}-${randomBytes(8).toString('hex')}.spill`);
    this.fd = openSync(file, 'wx+', PRIVATE_FILE_MODE);
    unlinkSync(file);
  }

  /** The replay's next decision (one without events appends nothing and is left out, as the chunks count them). */
  add(decision: Decision): void {
    if (this.digest !== null) throw new Error('The spill is sealed');
    const events = decision.events;
    if (events.length === 0) return;
    const texts = events.map((e) => JSON.stringify(e.data));
    this.hashText.push(hashedText(decision, texts));
    const parts = events.map((e, i) => `[${JSON.stringify(e.type)},${texts[i]!}]`);
    const line = `[${JSON.stringify(decision.streamId)},${decision.expected},[${parts.join(',')}]]`;
    if (this.cipher === null) {
      this.cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.closed.length));
      this.chunkAt = this.size + this.pendingBytes;
      this.plainText.push(line);
    } else {
      this.plainText.push(`,${line}`);
    }
    this.textChars += line.length;
    if (this.textChars >= TEXT_CHARS) this.sealText();
    this.total += events.length;
    const chunk = this.cutter.add(events.length);
    if (chunk) this.closeChunk(chunk);
  }

  /** The replay is done: the last chunk written; the plan answered. */
  seal(): SpilledPlan {
    if (this.digest === null) {
      const last = this.cutter.end();
      if (last) this.closeChunk(last);
      this.sealText();
      this.flush();
      this.digest = this.hash.digest('hex');
    }
    return this;
  }

  get chunks(): readonly Chunk[] {
    return this.closed;
  }

  get events(): number {
    return this.total;
  }

  get planHash(): string {
    if (this.digest === null) throw new Error('The spill is not sealed');
    return this.digest;
  }

  read(index: number): Decision[] {
    if (this.digest === null) throw new Error('The spill is not sealed');
    const place = this.stored[index];
    if (place === undefined) throw new RangeError(`The spill has no chunk ${index}`);
    const sealed = Buffer.allocUnsafe(place.bytes);
    let got = 0;
    while (got < place.bytes) {
      const n = readSync(this.fd, sealed, got, place.bytes - got, place.at + got);
      if (n === 0) throw new Error(`The spill ends inside chunk ${index}`);
      got += n;
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce(index));
    decipher.setAuthTag(sealed.subarray(place.bytes - TAG_BYTES));
    const text = Buffer.concat([decipher.update(sealed.subarray(0, place.bytes - TAG_BYTES)), decipher.final()]);
    const rows = JSON.parse(`[${text.toString('utf8')}]`) as [string, number, [string, object][]][];
    return rows.map(([streamId, expected, events]) => ({
      streamId,
      expected,
      events: events.map(([type, data]): DomainEvent => ({ type, data })),
    }));
  }

  /** The file and the key let go. */
  close(): void {
    closeSync(this.fd);
    this.key.fill(0);
    this.cipher = null;
  }

  /** The chunk made ends with `chunk`'s last decision: its tag written after it. */
  private closeChunk(chunk: Chunk): void {
    this.sealText();
    const cipher = this.cipher!;
    this.put(cipher.final());
    this.put(cipher.getAuthTag());
    this.cipher = null;
    this.stored.push({ at: this.chunkAt, bytes: this.size + this.pendingBytes - this.chunkAt });
    this.closed.push(chunk);
  }

  /**
   * The decisions' texts gathered since the last call, sealed into the chunk being made and fed to the plan's hash in
   * one call each: the same bytes as one call per decision (GCM and SHA-256 are streams), without a native call, a
   * string's encoding and a buffer per decision (a million decisions at 100,000 members).
   */
  private sealText(): void {
    if (this.hashText.length > 0) this.hash.update(this.hashText.join(''));
    if (this.plainText.length > 0) this.put(this.cipher!.update(this.plainText.join(''), 'utf8'));
    this.hashText = [];
    this.plainText = [];
    this.textChars = 0;
  }

  /** Gathers sealed bytes, writing them to the file a megabyte at a time. */
  private put(bytes: Buffer): void {
    let from = 0;
    while (from < bytes.length) {
      const n = bytes.copy(this.pending, this.pendingBytes, from);
      this.pendingBytes += n;
      from += n;
      if (this.pendingBytes === WRITE_BYTES) this.flush();
    }
  }

  private flush(): void {
    let put = 0;
    while (put < this.pendingBytes)
      put += writeSync(this.fd, this.pending, put, this.pendingBytes - put, this.size + put);
    this.size += this.pendingBytes;
    this.pendingBytes = 0;
  }
}

/** Chunk `index`'s nonce: unique under the spill's key. */
function nonce(index: number): Buffer {
  const n = Buffer.alloc(NONCE_BYTES);
  n.writeUInt32BE(index, NONCE_BYTES - 4);
  return n;
}
