import { serveRender } from '../../platform/render-thread/serve-render.js';
import { CamtRefusal, readCamt } from '../camt/camt-reader.js';
import type { CamtThreadAnswer } from './read-statement-file.js';

/*
 * The bank statements' read-thread entry (compiled: services/dist/bank-statements/read-thread/camt-thread.js): reads
 * the file posted at the start with the same `readCamt` as the calling thread would, and answers the statement, or the
 * refusal with its template, as JSON (the render thread carries bytes; a refusal's class does not cross threads).
 */
serveRender<Uint8Array, never>(async (bytes) => {
  let answer: CamtThreadAnswer;
  try {
    answer = { statement: readCamt(bytes) };
  } catch (error) {
    if (!(error instanceof CamtRefusal)) throw error;
    answer = { refusal: { template: error.template, parameters: [...error.parameters] } };
  }
  return Buffer.from(JSON.stringify(answer), 'utf8');
});
