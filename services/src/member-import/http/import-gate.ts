import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { refusal } from '../../platform/http/refusal.js';

/**
 * Import uploads (inspect, dry run, problems workbook, write) worked on at once in this process, and waiting at most.
 * Each reads its files in threads (READS_AT_ONCE per upload) and keeps them and their rows on the API's thread until it
 * answers: ten uploads of 47 MB at once, each within every limit, filled the API's heap and ended the process (a
 * review, stop 63). A place is taken before the upload's body is read, so at most IMPORTS_AT_ONCE bodies (of at most
 * 160 MB each) are held; those waiting are not read yet. Beyond those waiting an upload is answered 503 `importBusy`.
 */
export const IMPORTS_AT_ONCE = 2;
export const IMPORTS_WAITING = 4;

@Injectable()
export class ImportGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * Waits for a place. An upload whose client is gone (`gone`: its connection closed, also by the server's request
   * time of 300 s) leaves the queue at once: it would otherwise keep a place among those waiting, then take a place
   * to read a body nobody sends.
   */
  private wait(gone?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (): void => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new Error('The upload was abandoned by its client while it waited'));
      };
      const turn = (): void => {
        gone?.removeEventListener('abort', leave);
        resolve();
      };
      if (gone?.aborted) return leave();
      this.waiting.push(turn);
      gone?.addEventListener('abort', leave, { once: true });
    });
  }

  /** Uploads waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` in its turn. Refused (503 `importBusy`) when as many wait as may: `refused` runs first (the caller reads
   * the upload's body to its end and keeps nothing, see discardUpload). `gone` aborts when the client went away.
   */
  async run<T>(
    work: () => Promise<T>,
    refused: () => Promise<void> = async () => undefined,
    gone?: AbortSignal,
  ): Promise<T> {
    if (this.running < IMPORTS_AT_ONCE) this.running += 1;
    else if (this.waiting.length < IMPORTS_WAITING) await this.wait(gone);
    else {
      await refused();
      throw new HttpException(
        refusal('Other import files are being read just now. Please try again in a minute.', 'importBusy'),
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
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
