import { RETENTION_HOLD_EVENT_TYPES, type RecordedEvent, type RetentionHoldEvent, type WriteOp } from '@coop/contracts';
import type { DocKey } from '../runner/projector.js';
import type { ReadDocument } from '@coop/contracts';

/*
 * What the data-protection area (issue 27) adds to the member documents of the members projector: the hold flag
 * (`retentionHold`, its reason and since when). Kept apart so that the members projector only dispatches to it.
 */

export { RETENTION_HOLD_EVENT_TYPES };

/** The member document with the hold set or cleared. */
export function projectRetentionHold(
  recorded: RecordedEvent,
  current: (key: DocKey) => ReadDocument | undefined,
): WriteOp[] {
  const event = recorded as RecordedEvent<RetentionHoldEvent>;
  const member = current({ collection: 'members', id: event.data.memberId });
  if (!member) return [];
  const held = event.type === 'MemberRetentionHoldSet';
  const doc: ReadDocument = {
    ...member,
    retentionHold: held,
    retentionHoldReason: held ? event.data.reason : null,
    retentionHoldSince: held ? recorded.metadata.timestamp : null,
    position: recorded.position.toString(),
  };
  return [{ kind: 'put', collection: 'members', doc }];
}
