/**
 * renderInThread and serveRender: the batches reach the thread in order, progress and the bytes come back, and a
 * thread that fails or stops fails the promise with the reason. The entries are small ES modules written for the test
 * that import the compiled `serve-render.js` (services/dist, made by `npx tsc -b services`): jest's TypeScript
 * transform does not reach into a worker thread.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { RenderBudgetExceeded } from './render-budget.js';
import { renderInThread } from './render-in-thread.js';

const SERVE = new URL('../../../dist/platform/render-thread/serve-render.js', import.meta.url);
const built = existsSync(SERVE);
if (!built) console.warn(`SKIPPED: render thread suite needs the built ${SERVE.pathname} (npx tsc -b services)`);

const dir = mkdtempSync(join(tmpdir(), 'coop-render-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A render-thread entry whose build is `body` (a function of start, batches, progress). */
function entry(name: string, body: string): URL {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import { serveRender } from ${JSON.stringify(SERVE.href)};\nserveRender(${body});\n`);
  return pathToFileURL(file);
}

async function* numbers(batches: number, size: number): AsyncGenerator<number[]> {
  for (let b = 0; b < batches; b += 1) yield Array.from({ length: size }, (_, i) => b * size + i);
}

(built ? describe : describe.skip)('rendering in a thread of its own', () => {
  it('hands the thread the start and every batch in order (queued while it is busy), and answers its bytes and progress', async () => {
    const joining = entry(
      'joining',
      `async (start, batches, progress) => { await new Promise((resolve) => setTimeout(resolve, 300)); const out = [start.prefix]; let done = 0; for await (const b of batches) { out.push(...b); done += b.length; progress(done); } return Buffer.from(out.join(',')); }`,
    );
    const done: number[] = [];
    const bytes = await renderInThread(joining, { prefix: 'n' }, numbers(5, 3), (n) => done.push(n));
    expect(bytes.toString()).toBe(['n', ...Array.from({ length: 15 }, (_, i) => i)].join(','));
    expect(done).toEqual([3, 6, 9, 12, 15]);
  });

  it('fails with the builder’s error', async () => {
    const failing = entry(
      'failing',
      `async (start, batches) => { for await (const b of batches) if (b.includes(4)) throw new Error('no fours'); return Buffer.alloc(0); }`,
    );
    await expect(renderInThread(failing, {}, numbers(3, 3))).rejects.toThrow('The render thread failed: no fours');
  });

  // Issue 38: a file that would hold a thread or memory for as long as it takes is stopped at its budget.
  it('ends a thread past its time budget and fails with RenderBudgetExceeded (time)', async () => {
    const endless = entry(
      'endless',
      `async () => { for (;;) await new Promise((resolve) => setTimeout(resolve, 50)); }`,
    );
    const failure = renderInThread(endless, {}, numbers(1, 1), undefined, { seconds: 0.5, memoryMb: 64 });
    await expect(failure).rejects.toBeInstanceOf(RenderBudgetExceeded);
    await expect(failure).rejects.toMatchObject({ reason: 'time' });
  }, 20_000);

  it('limits a thread’s heap to its memory budget and fails with RenderBudgetExceeded (memory)', async () => {
    const hungry = entry(
      'hungry',
      `async () => { const kept = []; for (;;) { kept.push(new Array(100_000).fill({ x: kept.length })); if (kept.length % 10 === 0) await new Promise((resolve) => setImmediate(resolve)); } }`,
    );
    const failure = renderInThread(hungry, {}, numbers(1, 1), undefined, { seconds: 60, memoryMb: 32 });
    await expect(failure).rejects.toBeInstanceOf(RenderBudgetExceeded);
    await expect(failure).rejects.toMatchObject({ reason: 'memory' });
  }, 60_000);

  it('fails when the thread stops before the file is made', async () => {
    const dying = join(dir, 'dying.mjs');
    writeFileSync(
      dying,
      "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ ready: true });\nprocess.exit(3);\n",
    );
    await expect(renderInThread(pathToFileURL(dying), {}, numbers(3, 3))).rejects.toThrow(/exit code 3/);
  });
});
