import type { BankStatementTemplate } from '@coop/contracts';
import { isRenderThreadBuilt, renderInThread } from '../../platform/render-thread/render-in-thread.js';
import { RenderBudgetExceeded, type RenderBudget } from '../../platform/render-thread/render-budget.js';
import { CamtRefusal, readCamt, type CamtStatement } from '../camt/camt-reader.js';

/** The compiled entry next to this module (it exists where the services run built: npm start, the benchmarks). */
export const CAMT_THREAD_ENTRY = new URL('./camt-thread.js', import.meta.url);

/**
 * Files larger than this are read in a thread of their own; smaller ones on the calling thread. 128 KiB is about 200
 * entries, a month of a mid-sized cooperative's account; the thread's start (its modules loaded anew, 130-200 ms,
 * platform/render-thread/README.md) is not worth it below (docs/performance.md section 22).
 */
export const CAMT_THREAD_ABOVE = 128 * 1024;

/** One file's read at most: far above the 20,000 entries of the largest file the API takes (bench/camt-read.js). */
export const CAMT_BUDGET: RenderBudget = { seconds: 120, memoryMb: 1024 };

/** What the thread answers: the statement, or the refusal's template and parameters. */
export type CamtThreadAnswer =
  | { readonly statement: CamtStatement }
  | { readonly refusal: { readonly template: BankStatementTemplate; readonly parameters: readonly string[] } };

async function* nothing(): AsyncGenerator<readonly never[]> {}

/**
 * Reads a statement file as `readCamt` does, the same answer and the same refusals: a large file in a read thread
 * (the parse of 20,000 entries held the API's event loop for seconds, docs/performance.md section 22), a small one, or
 * any where the services run from their TypeScript sources (jest), here. A read past its budget is the refusal
 * `bankStatementReadTooLong` (it answered 500).
 */
export async function readStatementFile(
  bytes: Uint8Array,
  entry: URL = CAMT_THREAD_ENTRY,
  budget: RenderBudget = CAMT_BUDGET,
): Promise<CamtStatement> {
  if (bytes.byteLength <= CAMT_THREAD_ABOVE || !isRenderThreadBuilt(entry)) return readCamt(bytes);
  const json = await renderInThread<Uint8Array, never>(entry, bytes, nothing(), undefined, budget).catch(
    (error: unknown) => {
      if (!(error instanceof RenderBudgetExceeded)) throw error;
      throw new CamtRefusal('bankStatementReadTooLong', [String(budget.seconds), String(budget.memoryMb)]);
    },
  );
  const answer = JSON.parse(json.toString('utf8')) as CamtThreadAnswer;
  if ('refusal' in answer) throw new CamtRefusal(answer.refusal.template, answer.refusal.parameters);
  return answer.statement;
}
