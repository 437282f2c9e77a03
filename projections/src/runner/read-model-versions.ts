import type { ReadStore } from '@coop/contracts';
import type { Projector } from './projector.js';

/** The checkpoint entry holding the version (Projector.version) a collection's documents were written with. */
export const versionEntry = (collection: string): string => `read-model-version:${collection}`;

/** A projector's version (1 when it names none). */
export const versionOf = (projector: Projector): bigint => BigInt(projector.version ?? 1);

/** Records, for each collection of these projectors, the version its documents are now written with. */
export async function recordVersions(store: ReadStore, projectors: readonly Projector[]): Promise<void> {
  for (const projector of projectors) {
    for (const { name } of projector.collections) {
      await store.applyBatch([], { name: versionEntry(name), position: versionOf(projector) });
    }
  }
}

/**
 * The projectors whose collections were written with another version than theirs (decision 170). A store written
 * before the versions were recorded (none recorded; its format, READ_MODEL_FORMAT, is the current one) holds the
 * current version of every collection: they are recorded, none is stale. A collection whose version is missing in a
 * store that records them is new (a projector added): its projector is stale.
 */
export async function staleProjectors(store: ReadStore, projectors: readonly Projector[]): Promise<Projector[]> {
  const stored = await Promise.all(
    projectors.map((p) => Promise.all(p.collections.map((c) => store.checkpoint(versionEntry(c.name))))),
  );
  if (stored.every((versions) => versions.every((v) => v < 0n))) {
    await recordVersions(store, projectors);
    return [];
  }
  return projectors.filter((p, i) => stored[i]!.some((v) => v !== versionOf(p)));
}
