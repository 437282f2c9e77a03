/**
 * Lets the thread's other work run between two batches of a rebuild (decision 202): on SQLite every read and write
 * resolves without waiting for I/O, so a replay awaiting only them never gave the event loop back, and the projection
 * thread's live projections, its messages and its progress reports waited until the whole rebuild had ended.
 */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
