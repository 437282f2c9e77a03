import type { ReadDocument, RecordedEvent } from '@coop/contracts';
import { preload, projectOver, touchedBy, type LoadDocuments } from './batch-fold.js';
import { DocMap } from './doc-map.js';
import type { Overlaid } from './pending.js';
import type { DocKey, Projector } from './projector.js';

export type { LoadDocuments } from './batch-fold.js';

/** A document as a preview leaves it: undefined when there is none (not stored, or deleted by the events). */
export type PreviewedDocument = (key: DocKey) => ReadDocument | undefined;

/**
 * The documents as the projection runner will store them once it has projected `events`, the events of one write in
 * their order (an answer made from a write's own events before the read models include it, decision 40). It is the
 * runner's own code (batch-fold.ts): the documents the events touch are loaded once through `load` (the read store,
 * or the caller's reader of it that keeps to one cooperative), and each event is projected in turn over the documents
 * the earlier ones wrote, so that a preview and the read models cannot differ.
 *
 * The runner's "already applied" check works per event on the events' own positions; the events of a write as its
 * writer answers them all carry the write's last position (StreamWriter.appendAnsweringFromEvents), so the check is
 * made once, for the whole write: when a document it touches is stored at or after that position, the runner has
 * stored the whole write (it stores in log order, a batch at a time), and the documents are answered as stored.
 */
export async function previewDocuments(
  projectors: readonly Projector[],
  events: readonly RecordedEvent[],
  load: LoadDocuments,
): Promise<PreviewedDocument> {
  const overlay = new DocMap<Overlaid>();
  const touched = touchedBy(projectors, events);
  await preload(load, touched, overlay);
  const current = (key: DocKey): ReadDocument | undefined => overlay.get(key)?.doc ?? undefined;
  if (!holdsWrite(overlay, events)) {
    events.forEach((event, e) => {
      projectors.forEach((projector, p) => {
        if (touched[e]![p]!.length > 0) projectOver(projector, event, overlay, current);
      });
    });
  }
  return current;
}

/** Whether a loaded document is stored at or after the last of `events`' positions. */
function holdsWrite(overlay: DocMap<Overlaid>, events: readonly RecordedEvent[]): boolean {
  if (events.length === 0) return true;
  const last = events.reduce((max, e) => (e.position > max ? e.position : max), events[0]!.position);
  for (const { doc } of overlay.values()) if (doc !== null && BigInt(doc.position) >= last) return true;
  return false;
}
