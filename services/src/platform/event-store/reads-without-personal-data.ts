import type { RecordedEvent } from '@coop/contracts';

/**
 * Reading a stream without its personal data: the events as stored, their sealed personal fields left out (no key
 * looked up, nothing decrypted). For a decider whose state never holds personal data, such as a member's share
 * account (`memberLedgerDecider`): a posting then costs no key look-up and no decryption per event. The event store
 * the app builds (CodecEventStore) has it; the port stays as it is.
 */
export interface ReadsWithoutPersonalData {
  /** The stream's events after `afterRevision` (-1: all of them), in order, each without its personal fields. */
  readStreamWithoutPersonalData(streamId: string, afterRevision: number): Promise<RecordedEvent[]>;
}

export function readsWithoutPersonalData(store: object): store is ReadsWithoutPersonalData {
  return typeof (store as Partial<ReadsWithoutPersonalData>).readStreamWithoutPersonalData === 'function';
}
