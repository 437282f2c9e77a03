import { Injectable } from '@nestjs/common';
import { UploadGate } from '../../platform/http/upload-gate.js';

/**
 * Import uploads (inspect, dry run, problems workbook, write) worked on at once in this process, and waiting at most.
 * Each reads its files in threads (READS_AT_ONCE per upload) and keeps them and their rows on the API's thread until it
 * answers: ten uploads of 47 MB at once, each within every limit, filled the API's heap and ended the process (a
 * review, stop 63). A place is taken before the upload's body is read, so at most IMPORTS_AT_ONCE bodies (of at most
 * 160 MB each) are held; those waiting are not read yet (the caller reads a refused upload's body to its end and keeps
 * nothing, see discardUpload). Beyond those waiting an upload is answered 503 `importBusy`.
 */
export const IMPORTS_AT_ONCE = 2;
/** Waiting uploads are not read yet and cost nothing but their connection. */
export const IMPORTS_WAITING = 6;
/**
 * One cooperative's uploads at once (decision 332): one worked on, the others waiting behind it, at most six in all,
 * so one cooperative's uploads (six sending a byte every 10 s, a review's probe) never take every place worked on.
 */
export const IMPORTS_PER_COOPERATIVE = { running: 1, held: 6 } as const;

@Injectable()
export class ImportGate extends UploadGate {
  constructor() {
    super({
      atOnce: IMPORTS_AT_ONCE,
      waiting: IMPORTS_WAITING,
      perOwner: IMPORTS_PER_COOPERATIVE,
      busy: {
        message: 'Other import files are being read just now. Please try again in a minute.',
        template: 'importBusy',
      },
    });
  }
}
