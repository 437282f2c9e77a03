import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { refusal } from '../../platform/http/refusal.js';

/**
 * Bank statements read at once in this process, and waiting at most (decision 304). Reading one of 20,000 entries
 * (15 MB) takes a thread about 230 MB and the API's thread the matching and one append of its entries: four sent at
 * once took 0.9 GB more and held the API's answers 7.7 s, so many would fill the memory. A place is taken once the
 * upload's body is read (a slow sender holds no place; a body is at most 20 MiB); beyond those waiting an upload is
 * answered 503 `bankStatementBusy`.
 */
export const STATEMENTS_AT_ONCE = 1;
export const STATEMENTS_WAITING = 4;

@Injectable()
export class StatementGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** Uploads waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` in its turn; refused (503 `bankStatementBusy`) when as many wait as may. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < STATEMENTS_AT_ONCE) this.running += 1;
    else if (this.waiting.length < STATEMENTS_WAITING) await new Promise<void>((turn) => this.waiting.push(turn));
    else
      throw new HttpException(
        refusal('Other bank statements are being read just now. Please try again in a minute.', 'bankStatementBusy'),
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
