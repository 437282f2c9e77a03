import { HttpException, HttpStatus } from '@nestjs/common';
import type { ValidationTemplate } from '@coop/contracts';
import { refusal } from './refusal.js';

/** How many uploads of a kind are worked on at once, how many may wait, and how a further one is refused (503). */
export interface UploadGateLimits {
  readonly atOnce: number;
  readonly waiting: number;
  readonly busy: { readonly message: string; readonly template: ValidationTemplate };
}

/**
 * Uploads of one kind worked on at once in this process, the rest waiting in order up to a number, beyond it refused
 * with 503 (the import's files, decision 292; bank statements, decision 304). The area's gate is this class with its
 * own limits. An upload whose client is gone while it waits (`gone`: its connection closed, also by the server's
 * request time of 300 s) leaves the queue at once, so it neither keeps a place among those waiting nor takes one to
 * read a body nobody sends.
 */
export class UploadGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: UploadGateLimits) {}

  /** Uploads waiting for a place now. */
  get queued(): number {
    return this.queue.length;
  }

  private wait(gone?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (): void => {
        const at = this.queue.indexOf(turn);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new Error('The upload was abandoned by its client while it waited'));
      };
      const turn = (): void => {
        gone?.removeEventListener('abort', leave);
        resolve();
      };
      if (gone?.aborted) return leave();
      this.queue.push(turn);
      gone?.addEventListener('abort', leave, { once: true });
    });
  }

  /**
   * Runs `work` in its turn. Refused (503 with the kind's template) when as many wait as may: `refused` runs first (the
   * caller reads the upload's body to its end and keeps nothing). `gone` aborts when the client went away.
   */
  async run<T>(
    work: () => Promise<T>,
    refused: () => Promise<void> = async () => undefined,
    gone?: AbortSignal,
  ): Promise<T> {
    const { atOnce, waiting, busy } = this.limits;
    if (this.running < atOnce) this.running += 1;
    else if (this.queue.length < waiting) await this.wait(gone);
    else {
      await refused();
      throw new HttpException(refusal(busy.message, busy.template), HttpStatus.SERVICE_UNAVAILABLE);
    }
    try {
      return await work();
    } finally {
      // The place goes to the first waiting, else it is free.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
