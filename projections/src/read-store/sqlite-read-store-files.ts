import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { CollectionSpec, ReadStore } from '@coop/contracts';
import type { ReadStoreSides } from '../runner/read-store-sides.js';
import { SqliteReadStore, type SqliteReadStoreOptions } from './sqlite-read-store.js';

/** The read store's first file, and the one every installation had before rebuilds were built beside it. */
export const FIRST_READ_STORE_FILE = 'read-models.sqlite';
/** The file naming the current read store's file (absent: FIRST_READ_STORE_FILE). */
export const READ_STORE_POINTER = 'read-models.current';
/** A read store's file: the first, or one a rebuild made (`read-models.<generation>.sqlite`). */
const FILE_NAME = /^read-models(?:\.([1-9][0-9]{0,8}))?\.sqlite$/;
/** The most bytes the pointer file may hold (a file name); a longer one is not the product's. */
const POINTER_MAX_BYTES = 64;

/** The SQLite side files of a database file. */
const withSideFiles = (file: string): string[] => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];

/**
 * The SQLite read store's files in the data directory (decision 171): the current one is named by the pointer file
 * `read-models.current` (without it, `read-models.sqlite`); a rebuild builds the next generation beside it
 * (`read-models.<n>.sqlite`) and switches by replacing the pointer file (write, fsync, rename: one atomic step).
 * Every process and thread opens the file the pointer names; those already open are told of the switch
 * (`onSwitched`, the projection thread's message to the API thread). Files of other generations are left by a
 * rebuild that was interrupted, or by a switch whose old file was still open: each open() removes them.
 */
export class SqliteReadStoreFiles implements ReadStoreSides {
  private readonly files = new Map<ReadStore, string>();
  private readonly listeners: ((file: string, store: ReadStore) => void)[] = [];

  constructor(
    private readonly dir: string,
    private readonly collections: readonly CollectionSpec[],
    /** How a side store is opened (the projections' connection options and the views). */
    private readonly options: SqliteReadStoreOptions = {},
    /** Called with a new file before SQLite opens it (the product keeps its files private). */
    private readonly prepare: (file: string) => void = () => undefined,
  ) {}

  /** The current read store's file (as the pointer names it). */
  static current(dir: string): string {
    return join(dir, SqliteReadStoreFiles.currentName(dir));
  }

  private static currentName(dir: string): string {
    const pointer = join(dir, READ_STORE_POINTER);
    if (!existsSync(pointer)) return FIRST_READ_STORE_FILE;
    const text = readFileSync(pointer, 'utf8');
    const name = text.length <= POINTER_MAX_BYTES ? text.trim() : '';
    if (!FILE_NAME.test(name))
      throw new Error(
        `${pointer} does not name a read-model file (${JSON.stringify(text.slice(0, POINTER_MAX_BYTES))})`,
      );
    return name;
  }

  /**
   * The names of the read-model files in `dir` of other generations than the current one, with their side files: left
   * by an interrupted rebuild or by a switch whose old file was still open; open() removes them.
   */
  static staleFiles(dir: string): string[] {
    const current = SqliteReadStoreFiles.currentName(dir);
    return readdirSync(dir).filter((name) => {
      const base = name.replace(/-(wal|shm|journal)$/, '');
      return FILE_NAME.test(base) && base !== current;
    });
  }

  /**
   * Removes a file of the read models switched away from, with its side files, once the process that read it closed it
   * (decision 397: it kept the values an erasure blanked since, in clear, until the next rebuild). Nothing when it is
   * the current file again or no read-model file of `dir`. Another process still reading it keeps its open file.
   */
  static removeRetired(dir: string, file: string): void {
    const name = file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : '';
    if (!FILE_NAME.test(name) || name === SqliteReadStoreFiles.currentName(dir)) return;
    for (const f of withSideFiles(join(dir, name))) rmSync(f, { force: true });
  }

  /** Calls `listener` after every switch with the new current file and its store. */
  onSwitched(listener: (file: string, store: ReadStore) => void): void {
    this.listeners.push(listener);
  }

  async open(copyOf?: ReadStore): Promise<ReadStore> {
    const current = SqliteReadStoreFiles.currentName(this.dir);
    const generation = Number(FILE_NAME.exec(current)![1] ?? '0') + 1;
    for (const name of SqliteReadStoreFiles.staleFiles(this.dir)) rmSync(join(this.dir, name), { force: true });
    const file = join(this.dir, `read-models.${generation}.sqlite`);
    this.prepare(file);
    if (copyOf) {
      if (!(copyOf instanceof SqliteReadStore))
        throw new Error('A side SQLite read store copies a SQLite read store only');
      await copyOf.copyTo(file);
    }
    const store = new SqliteReadStore(file, this.options);
    this.files.set(store, file);
    await store.ensureCollections(this.collections);
    return store;
  }

  /** The file of a side store this opened and has not switched to or discarded. */
  fileOf(side: ReadStore): string | undefined {
    return this.files.get(side);
  }

  async switchTo(side: ReadStore, current: ReadStore): Promise<ReadStore> {
    const file = this.files.get(side);
    if (!file) throw new Error('Not a side store of this read store');
    const pointer = join(this.dir, READ_STORE_POINTER);
    const next = `${pointer}.next`;
    writeFileSync(next, `${file.slice(this.dir.length + 1)}\n`, { mode: 0o600 });
    syncFile(next);
    renameSync(next, pointer);
    syncFile(this.dir);
    this.files.delete(side);
    for (const listener of this.listeners) listener(file, side);
    await current.close();
    return side;
  }

  async discard(side: ReadStore): Promise<void> {
    const file = this.files.get(side);
    this.files.delete(side);
    await side.close();
    if (file) for (const f of withSideFiles(file)) rmSync(f, { force: true });
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
