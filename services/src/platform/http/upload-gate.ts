import { HttpException, HttpStatus } from '@nestjs/common';
import type { ValidationTemplate } from '@coop/contracts';
import { refusal } from './refusal.js';

/** How many uploads of a kind are worked on at once, how many may wait, and how a further one is refused (503). */
export interface UploadGateLimits {
  readonly atOnce: number;
  readonly waiting: number;
  /**
   * The most places, working and waiting, one owner (a cooperative) holds at once: beyond them its upload is refused
   * as when all are taken, so one cooperative's uploads, slow or many, never take every place (a review's probe: six
   * uploads sending a byte every 10 s kept every cooperative's imports refused). Absent: no owner's limit.
   */
  readonly perOwner?: number;
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
  /** Places held (working or waiting) by owner. */
  private readonly held = new Map<string, number>();

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
   * Runs `work` in its turn. Refused (503 with the kind's template) when as many wait as may, or when `owner` (the
   * uploading cooperative) holds as many places as it may (`perOwner`): `refused` runs first (the caller reads the
   * upload's body to its end and keeps nothing). `gone` aborts when the client went away.
   */
  async run<T>(
    work: () => Promise<T>,
    refused: () => Promise<void> = async () => undefined,
    gone?: AbortSignal,
    owner?: string,
  ): Promise<T> {
    const { atOnce, waiting, busy, perOwner } = this.limits;
    const holds = owner === undefined ? 0 : (this.held.get(owner) ?? 0);
    if (owner !== undefined && perOwner !== undefined && holds >= perOwner) return this.refuse(refused, busy);
    if (this.running < atOnce) this.running += 1;
    else if (this.queue.length < waiting) {
      this.take(owner, 1);
      try {
        await this.wait(gone);
      } finally {
        this.take(owner, -1);
      }
    } else return this.refuse(refused, busy);
    this.take(owner, 1);
    try {
      return await work();
    } finally {
      this.take(owner, -1);
      // The place goes to the first waiting, else it is free.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private async refuse(refused: () => Promise<void>, busy: UploadGateLimits['busy']): Promise<never> {
    await refused();
    throw new HttpException(refusal(busy.message, busy.template), HttpStatus.SERVICE_UNAVAILABLE);
  }

  /** `owner`'s places held, moved by `by`. */
  private take(owner: string | undefined, by: 1 | -1): void {
    if (owner === undefined) return;
    const now = (this.held.get(owner) ?? 0) + by;
    if (now > 0) this.held.set(owner, now);
    else this.held.delete(owner);
  }
}
