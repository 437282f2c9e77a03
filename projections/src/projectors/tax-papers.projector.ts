import type {
  CollectionSpec,
  ExemptionOrderEvent,
  NonAssessmentEvent,
  ReadDocument,
  RecordedEvent,
  WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { memberDisplayName } from './members.projector.js';
import { MEMBERS } from './member-document.js';
import { taxPapersErasure, MEMBERS_ERASED } from './erasure.js';

/**
 * Exemption orders (FSA), one document per order. `memberName`/`memberNr` are copied from the member
 * document when the order is recorded or corrected (for search and sort; the API shows the member's
 * current name). `activeUntil` is the end date or `9999-12-31`, so the derived state is one range filter.
 */
export const EXEMPTION_ORDERS: CollectionSpec = {
  name: 'exemptionorders',
  fields: {
    member: 'string',
    memberName: 'string',
    memberNr: 'number',
    type: 'number',
    joint: 'boolean',
    spouse: 'string',
    amount: 'number',
    date: 'string',
    startDate: 'string',
    endDate: 'string',
    activeUntil: 'string',
  },
  search: ['memberName', 'memberNr'],
};

/** Non-assessment certificates (NV), one document per certificate; member name and number as for exemption orders. */
export const NON_ASSESSMENTS: CollectionSpec = {
  name: 'nonassessments',
  fields: {
    member: 'string',
    memberName: 'string',
    memberNr: 'number',
    type: 'number',
    orderNumber: 'string',
    date: 'string',
    taxAuthorities: 'string',
    startDate: 'string',
    endDate: 'string',
    original: 'boolean',
    activeUntil: 'string',
  },
  search: ['memberName', 'memberNr', 'orderNumber'],
};

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
