import type { ReadStore } from '@coop/contracts';
import type { Projector } from '../runner/projector.js';
import { separable, type ParallelReplay } from './parallel-replay.port.js';

/** A replay by the rebuilding runner's own thread: `projectors` into the side store, up to `upTo` (all: the whole log). */
export type ReplayHere = (
  projectors: readonly Projector[],
  upTo: bigint | undefined,
  options: { readonly group: boolean },
) => Promise<{ events: number }>;

/**
 * Replays the whole log up to `head` into the emptied side store (ProjectionRunner's rebuild beside, decision 284): the
 * helper's share of the projectors there and the others here, at the same time; then the side store's checkpoint is
 * `head` (`checkpoint`). Without a helper, or when the two groups cannot be replayed apart, here alone. When either
 * replay fails (a projector reading outside its group, the helper's thread gone), the log is replayed here alone,
 * which empties the side store's collections again and makes any index the failed replay had set aside.
 */
export async function replayOnTwoCores(
  parallel: ParallelReplay | undefined,
  side: ReadStore,
  projectors: readonly Projector[],
  head: bigint,
  here: ReplayHere,
  checkpoint: (position: bigint) => Promise<void>,
  log: (line: string) => void,
): Promise<{ events: number }> {
  const share = parallel?.helperShare(projectors) ?? [];
  const kept = projectors.filter((p) => !share.includes(p));
  if (!parallel || !separable(share, kept)) return here(projectors, undefined, { group: false });
  const [mine, theirs] = await Promise.allSettled([
    here(kept, head, { group: true }),
    parallel.replay(side, share, head),
  ]);
  if (mine.status === 'fulfilled' && theirs.status === 'fulfilled') {
    await checkpoint(head);
    return mine.value;
  }
  const failed = [mine, theirs].find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
  const reason: unknown = failed.reason;
  log(
    `Read models: the replay on two cores failed (${reason instanceof Error ? reason.message : String(reason)}); replaying on one`,
  );
  return here(projectors, undefined, { group: false });
}
