import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The compiled entries of the SQLite runtime's threads. They exist in `services/dist/platform/sqlite-runtime/` (npm
 * start, the worker, the benchmarks); where the services run from their TypeScript sources (jest), they exist only
 * when named there: the API tests name the compiled folder, unit and int tests run without threads.
 */
export interface RuntimeEntries {
  readonly projectionThread: URL;
  readonly readThread: URL;
}

/** The entries in `folder` (default: this module's folder, which is the compiled one when the services run built). */
export function runtimeEntries(folder: URL = new URL('./', import.meta.url)): RuntimeEntries {
  return {
    projectionThread: new URL('projection-thread.js', folder),
    readThread: new URL('read-thread.js', folder),
  };
}

export function isBuilt(entry: URL): boolean {
  return existsSync(fileURLToPath(entry));
}
