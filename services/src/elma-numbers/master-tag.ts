import { readElmaNumber, type ElmaNumberDocument } from '@coop/projections/elma-numbers';
import type { ElmaNumberState } from './domain/elma-number.decider.js';
import { versionTag } from '../platform/commands/version-tag.js';

/*
 * An approval number as one tag (as decisions 418 and 420 for a member and the cooperative): the record answers it
 * (`ElmaNumberDto.masterTag`) and a change sent back with it is refused `409 recordChangedMeanwhile` when the number is
 * no longer that (a lost update: two administrators editing one number, the later form written over the earlier
 * change, e.g. the old process back beside a number of the new one's reports). Both fields `PUT /elmanumbers/{id}`
 * writes are tagged; the stream's state is read as the read store's document is (readElmaNumber), so the record
 * answered and the state the handler decides on compare alike. Not in domain/: the layer rules keep platform code (versionTag)
 * out of a decider.
 */

/** The tag of an approval number as the read store answers it (its typed document). */
export function elmaNumberTag(doc: ElmaNumberDocument): string {
  const values = [doc.elmaProcess ?? null, doc.elmaNumber];
  return versionTag(values);
}

/** The tag of the number in the stream's state (the decider's fold), read as its read-store document is. */
export function elmaNumberTagOfState(state: ElmaNumberState): string {
  return elmaNumberTag(
    readElmaNumber({
      id: '',
      cooperativeId: state.cooperativeId ?? '',
      position: '0',
      elmaProcess: state.elmaProcess,
      elmaNumber: state.elmaNumber,
    }),
  );
}
