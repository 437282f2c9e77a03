import { CHURCH_QUERY_KINDS, type ChurchQueryKind, type ReadDocument } from '@coop/contracts';
import { textField } from './document-fields.js';

/*
 * Where a member's church data comes from (collection CHURCH_TAX, task-collections.ts; church-tax.projector.ts) as its
 * typed document (decision 258): the church-tax area reads it (a member's church data, KiStAM's candidates).
 */

/** The query that recorded a member's church data, read once by `readChurchTaxOrigin` (id = member id). */
export interface ChurchTaxOriginDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly queriedOn: string | null;
  readonly queryKind: ChurchQueryKind | null;
  /** The KiStAM task that asked; null for church data typed in from a paper answer. */
  readonly taskId: string | null;
}

const kindOf = (v: string | null): ChurchQueryKind | null =>
  (CHURCH_QUERY_KINDS as readonly (string | null)[]).includes(v) ? (v as ChurchQueryKind) : null;

/** The typed origin from its stored document: the one place the church-tax origins' fields are read. */
export function readChurchTaxOrigin(doc: ReadDocument): ChurchTaxOriginDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    queriedOn: textField(doc, 'queriedOn'),
    queryKind: kindOf(textField(doc, 'queryKind')),
    taskId: textField(doc, 'taskId'),
  };
}
