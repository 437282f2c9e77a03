/*
 * The plan of an import's write (issue 40), pure: which decisions go into which chunk, and the ids the replay draws,
 * both fixed by the import's own id and the chunk size recorded in `RegisterImportStarted`, so that a resume decides
 * the same events with the same ids in the same chunks as the run it finishes.
 */

/** A chunk: decisions `from` (inclusive) to `to` (exclusive) of the decisions with events, and how many events. */
export interface Chunk {
  readonly from: number;
  readonly to: number;
  readonly events: number;
}

/**
 * The chunks of `sizes` (each decision's event count, in order, none empty): consecutive decisions until a chunk holds
 * `chunkEvents` events or more. A decision is never split (its events go to one stream at one revision), so a chunk
 * holds at most `chunkEvents - 1` plus one decision's events.
 */
export function chunksOf(sizes: readonly number[], chunkEvents: number): Chunk[] {
  const cutter = new ChunkCutter(chunkEvents);
  const chunks: Chunk[] = [];
  for (const size of sizes) {
    const closed = cutter.add(size);
    if (closed) chunks.push(closed);
  }
  const last = cutter.end();
  if (last) chunks.push(last);
  return chunks;
}

/**
 * `chunksOf` as the decisions come (a write's spill, decision 260): `add` each decision's event count in order; it
 * answers the chunk that decision closes, else null; `end` answers the last chunk, if any decisions are left.
 */
export class ChunkCutter {
  private from = 0;
  private count = 0;
  private events = 0;

  constructor(private readonly chunkEvents: number) {
    if (!Number.isSafeInteger(chunkEvents) || chunkEvents < 1)
      throw new RangeError('chunkEvents must be a whole number of at least 1');
  }

  add(size: number): Chunk | null {
    this.count += 1;
    this.events += size;
    if (this.events < this.chunkEvents) return null;
    const chunk = { from: this.from, to: this.count, events: this.events };
    this.from = this.count;
    this.events = 0;
    return chunk;
  }

  end(): Chunk | null {
    return this.from < this.count ? { from: this.from, to: this.count, events: this.events } : null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COUNTER_DIGITS = 8;

/**
 * The ids of import `importId` (a UUID v7): id k is a UUID v7 with the import's timestamp, the import id's own random
 * digits and k, so the same import draws the same ids in the same order on every run, and an id tells which import
 * drew it (`drawnBy`). Different imports have different ids: their own ids differ in the time or the random digits used
 * (one import runs at a time, so two in the same millisecond with the same ten random digits do not happen).
 */
export class ImportIds {
  private readonly prefix: string;
  private count = 0;

  constructor(importId: string) {
    if (!UUID.test(importId)) throw new RangeError(`Not a UUID: ${importId}`);
    const hex = importId.replace(/-/g, '');
    // time (12 digits) · version 7 · 3 + 3 + 4 digits of the import id's random part · variant 8 · the counter (8 digits)
    this.prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 24)}`;
  }

  /** The next id. */
  next(): string {
    const k = this.count++;
    if (k >= 0x1_0000_0000) throw new RangeError('An import draws at most 2^32 ids');
    return `${this.prefix}${k.toString(16).padStart(COUNTER_DIGITS, '0')}`;
  }

  /** How many ids were drawn. */
  get drawn(): number {
    return this.count;
  }

  /** Whether `id` is one of the first `count` ids of this import. */
  drawnBy(id: string, count: number): boolean {
    if (id.length !== 36 || !id.startsWith(this.prefix)) return false;
    const k = Number.parseInt(id.slice(28), 16);
    return Number.isSafeInteger(k) && k < count;
  }
}
