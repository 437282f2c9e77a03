import { HttpException, HttpStatus } from '@nestjs/common';
import type { ValidationTemplate } from '@coop/contracts';
import { ClientGoneError } from './client-gone.js';
import { refusal } from './refusal.js';

/** How many uploads of a kind are worked on at once, how many may wait, and how a further one is refused (503). */
export interface UploadGateLimits {
  readonly atOnce: number;
  readonly waiting: number;
  /**
   * What one owner (a cooperative) may hold at once (decision 332): `running` places worked on, `held` places working
   * and waiting together. Its upload beyond `held` is refused as when all are taken; beyond `running` it waits while
   * other owners' uploads take the free places, so one cooperative's uploads, slow or many, never take every place
   * worked on (a review's probe: six uploads sending a byte every 10 s kept every cooperative's imports refused).
   * Absent: no owner's limit.
   */
  readonly perOwner?: { readonly running: number; readonly held: number };
  readonly busy: { readonly message: string; readonly template: ValidationTemplate };
}

interface Waiting {
  readonly owner: string | undefined;
  readonly turn: () => void;
}

/**
 * Uploads of one kind worked on at once in this process, the rest waiting in order up to a number, beyond it refused
 * with 503 (the import's files, decision 292; bank statements, decision 304). The area's gate is this class with its
 * own limits. An upload whose client is gone while it waits (`gone`: its connection closed, also by the server's
 * request time of 300 s) leaves the queue at once, so it neither keeps a place among those waiting nor takes one to
 * read a body nobody sends; it is rejected with a `ClientGoneError`.
 */
export class UploadGate {
  private running = 0;
  private readonly queue: Waiting[] = [];
  /** Places worked on, and places held (worked on or waiting), by owner. */
  private readonly runningBy = new Map<string, number>();
  private readonly heldBy = new Map<string, number>();

  constructor(private readonly limits: UploadGateLimits) {}

  /** Uploads waiting for a place now. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Runs `work` in its turn. Refused (503 with the kind's template) when as many wait as may, or when `owner` (the
   * uploading cooperative) holds as many places as it may (`perOwner.held`): `refused` runs first (the caller reads
   * the upload's body to its end and keeps nothing). `gone` aborts when the client went away.
   */
  async run<T>(
    work: () => Promise<T>,
    refused: () => Promise<void> = async () => undefined,
    gone?: AbortSignal,
    owner?: string,
  ): Promise<T> {
    const { waiting, busy, perOwner } = this.limits;
    if (owner !== undefined && perOwner !== undefined && count(this.heldBy, owner) >= perOwner.held)
      return this.refuse(refused, busy);
    if (this.mayRun(owner)) this.start(owner);
    else if (this.queue.length < waiting) await this.wait(owner, gone);
    else return this.refuse(refused, busy);
    try {
      return await work();
    } finally {
      this.release(owner);
    }
  }

  /**
   * Runs `work` in its turn, never refused: it waits however many wait, and counts among them (and among `owner`'s
   * places) while it does. For background tasks, which must wait rather than fail, and of which few exist at once (a
   * cooperative runs one task of a kind at a time).
   */
  async inTurn<T>(work: () => Promise<T>, owner?: string): Promise<T> {
    if (this.mayRun(owner)) this.start(owner);
    else await this.wait(owner);
    try {
      return await work();
    } finally {
      this.release(owner);
    }
  }

  private release(owner: string | undefined): void {
    this.running -= 1;
    move(this.runningBy, owner, -1);
    move(this.heldBy, owner, -1);
    this.next();
  }

  /** Whether an upload of `owner` may be worked on now: a place is free, and the owner works on fewer than it may. */
  private mayRun(owner: string | undefined): boolean {
    const { atOnce, perOwner } = this.limits;
    if (this.running >= atOnce) return false;
    return owner === undefined || perOwner === undefined || count(this.runningBy, owner) < perOwner.running;
  }

  private start(owner: string | undefined): void {
    this.running += 1;
    move(this.runningBy, owner, 1);
    move(this.heldBy, owner, 1);
  }

  /** The first waiting upload that may be worked on now takes the free place (in order, skipping owners at their limit). */
  private next(): void {
    const at = this.queue.findIndex((w) => this.mayRun(w.owner));
    if (at < 0) return;
    const [first] = this.queue.splice(at, 1);
    move(this.heldBy, first!.owner, -1);
    this.start(first!.owner);
    first!.turn();
  }

  private wait(owner: string | undefined, gone?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (): void => {
        const at = this.queue.indexOf(entry);
        if (at >= 0) {
          this.queue.splice(at, 1);
          move(this.heldBy, owner, -1);
        }
        reject(new ClientGoneError('The upload was abandoned by its client while it waited'));
      };
      const entry: Waiting = {
        owner,
        turn: () => {
          gone?.removeEventListener('abort', leave);
          resolve();
        },
      };
      if (gone?.aborted) return leave();
      this.queue.push(entry);
      move(this.heldBy, owner, 1);
      gone?.addEventListener('abort', leave, { once: true });
    });
  }

  private async refuse(refused: () => Promise<void>, busy: UploadGateLimits['busy']): Promise<never> {
    await refused();
    throw new HttpException(refusal(busy.message, busy.template), HttpStatus.SERVICE_UNAVAILABLE);
  }
}

const count = (by: ReadonlyMap<string, number>, owner: string): number => by.get(owner) ?? 0;

/** `owner`'s count in `by` moved by `step` (none kept at 0; no owner: nothing). */
function move(by: Map<string, number>, owner: string | undefined, step: 1 | -1): void {
  if (owner === undefined) return;
  const now = count(by, owner) + step;
  if (now > 0) by.set(owner, now);
  else by.delete(owner);
}
