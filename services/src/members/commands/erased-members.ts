import {
  dataProtectionStream,
  fieldError,
  ValidationError,
  type Decider,
  type DomainEvent,
  type MembersErased,
  type StreamAppend,
} from '@coop/contracts';
import type { StreamWriter } from '../../platform/commands/stream-writer.js';

/** The members a cooperative's erasure log names as erased (ids only: the log holds no personal data). */
export interface ErasedMembers {
  readonly erased: ReadonlySet<string>;
}

/**
 * Reads the cooperative's erasure log `dataprotection-<cooperativeId>` into the members it erased; decides nothing. The
 * stream also holds the church step's `ChurchDataErased`, which erases no member. evolve returns a new state: the fold
 * is kept between commands (StreamWriter.loadWithoutPersonalData).
 */
export const erasedMembersReader: Decider<never, DomainEvent, ErasedMembers> = {
  initialState: () => ({ erased: new Set() }),
  evolve(state, event) {
    if (event.type !== 'MembersErased') return state;
    const erased = new Set(state.erased);
    for (const m of (event as MembersErased).data.members) erased.add(m.memberId);
    return { erased };
  },
  decide: () => [],
};

/**
 * The erasure as a fact of the event log for a write that seals a member's personal data (the clean-up's race): the write is
 * refused (`memberErased`) when the cooperative's erasure log names the member, and otherwise appends with the answered
 * revision check of that log (an entry without events), so a clean-up recording the member between this read and the
 * write makes the write decide again (StreamWriter.retrying) and be refused. The read models' `erased` alone lags
 * behind the log: a write accepted there after the erasure sealed data under a key about to be deleted, and the live
 * read models kept it. Called within each attempt of the write.
 *
 * The log is read from the fold kept of it plus its tail (one event per part of a clean-up run): no write reads it whole.
 */
export async function refuseErasedInLog(
  writer: StreamWriter,
  cooperativeId: string,
  memberId: string,
): Promise<StreamAppend> {
  const streamId = dataProtectionStream(cooperativeId);
  const log = await writer.loadWithoutPersonalData(streamId, erasedMembersReader);
  if (log.state.erased.has(memberId)) throw new ValidationError([fieldError(null, 'memberErased')]);
  return { streamId, expected: log.expected, events: [] };
}
