/** Keeps one AES-256 key per data subject (member, user). Deleting a key erases the subject's personal data. */
export interface KeyStore {
  /** The subject's key, created on first use. */
  getOrCreate(subjectId: string): Promise<Buffer>;
  /**
   * Optional: the keys of many subjects, those missing created in ONE durable write (a large append, e.g. an import of a
   * register, would otherwise wait for one synchronous commit per new subject). Same keys as `getOrCreate` would give.
   */
  getOrCreateMany?(subjectIds: readonly string[]): Promise<ReadonlyMap<string, Buffer>>;
  /** The subject's key, or undefined when it never existed or was erased. */
  find(subjectId: string): Promise<Buffer | undefined>;
  /**
   * Optional: the keys of many subjects as `find` would give them, in one look-up (a rebuild opens thousands of
   * subjects' events a batch); a subject without a key is absent.
   */
  findMany?(subjectIds: readonly string[]): Promise<ReadonlyMap<string, Buffer>>;
  /** Deletes the key for good. */
  erase(subjectId: string): Promise<void>;
  close(): Promise<void>;
}
