import { parentPort } from 'node:worker_threads';
import type { MemberDto } from '@coop/contracts';
import { buildMemberFile } from '../render/member-file.js';
import type { RenderAnswer, RenderRequest } from './render-protocol.js';

/*
 * The render thread's entry (compiled: services/dist/exports/render-thread/render-thread.js): builds one member list
 * file with the same builders as the API thread would (csv-stringify, exceljs, jszip), fed the batches the API thread
 * posts, and answers the bytes. One thread per file; the API thread ends it once the file (or the error) came.
 */

const port = parentPort;
if (!port) throw new Error('render-thread.js runs as a worker thread');

const queue: (readonly MemberDto[] | null)[] = [];
let wake: (() => void) | undefined;

async function* batches(): AsyncGenerator<readonly MemberDto[]> {
  for (;;) {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    const next = queue.shift()!;
    if (next === null) return;
    yield next;
  }
}

const answer = (message: RenderAnswer, transfer?: ArrayBuffer[]): void => port.postMessage(message, transfer);

port.on('message', (request: RenderRequest) => {
  if ('start' in request) {
    const { format, dialect } = request.start;
    buildMemberFile(format, dialect, batches(), (done) => answer({ done }))
      .then((bytes) => {
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
        const out = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        answer({ bytes: out }, whole ? [bytes.buffer as ArrayBuffer] : undefined);
      })
      .catch((error: unknown) => {
        answer({ error: error instanceof Error ? error.message : String(error) });
      });
    return;
  }
  queue.push('batch' in request ? request.batch : null);
  wake?.();
  wake = undefined;
});
answer({ ready: true });
