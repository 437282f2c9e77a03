import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { budgetClock, RenderBudgetExceeded, type RenderBudget } from './render-budget.js';
import type { RenderAnswer, RenderRequest } from './render-thread-protocol.js';

/** Whether a compiled render-thread entry exists (it does where the services run built; not under jest's TypeScript). */
export function isRenderThreadBuilt(entry: URL): boolean {
  return existsSync(fileURLToPath(entry));
}

/**
 * Items posted in one message at most: posting copies them on the calling thread (structured clone): 1000 statements of
 * account with their postings took 8-12 ms on an idle core, 200 about 1 ms; a larger batch goes in pieces.
 */
const POST_AT_MOST = 200;

/** One turn of the event loop. */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Makes one file in a worker thread of its own (`entry`, which calls `serveRender`): sends `start`, then each batch as
 * `batches` yields it, in pieces of at most 200 items (one turn of this thread's event loop between two, so other
 * requests run while the items are copied), then the end; answers the file's bytes. `progress` hears the items done
 * so far. A builder's error or a thread that stops fails the promise with the reason; the thread is always ended.
 * With a `budget` the thread's heap is limited to its memory (`resourceLimits`) and the thread is ended once its time
 * has passed: the promise then fails with RenderBudgetExceeded (issue 38).
 */
export async function renderInThread<S, I>(
  entry: URL,
  start: S,
  batches: AsyncIterable<readonly I[]>,
  progress?: (done: number) => void,
  budget?: RenderBudget,
): Promise<Buffer> {
  const worker = new Worker(entry, budget ? { resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb } } : {});
  const clock = budget ? budgetClock(budget) : undefined;
  let timer: NodeJS.Timeout | undefined;
  const send = (request: RenderRequest<S, I>): void => worker.postMessage(request);
  let failed: Error | undefined;
  const file = new Promise<Buffer>((resolve, reject) => {
    const fail = (error: Error): void => {
      failed ??= error;
      reject(error);
    };
    worker.on('message', (answer: RenderAnswer) => {
      if ('done' in answer) progress?.(answer.done);
      else if ('bytes' in answer)
        resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else if ('error' in answer) fail(new Error(`The render thread failed: ${answer.error}`));
    });
    worker.once('error', (error: Error & { code?: string }) =>
      fail(budget && error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new RenderBudgetExceeded(budget, 'memory') : error),
    );
    if (budget && clock) {
      timer = setTimeout(() => {
        fail(new RenderBudgetExceeded(budget, 'time'));
        void worker.terminate();
      }, clock.left());
    }
    worker.once('exit', (code) =>
      fail(new Error(`The render thread stopped before the file was made (exit code ${code})`)),
    );
  });
  file.catch(() => undefined);
  try {
    send({ start });
    for await (const batch of batches) {
      for (let i = 0; i < batch.length && !failed; i += POST_AT_MOST) {
        send({ batch: batch.length <= POST_AT_MOST ? batch : batch.slice(i, i + POST_AT_MOST) });
        await yieldToLoop();
      }
      if (failed) break;
    }
    send({ end: true });
    return await file;
  } finally {
    if (timer) clearTimeout(timer);
    await worker.terminate();
  }
}
