import { WriteNotYetShownError } from './commands/errors.js';
import type { ReadModelProgress } from './read-model-progress.js';

/**
 * How many events the read models may be behind the last write answered before them, before the next such write
 * waits until they are back within it (decision 42): about half a second of postings at the rate this machine
 * reaches. Without it nothing slows clients that post faster than the projections store, and every colleague would
 * see the postings ever later.
 */
export const MAX_EVENTS_BEHIND = 500n;

/**
 * Read-your-writes for writes answered before the read models include them (decision 40): the log position of each
 * client's last such write, and the wait for it before the client's next request. A client is a signed-in user: the
 * console's tabs and an API client with the user's token share one.
 *
 * A route waits for them before it runs (ReadYourWritesGuard); one declared `@SettlesOwnReads()` waits before each
 * read it makes through `@OwnReads()` instead (ReadModels.waitingFirst), so that a posting answered from its own events
 * waits for nothing, and its reads (an annulation's look-up of the posting it names, an answer read back) show the
 * client's writes, its own included.
 *
 * Only where the projections run in this process (`enabled`): with a separate projection worker, several API
 * processes may answer one client, and none of them would know of the others' writes; those writes keep waiting
 * before they answer (StreamWriter.appendAll).
 */
export class ClientWrites {
  private readonly pending = new Map<string, bigint>();

  constructor(
    private readonly progress: ReadModelProgress,
    /** MAX_EVENTS_BEHIND; tests make it small. */
    private readonly maxEventsBehind: bigint = MAX_EVENTS_BEHIND,
  ) {}

  get enabled(): boolean {
    return this.progress.inProcess;
  }

  /** Notes a write of `client` stored at `position` and not yet waited for; wakes the projections. */
  note(client: string, position: bigint): void {
    const known = this.pending.get(client);
    if (known === undefined || position > known) this.pending.set(client, position);
    this.progress.announce(position);
  }

  /**
   * Waits until the read models are no more than MAX_EVENTS_BEHIND events behind `position` (a write just stored and
   * noted). The write is done whatever happens here: a wait that runs out (READ_YOUR_WRITES_WAIT_MS) ends quietly.
   */
  async keepUp(position: bigint): Promise<void> {
    const floor = position - this.maxEventsBehind;
    if (floor < 0n || this.progress.includes(floor)) return;
    await this.progress.waitFor(floor).catch(() => undefined);
  }

  /** The position the client's next request must wait for, if any. */
  private pendingFor(client: string): bigint | undefined {
    const position = this.pending.get(client);
    if (position === undefined) return undefined;
    if (!this.progress.includes(position)) return position;
    this.pending.delete(client);
    return undefined;
  }

  /**
   * Resolves once the read models include every write `client` was answered for before they did. After the configured
   * wait (READ_YOUR_WRITES_WAIT_MS) it throws WriteNotYetShownError (503), and the next request waits again.
   */
  async settle(client: string): Promise<void> {
    const position = this.pendingFor(client);
    if (position === undefined) return;
    try {
      await this.progress.waitFor(position);
    } catch (reason) {
      throw new WriteNotYetShownError(reason);
    }
    if (this.pending.get(client) === position) this.pending.delete(client);
  }
}
