import type { ReadDocument, WriteOp } from '@coop/contracts';
import { DocMap } from './doc-map.js';

/** A document as the folded events left it (`null`: absent or deleted), and its last write if any. */
export interface Overlaid {
  readonly doc: ReadDocument | null;
  readonly write?: WriteOp;
}

/** Work folded in but not yet stored: every document loaded or written, and the position of the last event folded in. */
export class Pending {
  readonly overlay = new DocMap<Overlaid>();
  last = -1n;

  /** The last write of every written document (a document's earlier writes in the batch are superseded). */
  writes(): WriteOp[] {
    const ops: WriteOp[] = [];
    for (const { write } of this.overlay.values()) if (write) ops.push(write);
    return ops;
  }
}
