import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { refusal } from '../../platform/http/refusal.js';

/**
 * Import uploads (inspect, dry run, problems workbook, write) worked on at once in this process, and waiting at most.
 * Each reads its files in threads (READS_AT_ONCE per upload) and keeps their rows on the API's thread until it answers:
 * ten uploads of 47 MB at once, each within every limit, filled the API's heap and ended the process (a review, stop
 * 63). Beyond those waiting an upload is answered 503 `importBusy` before its body is read.
 */
export const IMPORTS_AT_ONCE = 2;
export const IMPORTS_WAITING = 4;

@Injectable()
export class ImportGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < IMPORTS_AT_ONCE) this.running += 1;
    else if (this.waiting.length < IMPORTS_WAITING) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else
      throw new HttpException(
        refusal('Other import files are being read just now. Please try again in a minute.', 'importBusy'),
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    try {
      return await work();
    } finally {
      // The place goes to the first waiting, else it is free.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
