/** The API takes at most this many files per import (design 29). */
export const MAX_FILES = 8;

const IMPORTABLE = /\.(csv|xlsx)$/i;

/**
 * The files chosen so far with the newly picked ones added: CSV and XLSX only (by name), a file of the same name
 * replaced by the new pick, at most `MAX_FILES`; what was left out is named.
 */
export function acceptedFiles(
  current: readonly File[],
  picked: readonly File[],
): { files: File[]; refused: string[]; tooMany: boolean } {
  const refused = picked.filter((f) => !IMPORTABLE.test(f.name)).map((f) => f.name);
  const fresh = picked.filter((f) => IMPORTABLE.test(f.name));
  const kept = current.filter((f) => !fresh.some((n) => n.name === f.name));
  const all = [...kept, ...fresh];
  return { files: all.slice(0, MAX_FILES), refused, tooMany: all.length > MAX_FILES };
}
