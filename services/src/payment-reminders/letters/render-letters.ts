import { isRenderThreadBuilt, renderInThread } from '../../platform/render-thread/render-in-thread.js';
import type { RenderBudget } from '../../platform/render-thread/render-budget.js';
import { reminderLettersPdf, type ReminderIssuer, type ReminderLetter } from './reminder-letter-pdf.js';

/** The compiled entry next to this module (it exists where the services run built: npm start, the benchmarks). */
export const LETTERS_THREAD_ENTRY = new URL('./letters-thread.js', import.meta.url);

/**
 * Sendings of more letters than this are rendered in a render thread; smaller ones on the calling thread, yielding after
 * each letter (docs/payment-reminders.md "Limits": pdfkit lays out and deflates every page on the thread that calls it,
 * and its closing of the file, the font subsets of every page, is one piece).
 */
export const LETTERS_THREAD_ABOVE = 300;

/** The budget of one sending's letters: far above the 2,000 letters of the largest sending (bench/payment-reminder-letters.js). */
export const LETTERS_BUDGET: RenderBudget = { seconds: 120, memoryMb: 512 };

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The letters of one sending as one PDF: in a render thread when many and compiled, else here with the same renderer. */
export function renderLetters(
  issuer: ReminderIssuer,
  letters: readonly ReminderLetter[],
  entry: URL = LETTERS_THREAD_ENTRY,
): Promise<Buffer> {
  if (letters.length <= LETTERS_THREAD_ABOVE || !isRenderThreadBuilt(entry))
    return reminderLettersPdf(issuer, letters, yieldToLoop);
  async function* oneBatch(): AsyncGenerator<readonly ReminderLetter[]> {
    yield letters;
  }
  return renderInThread<ReminderIssuer, ReminderLetter>(entry, issuer, oneBatch(), undefined, LETTERS_BUDGET);
}
