import { parentPort } from 'node:worker_threads';
import type { RenderAnswer, RenderRequest } from './render-thread-protocol.js';

/** What a render thread runs: makes the file from `start` and the batches, telling the items done. */
export type RenderBuild<S, I> = (
  start: S,
  batches: AsyncIterable<readonly I[]>,
  progress: (done: number) => void,
) => Promise<Buffer>;

/**
 * The worker side of `renderInThread`, called once by a render-thread entry: queues the batches the calling thread
 * posts, runs `build` over them and answers the bytes (transferred where the buffer is whole, copied otherwise: a
 * small Buffer may share Node's pool) or the error. The calling thread ends the thread once the answer came.
 */
export function serveRender<S, I>(build: RenderBuild<S, I>): void {
  const port = parentPort;
  if (!port) throw new Error('A render-thread entry runs as a worker thread');
  const queue: (readonly I[] | null)[] = [];
  let wake: (() => void) | undefined;
  async function* batches(): AsyncGenerator<readonly I[]> {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === null) return;
      yield next;
    }
  }
  const answer = (message: RenderAnswer, transfer?: ArrayBuffer[]): void => port.postMessage(message, transfer);
  port.on('message', (request: RenderRequest<S, I>) => {
    if ('start' in request) {
      build(request.start, batches(), (done) => answer({ done })).then(
        (bytes) => {
          const buffer = bytes.buffer;
          const whole =
            buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
          answer({ bytes: new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength) }, whole ? [buffer] : undefined);
        },
        (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    queue.push('batch' in request ? request.batch : null);
    wake?.();
    wake = undefined;
  });
  answer({ ready: true });
}
