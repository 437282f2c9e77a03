import type { ExemptionOrderEvent, NonAssessmentEvent, ReadDocument, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { memberDisplayName } from './members.projector.js';
import { MEMBERS } from './member-document.js';
import { EXEMPTION_ORDERS, NON_ASSESSMENTS } from './tax-paper-documents.js';
import { taxPapersErasure, MEMBERS_ERASED } from './erasure.js';

/* The collections with their typed documents are in tax-paper-documents.ts, reachable only from
 * `@coop/projections/tax-papers` (rule `read-model-through-its-owner`). */

/** The `activeUntil` of a paper without an end date. */
export const OPEN_END = '9999-12-31';

const TYPES = new Set<string>([
  'ExemptionOrderRecorded',
  'ExemptionOrderCorrected',
  'NonAssessmentRecorded',
  'NonAssessmentCorrected',
]);

const memberKey = (id: string): DocKey => ({ collection: MEMBERS.name, id });

function memberFields(member: ReadDocument | undefined): { memberName: string; memberNr: number | null } {
  return {
    memberName: memberDisplayName(member),
    memberNr: typeof member?.memberNr === 'number' ? member.memberNr : null,
  };
}

/**
 * Exemption orders and non-assessments. Reads (never writes) the member documents of the members
 * projector, which the runner applies first, for the names shown and searched.
 */
export const taxPapersProjector: Projector = {
  collections: [EXEMPTION_ORDERS, NON_ASSESSMENTS],
  reads: [MEMBERS.name],
  keys(recorded: RecordedEvent): DocKey[] {
    if (recorded.type === MEMBERS_ERASED) return taxPapersErasure.keys(recorded);
    if (!TYPES.has(recorded.type)) return [];
    const event = recorded as RecordedEvent<ExemptionOrderEvent | NonAssessmentEvent>;
    switch (event.type) {
      case 'ExemptionOrderRecorded':
      case 'ExemptionOrderCorrected': {
        const spouse = event.data.spouse;
        return [
          { collection: EXEMPTION_ORDERS.name, id: event.data.exemptionOrderId },
          memberKey(event.data.memberId),
          ...(typeof spouse === 'string' ? [memberKey(spouse)] : []),
        ];
      }
      case 'NonAssessmentRecorded':
      case 'NonAssessmentCorrected':
        return [{ collection: NON_ASSESSMENTS.name, id: event.data.nonAssessmentId }, memberKey(event.data.memberId)];
    }
  },
  project(recorded, current): WriteOp[] {
    if (recorded.type === MEMBERS_ERASED) return taxPapersErasure.project(recorded, current);
    const event = recorded as RecordedEvent<ExemptionOrderEvent | NonAssessmentEvent>;
    const position = recorded.position.toString();
    switch (event.type) {
      case 'ExemptionOrderRecorded': {
        const { exemptionOrderId: id, memberId, cooperativeId, ...fields } = event.data;
        const spouseDoc = fields.spouse ? current(memberKey(fields.spouse)) : undefined;
        const doc = stamp(recorded, {
          id,
          cooperativeId,
          member: memberId,
          ...memberFields(current(memberKey(memberId))),
          ...fields,
          spouseName: spouseDoc ? memberDisplayName(spouseDoc) : null,
          activeUntil: fields.endDate ?? OPEN_END,
        });
        return [{ kind: 'put', collection: EXEMPTION_ORDERS.name, doc }];
      }
      case 'ExemptionOrderCorrected': {
        const { exemptionOrderId: id, memberId, ...changes } = event.data;
        const existing = current({ collection: EXEMPTION_ORDERS.name, id });
        if (!existing) return [];
        const next: Record<string, unknown> = {
          ...existing,
          ...changes,
          ...memberFields(current(memberKey(memberId))),
          position,
        };
        if ('spouse' in changes) {
          const spouseDoc = changes.spouse ? current(memberKey(changes.spouse)) : undefined;
          next.spouseName = spouseDoc ? memberDisplayName(spouseDoc) : null;
        }
        next.activeUntil = typeof next.endDate === 'string' ? next.endDate : OPEN_END;
        return [{ kind: 'put', collection: EXEMPTION_ORDERS.name, doc: next as ReadDocument }];
      }
      case 'NonAssessmentRecorded': {
        const { nonAssessmentId: id, memberId, cooperativeId, ...fields } = event.data;
        const doc = stamp(recorded, {
          id,
          cooperativeId,
          member: memberId,
          ...memberFields(current(memberKey(memberId))),
          ...fields,
          activeUntil: fields.endDate,
        });
        return [{ kind: 'put', collection: NON_ASSESSMENTS.name, doc }];
      }
      case 'NonAssessmentCorrected': {
        const { nonAssessmentId: id, memberId, ...changes } = event.data;
        const existing = current({ collection: NON_ASSESSMENTS.name, id });
        if (!existing) return [];
        const next: Record<string, unknown> = {
          ...existing,
          ...changes,
          ...memberFields(current(memberKey(memberId))),
          position,
        };
        next.activeUntil = typeof next.endDate === 'string' ? next.endDate : OPEN_END;
        return [{ kind: 'put', collection: NON_ASSESSMENTS.name, doc: next as ReadDocument }];
      }
    }
  },
};
