import type { CooperativeEvent, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { COOPERATIVES } from './cooperative-document.js';

export const cooperativesProjector: Projector = {
  collections: [COOPERATIVES],
  keys(event: RecordedEvent): DocKey[] {
    if (event.type !== 'CooperativeRegistered' && event.type !== 'CooperativeUpdated') return [];
    return [{ collection: COOPERATIVES.name, id: (event as RecordedEvent<CooperativeEvent>).data.cooperativeId }];
  },
  project(recorded, current): WriteOp[] {
    const event = recorded as RecordedEvent<CooperativeEvent>;
    const id = event.data.cooperativeId;
    if (event.type === 'CooperativeRegistered') {
      const { cooperativeId: _id, ...fields } = event.data;
      const doc = { minimumShares: 1, balanceCost: 0, ...fields, id, cooperativeId: id };
      return [{ kind: 'put', collection: COOPERATIVES.name, doc: stamp(event, doc) }];
    }
    const existing = current({ collection: COOPERATIVES.name, id });
    if (!existing) return [];
    return [
      {
        kind: 'put',
        collection: COOPERATIVES.name,
        doc: { ...existing, ...event.data.changes, position: event.position.toString() },
      },
    ];
  },
};
