import type { ReadStore } from '@coop/contracts';
import type { Projector } from '../runner/projector.js';

/**
 * A rebuild's replay on two cores (issue 41, decision 284): a helper replays some projectors into the side store while
 * the runner replays the others, each reading the log itself and writing its own collections over its own connection.
 * The groups must not read each other's collections (Projector.reads): a projector reads the documents its group
 * writes, as the log left them at the event it projects, which the other group's writes would not be at.
 */
export interface ParallelReplay {
  /** The projectors the helper should replay (the runner keeps the others); none when a helper is not worth it. */
  helperShare(projectors: readonly Projector[]): readonly Projector[];
  /** Replays the log up to `upTo` with `projectors` into `side` (emptied and filled; no checkpoint of the read models). */
  replay(side: ReadStore, projectors: readonly Projector[], upTo: bigint): Promise<{ events: number }>;
}

/** The collections a group of projectors writes. */
export function writtenBy(projectors: readonly Projector[]): Set<string> {
  return new Set(projectors.flatMap((p) => p.collections.map((c) => c.name)));
}

/**
 * Whether the projectors can be replayed in these two groups side by side: no projector of one group reads (declares
 * in `reads`) a collection the other group writes. A projector reading one it does not declare is stopped by the
 * replay itself (ProjectionRunner's part replay), so the rebuild is made again on one core.
 */
export function separable(share: readonly Projector[], kept: readonly Projector[]): boolean {
  const crosses = (group: readonly Projector[], other: readonly Projector[]): boolean => {
    const theirs = writtenBy(other);
    return group.some((p) => (p.reads ?? []).some((name) => theirs.has(name)));
  };
  return share.length > 0 && kept.length > 0 && !crosses(share, kept) && !crosses(kept, share);
}

/**
 * The projectors that must stay with `anchor`: those it reads from and those reading its collections, and so on (the
 * group closed under Projector.reads). The rest may go to a helper.
 */
export function groupOf(anchor: Projector, projectors: readonly Projector[]): Projector[] {
  const group = new Set<Projector>([anchor]);
  for (let grew = true; grew;) {
    grew = false;
    const written = writtenBy([...group]);
    const reads = new Set([...group].flatMap((p) => p.reads ?? []));
    for (const p of projectors) {
      if (group.has(p)) continue;
      const linked = (p.reads ?? []).some((name) => written.has(name)) || p.collections.some((c) => reads.has(c.name));
      if (linked) {
        group.add(p);
        grew = true;
      }
    }
  }
  return projectors.filter((p) => group.has(p));
}
