import { serveRender } from '../../platform/render-thread/serve-render.js';
import { reminderLettersPdf, type ReminderIssuer, type ReminderLetter } from './reminder-letter-pdf.js';

/*
 * The reminder letters' render-thread entry (compiled: services/dist/payment-reminders/letters/letters-thread.js):
 * renders the letters of a large sending with the same pdfkit renderer as the calling thread would, fed the letters it
 * posts.
 */
serveRender<ReminderIssuer, ReminderLetter>((issuer, batches, progress) => {
  let done = 0;
  return reminderLettersPdf(issuer, batches, async () => progress(++done));
});
