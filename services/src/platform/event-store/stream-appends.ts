import {
  ConcurrencyError,
  type ExpectedRevision,
  type NewEvent,
  type StreamAppend,
  type StreamConflict,
} from '@coop/contracts';

/**
 * One behaviour of `appendMulti` on every adapter (issue 30), as pure functions.
 *
 * The entries of one `appendMulti` are read in order, as if appended one after the other inside one transaction: an
 * entry's expected revision is checked against the revision the stream has once the entries before it are written.
 * So two entries for one stream chain when the second expects the revision the first leaves (`no_stream` + 3 events
 * leaves 2), and `any` chains with anything. An entry without events only checks its stream's revision.
 *
 * KurrentDB refuses an append request that names one stream twice (names compared ignoring case), so its adapter
 * merges the entries of one stream into one (mergeAppends). Names that differ only in case are distinct streams on
 * both engines but cannot be appended in one KurrentDB request: every adapter refuses them (refuseCaseVariants).
 */

/** A stream's revision: the revision of its last event, -1 when it does not exist. */
export type Revision = number;

export interface Merged {
  /** One entry per stream, in the order of each stream's first entry: what the stream must be at before, all its events. */
  readonly appends: readonly StreamAppend[];
  /** Streams whose entries cannot chain whatever the stream's revision is (the append must fail on them). */
  readonly unchainable: readonly string[];
}

/** What the entries of one stream require of its revision before the append. */
type Requirement =
  | { readonly kind: 'any' }
  | { readonly kind: 'exists' }
  | { readonly kind: 'exact'; readonly revision: Revision }
  | { readonly kind: 'never' };

const ANY: Requirement = { kind: 'any' };
const NEVER: Requirement = { kind: 'never' };

/** Whether a stream at `revision` is what `expected` asks for (a revision number needs an existing stream). */
export function satisfies(expected: ExpectedRevision, revision: Revision): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return revision < 0;
    case 'stream_exists':
      return revision >= 0;
    default:
      return revision >= 0 && expected === revision;
  }
}

/** The requirement on the revision before the append of an entry expecting `expected` after `before` events of earlier entries. */
function requirementOf(expected: ExpectedRevision, before: number): Requirement {
  switch (expected) {
    case 'any':
      return ANY;
    case 'stream_exists':
      return before > 0 ? ANY : { kind: 'exists' };
    case 'no_stream':
      return before > 0 ? NEVER : { kind: 'exact', revision: -1 };
    default:
      return expected < 0 || expected - before < -1 ? NEVER : { kind: 'exact', revision: expected - before };
  }
}

function both(a: Requirement, b: Requirement): Requirement {
  if (a.kind === 'never' || b.kind === 'never') return NEVER;
  if (a.kind === 'any') return b;
  if (b.kind === 'any') return a;
  if (a.kind === 'exists' && b.kind === 'exists') return a;
  if (a.kind === 'exact' && b.kind === 'exact') return a.revision === b.revision ? a : NEVER;
  const exact = a.kind === 'exact' ? a : (b as { readonly revision: Revision });
  return exact.revision >= 0 ? { kind: 'exact', revision: exact.revision } : NEVER;
}

function expectedOf(requirement: Requirement): ExpectedRevision {
  switch (requirement.kind) {
    case 'exists':
      return 'stream_exists';
    case 'exact':
      return requirement.revision < 0 ? 'no_stream' : requirement.revision;
    default:
      return 'any';
  }
}

/**
 * The entries merged into one per stream (same name), each expecting what its entries together require of the stream
 * before the append: appending the merged entries succeeds exactly when appending the entries in order would.
 */
export function mergeAppends(appends: readonly StreamAppend[]): Merged {
  const byStream = new Map<string, { requirement: Requirement; events: NewEvent[] }>();
  for (const { streamId, expected, events } of appends) {
    let merged = byStream.get(streamId);
    if (!merged) byStream.set(streamId, (merged = { requirement: ANY, events: [] }));
    merged.requirement = both(merged.requirement, requirementOf(expected, merged.events.length));
    // One at a time: `push(...events)` passes every event as an argument and overflows the stack at ~150,000 events.
    for (const event of events) merged.events.push(event);
  }
  const unchainable = [...byStream].filter(([, m]) => m.requirement.kind === 'never').map(([streamId]) => streamId);
  return {
    appends: [...byStream].map(([streamId, m]) => ({
      streamId,
      expected: expectedOf(m.requirement),
      events: m.events,
    })),
    unchainable,
  };
}

/**
 * Every stream on which appending the entries in order would fail, given each stream's revision now (`current`), with
 * the revision it has when its failing entry is checked. A stream is named once, at its first failing entry.
 */
export function conflictsOf(
  appends: readonly StreamAppend[],
  current: (streamId: string) => Revision,
): StreamConflict[] {
  const at = new Map<string, Revision>();
  const failed = new Set<string>();
  const conflicts: StreamConflict[] = [];
  for (const { streamId, expected, events } of appends) {
    if (failed.has(streamId)) continue;
    const revision = at.get(streamId) ?? current(streamId);
    if (!satisfies(expected, revision)) {
      failed.add(streamId);
      conflicts.push({ streamId, expected, actual: revision < 0 ? 'no_stream' : revision });
      continue;
    }
    at.set(streamId, revision + events.length);
  }
  return conflicts;
}

/** The error naming every conflicting stream (the first one also as its `streamId`, `expected` and `actual`). */
export function concurrencyError(conflicts: readonly StreamConflict[]): ConcurrencyError {
  const first = conflicts[0];
  if (!first) throw new Error('A concurrency error needs at least one conflicting stream');
  return new ConcurrencyError(first.streamId, first.expected, first.actual, conflicts);
}

/** Thrown for an `appendMulti` naming streams whose names differ only in case (KurrentDB cannot append them together). */
export class StreamNamesDifferInCaseError extends Error {
  constructor(readonly streamIds: readonly string[]) {
    super(`One append cannot write to streams whose names differ only in case: ${streamIds.join(', ')}`);
    this.name = 'StreamNamesDifferInCaseError';
  }
}

/** Refuses entries whose stream names are equal ignoring case but not equal (as the KurrentDB server compares them). */
export function refuseCaseVariants(appends: readonly StreamAppend[]): void {
  const byFolded = new Map<string, string>();
  // Each name folded once: an import's chunk names a member's stream in many entries (issue 39: folding every entry's
  // name character by character was 5 % of an import's write).
  const seenAsIs = new Set<string>();
  for (const { streamId } of appends) {
    if (seenAsIs.has(streamId)) continue;
    seenAsIs.add(streamId);
    const folded = foldCase(streamId);
    const seen = byFolded.get(folded);
    if (seen === undefined) byFolded.set(folded, streamId);
    else if (seen !== streamId) throw new StreamNamesDifferInCaseError([seen, streamId]);
  }
}

const ASCII = /^[ -~]*$/;

/** The name upper-cased character by character, as .NET's ordinal comparison ignoring case does (ß stays ß). */
function foldCase(name: string): string {
  // Printable ASCII alone (every name the product makes): upper-casing the whole name is upper-casing each character.
  if (ASCII.test(name)) return name.toUpperCase();
  let folded = '';
  for (const c of name) {
    const upper = c.toUpperCase();
    folded += upper.length === c.length ? upper : c;
  }
  return folded;
}
