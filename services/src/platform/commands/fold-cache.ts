/**
 * Folds of streams kept between commands, least recently used first out. A stream only grows and its
 * events never change, so a fold up to revision R plus the events after R is the stream's current state:
 * a command on a stream it has seen reads only the stream's tail instead of reading, decrypting and folding
 * every event again (a member's posting: about 0.7 ms of the API thread at ten postings a member).
 *
 * A fold is kept with the decider that made it (another decider over the same stream misses) and is
 * pure data: deciders never change a state they were given (evolve returns a new one).
 */
export class FoldCache {
  private readonly folds = new Map<
    string,
    { readonly decider: object; readonly revision: number; readonly state: unknown }
  >();

  constructor(private readonly capacity: number) {}

  /** The fold of `streamId` by `decider` with its revision, if kept; marks it as recently used. */
  get<S>(streamId: string, decider: object): { readonly revision: number; readonly state: S } | undefined {
    const hit = this.folds.get(streamId);
    if (!hit || hit.decider !== decider) return undefined;
    this.folds.delete(streamId);
    this.folds.set(streamId, hit);
    return { revision: hit.revision, state: hit.state as S };
  }

  set(streamId: string, decider: object, revision: number, state: unknown): void {
    this.folds.delete(streamId);
    if (this.folds.size >= this.capacity) this.folds.delete(this.folds.keys().next().value!);
    this.folds.set(streamId, { decider, revision, state });
  }

  delete(streamId: string): void {
    this.folds.delete(streamId);
  }

  get size(): number {
    return this.folds.size;
  }
}
