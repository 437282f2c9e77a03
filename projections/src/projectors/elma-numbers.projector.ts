import type { ElmaNumberEvent, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { ELMA_NUMBERS } from './elma-number-document.js';

const TYPES = new Set<string>(['ElmaNumberAdded', 'ElmaNumberChanged', 'ElmaNumberRemoved']);

export const elmaNumbersProjector: Projector = {
  collections: [ELMA_NUMBERS],
  keys(event: RecordedEvent): DocKey[] {
    if (!TYPES.has(event.type)) return [];
    return [{ collection: ELMA_NUMBERS.name, id: (event as RecordedEvent<ElmaNumberEvent>).data.elmaNumberId }];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as RecordedEvent<ElmaNumberEvent>;
    const id = event.data.elmaNumberId;
    switch (event.type) {
      case 'ElmaNumberAdded': {
        const { elmaNumberId: _id, cooperativeId, elmaProcess, elmaNumber, createdAt } = event.data;
        return [
          {
            kind: 'put',
            collection: ELMA_NUMBERS.name,
            doc: stamp(event, { id, cooperativeId, elmaProcess, elmaNumber, createdAt }),
          },
        ];
      }
      case 'ElmaNumberChanged': {
        const existing = current({ collection: ELMA_NUMBERS.name, id });
        if (!existing) return [];
        const { elmaProcess, elmaNumber } = event.data;
        return [
          {
            kind: 'put',
            collection: ELMA_NUMBERS.name,
            doc: { ...existing, elmaProcess, elmaNumber, position: event.position.toString() },
          },
        ];
      }
      case 'ElmaNumberRemoved':
        return [{ kind: 'delete', collection: ELMA_NUMBERS.name, id }];
    }
  },
};
