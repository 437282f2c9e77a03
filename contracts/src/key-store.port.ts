/** Keeps one AES-256 key per data subject (member, user). Deleting a key erases the subject's personal data. */
export interface KeyStore {
  /** The subject's key, created on first use. */
  getOrCreate(subjectId: string): Promise<Buffer>;
  /** The subject's key, or undefined when it never existed or was erased. */
  find(subjectId: string): Promise<Buffer | undefined>;
  /** Deletes the key for good. */
  erase(subjectId: string): Promise<void>;
  close(): Promise<void>;
}
