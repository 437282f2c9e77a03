import {
  memberNumberSequenceStream,
  type DomainEvent,
  type MemberNumberEvent,
  type StreamConflict,
} from '@coop/contracts';
import { memberNumberSequenceDecider, type MemberNumberSequenceState } from '../../members/index.js';
import type { Decision } from './import-parts.js';

/*
 * A clerk's writes while an import is being written (decision 301). The import's chunks were decided at its start, each
 * decision at the revision its stream had then; a clerk may write between two chunks:
 * - an admission draws the next member number from the sequence stream, which the import's decisions move too: the
 *   import reserves its numbers before its first chunk (the sequence moved to its highest number), so an admission
 *   draws a number above them, and the import's own moves of the sequence are decided again when each chunk is
 *   appended, on the sequence as it stands (they append nothing once the numbers are reserved);
 * - a member number of the import given meanwhile (its claim stream exists) or a member of the import changed
 *   meanwhile (a posting on it, its papers): the import cannot be finished as decided. It stops at that chunk, which is
 *   not written, and abandons itself with the reason (`importMemberNrTakenMeanwhile`, `importMemberChangedMeanwhile`).
 */

/** The highest member number the import's decisions move the sequence to, and its member: what the import reserves. */
export interface ReservedNumbers {
  readonly highest: number;
  readonly memberId: string;
}

/** Follows the decisions a replay makes: the highest number its moves of the sequence reach (null: none). */
export class NumberWatch {
  private top: ReservedNumbers | null = null;
  private readonly stream: string;

  constructor(cooperativeId: string) {
    this.stream = memberNumberSequenceStream(cooperativeId);
  }

  see(decision: Decision): void {
    if (decision.streamId !== this.stream) return;
    for (const e of decision.events) {
      const { memberNr, memberId } = (e as MemberNumberEvent).data;
      if (this.top === null || memberNr > this.top.highest) this.top = { highest: memberNr, memberId };
    }
  }

  get reserved(): ReservedNumbers | null {
    return this.top;
  }
}

/** The member-number sequence as the import's write follows it: its state and revision (-1: no stream yet). */
export interface SequenceAt {
  state: MemberNumberSequenceState;
  revision: number;
}

/**
 * The sequence's decisions of a chunk decided again on the sequence as it stands (`at`, moved on as they are decided):
 * a decision moving it past a number it passed meanwhile appends nothing. Other decisions as decided.
 */
export function onSequenceNow(decisions: readonly Decision[], cooperativeId: string, at: SequenceAt): Decision[] {
  const stream = memberNumberSequenceStream(cooperativeId);
  const out: Decision[] = [];
  for (const d of decisions) {
    if (d.streamId !== stream) {
      out.push(d);
      continue;
    }
    const events: DomainEvent[] = [];
    for (const e of d.events) {
      const { memberNr, memberId } = (e as MemberNumberEvent).data;
      const moved = memberNumberSequenceDecider.decide(
        { type: 'RecordGivenMemberNumber', cooperativeId, memberId, memberNr },
        at.state,
      );
      if (moved.length === 0) continue;
      if (events.length === 0) out.push({ streamId: stream, expected: at.revision, events });
      for (const m of moved) {
        events.push(m);
        at.state = memberNumberSequenceDecider.evolve(at.state, m);
        at.revision += 1;
      }
    }
  }
  return out;
}

/** What a chunk's conflict means: the sequence moved (decide again), a number given, a member changed, or else. */
export type ChunkConflict =
  | { readonly kind: 'sequence' }
  | { readonly kind: 'numberGiven'; readonly memberNr: number }
  | { readonly kind: 'memberChanged'; readonly memberId: string }
  | { readonly kind: 'other' };

/** Streams of a member the import writes besides its own, by prefix (the member's id follows). */
const MEMBER_STREAMS = ['member-', 'exemptionorders-', 'nonassessments-', 'settlement-'];

/** The first conflict of an append of a chunk that says what happened (the sequence's last: it is decided again). */
export function chunkConflict(conflicts: readonly StreamConflict[], cooperativeId: string): ChunkConflict {
  const claims = `membernr-${cooperativeId}-`;
  let sequence = false;
  for (const { streamId } of conflicts) {
    if (streamId === memberNumberSequenceStream(cooperativeId)) sequence = true;
    else if (streamId.startsWith(claims)) {
      const memberNr = Number(streamId.slice(claims.length));
      if (Number.isSafeInteger(memberNr)) return { kind: 'numberGiven', memberNr };
    } else {
      const prefix = MEMBER_STREAMS.find((p) => streamId.startsWith(p));
      if (prefix) return { kind: 'memberChanged', memberId: streamId.slice(prefix.length) };
    }
  }
  return sequence ? { kind: 'sequence' } : { kind: 'other' };
}
