/**
 * Where task results and uploaded files are kept (issue 24): bytes by id, written once, removed when replaced.
 * One adapter per engine (a folder beside the embedded stores; GridFS on MongoDB); one contract suite for all.
 */
export interface FileStore {
  /** Stores `bytes` under `fileId`; a second put of the same id replaces it. */
  put(fileId: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such file (never written, or removed). */
  get(fileId: string): Promise<Uint8Array | null>;
  /** Removes the file; removing a missing file is no error. */
  remove(fileId: string): Promise<void>;
  close(): Promise<void>;
}
