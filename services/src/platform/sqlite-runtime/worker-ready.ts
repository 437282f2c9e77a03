import type { Worker } from 'node:worker_threads';

/**
 * Resolves with the first message a worker thread sends (its "ready"); rejects when the thread fails or stops before
 * it, instead of leaving the start waiting. `what` names the thread in the error (`A read thread`).
 */
export function whenReady(worker: Worker, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = (code: number): void => reject(new Error(`${what} stopped while starting (exit code ${code})`));
    worker.once('error', reject);
    worker.once('exit', stopped);
    worker.once('message', () => {
      worker.off('error', reject);
      worker.off('exit', stopped);
      resolve();
    });
  });
}
