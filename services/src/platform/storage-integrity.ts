import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteReadStoreFiles } from '@coop/projections';

/** A damaged embedded store found at start; the process must not start on it. */
export class DamagedStoreError extends Error {
  constructor(
    readonly file: string,
    readonly findings: readonly string[],
    advice: string,
  ) {
    // SQLite's findings may span lines (`*** in database main ***` then the page): one line for the log.
    super(
      `${file} is damaged: ${findings
        .slice(0, 5)
        .map((f) => f.replace(/\s*\n\s*/g, ' '))
        .join('; ')}. ${advice}`,
    );
    this.name = 'DamagedStoreError';
  }
}

const RESTORE =
  'Do not start on it: restore the data directory from a backup (npm run restore, docs/operations.md "Backup and restore").';
const REBUILD =
  'The read models are made from the event log: delete read-models.current and the read-models files (.sqlite, -wal and -shm), then run npm run projections:rebuild.';

/** Findings at most reported by one check (PRAGMA quick_check(N)). */
const MAX_FINDINGS = 20;

/**
 * Checks the embedded stores of a data directory before anything opens them (issue 28): a torn or corrupt file is
 * refused with a clear message instead of being read, or written on, as far as it goes.
 *
 * The event log and the key store get SQLite's `PRAGMA quick_check` (every page, every b-tree and record format, no
 * index contents): about 0.3-0.7 s for the 544 MB log of the 100,000-member fill, 25 ms for its key store. The read
 * store (1.2 GB there, 14 s to check) only gets a cheap test, its size against the pages its header counts: it is
 * rebuilt from the log, and a damaged one is best rebuilt, not mended. A torn tail of a write-ahead log is not
 * damage: SQLite drops the frames of a commit that never completed, and with `synchronous = FULL` no acknowledged
 * commit is among them.
 */
export function checkEmbeddedStores(
  dataDir: string,
  stores: { readonly events: boolean; readonly keys: boolean; readonly readModels: boolean },
): void {
  if (stores.events) quickCheck(join(dataDir, 'events.sqlite'));
  if (stores.keys) quickCheck(join(dataDir, 'keys.sqlite'));
  if (stores.readModels) sizeCheck(SqliteReadStoreFiles.current(dataDir));
}

function quickCheck(file: string): void {
  if (!existsSync(file)) return;
  const findings = inspect(
    file,
    (db) => db.pragma(`quick_check(${MAX_FINDINGS})`, { simple: false }) as Array<{ quick_check: string }>,
  );
  const problems = findings.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (problems.length > 0) throw new DamagedStoreError(file, problems, RESTORE);
}

function sizeCheck(file: string): void {
  if (!existsSync(file)) return;
  const bytes = statSync(file).size;
  if (bytes === 0) return; // created, nothing written yet
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (bytes < 100 || header.toString('latin1', 0, 16) !== 'SQLite format 3\0') {
    throw new DamagedStoreError(file, [`no SQLite header (${bytes} bytes)`], REBUILD);
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  // The header's page count is valid when the change counter (24) equals "version valid for" (92). The write-ahead log
  // may hold later pages not yet copied into the file: they are not counted here, so only a file shorter than its own
  // header says is torn.
  const valid = header.readUInt32BE(24) === header.readUInt32BE(92);
  // A checkpoint copies page 1 (with the new count) before the pages that grow the file: a process stopped in the
  // middle of one leaves a file shorter than its header with every page still in the write-ahead log, which SQLite
  // copies again when it opens the file. That is no damage.
  if (valid && bytes < pages * pageSize && !walHoldsFrames(file)) {
    throw new DamagedStoreError(
      file,
      [`${bytes} bytes, but its header counts ${pages} pages of ${pageSize} bytes`],
      REBUILD,
    );
  }
}

const WAL_MAGIC = [0x377f0682, 0x377f0683];
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;

/**
 * Whether the write-ahead log beside `file` holds frames of its current generation: its first frame carries the
 * salts of the log's header (SQLite's WAL format). Frames of an earlier generation (salts differing) are not read by
 * SQLite and mend nothing.
 */
function walHoldsFrames(file: string): boolean {
  const wal = `${file}-wal`;
  if (!existsSync(wal) || statSync(wal).size < WAL_HEADER_BYTES + WAL_FRAME_HEADER_BYTES) return false;
  const head = Buffer.alloc(WAL_HEADER_BYTES + WAL_FRAME_HEADER_BYTES);
  const fd = openSync(wal, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!WAL_MAGIC.includes(head.readUInt32BE(0))) return false;
  const frame = WAL_HEADER_BYTES;
  return (
    head.readUInt32BE(16) === head.readUInt32BE(frame + 8) && head.readUInt32BE(20) === head.readUInt32BE(frame + 12)
  );
}

function inspect<T>(file: string, read: (db: Database.Database) => T): T {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    return read(db);
  } catch (error) {
    if (error instanceof DamagedStoreError) throw error;
    throw new DamagedStoreError(
      file,
      [error instanceof Error ? error.message : String(error)],
      /read-models(\.\d+)?\.sqlite$/.test(file) ? REBUILD : RESTORE,
    );
  } finally {
    db?.close();
  }
}
