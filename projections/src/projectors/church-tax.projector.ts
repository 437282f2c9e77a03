import type { ChurchDataRecorded, RecordedEvent, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';
import { CHURCH_TAX } from './task-collections.js';

export * from './church-tax-document.js';

/*
 * Where each member's church data comes from (issue 24; DOMAIN.md 3.1, 3.3): one document per member with church
 * data recorded by a KiStAM answer or typed in from a paper answer (`CHURCH_TAX`, id = member id). It holds the query's
 * date, kind and task, never the church id or rate themselves: those are special-category data and stay on the member
 * (the `members` read model, sealed in the log), read only by the roles with `church:read`.
 */
export const churchTaxProjector: Projector = {
  collections: [CHURCH_TAX],
  keys(event: RecordedEvent): DocKey[] {
    if (event.type !== 'ChurchDataRecorded') return [];
    return [{ collection: CHURCH_TAX.name, id: (event as RecordedEvent<ChurchDataRecorded>).data.memberId }];
  },
  project(recorded): WriteOp[] {
    if (recorded.type !== 'ChurchDataRecorded') return [];
    const event = recorded as RecordedEvent<ChurchDataRecorded>;
    const { memberId, queriedOn, queryKind, taskId } = event.data;
    const doc = stamp(event, {
      id: memberId,
      cooperativeId: event.metadata.cooperativeId,
      memberId,
      queriedOn,
      queryKind,
      taskId,
    });
    return [{ kind: 'put', collection: CHURCH_TAX.name, doc }];
  },
};
