import { randomUUID } from 'node:crypto';
import {
  AppendConsistencyViolationError,
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  convertToCommandError,
  type EventData,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError, type ExpectedRevision, type StreamAppend } from '@coop/contracts';
import { toActual, toEventData } from './kurrent-records.js';
import type { StreamPrefix } from './stream-prefix.js';

/**
 * How the KurrentDB adapter writes, as pure functions (issue 40, decision 140): event ids fixed once per write, the
 * client's deadline for a write of its size, which failures are tried again (and where), and the error a write that
 * failed for good is reported with.
 */

/** An entry whose events carry the ids they keep over every try of the write. */
export interface IdentifiedAppend {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly events: readonly EventData[];
}

/**
 * The entries as the client's events, each with an id given here, once, before the first try. A try that failed with
 * an unknown outcome (deadline, connection lost, a leader change) is sent again with the same ids, and the server
 * recognises events it already has by them (KurrentDB 25.1 `IndexWriter.CheckCommit`; a multi-stream write whose every
 * stream is already written answers `AlreadyCommitted`, `StorageWriterService`), so nothing is written twice.
 */
export function identify(appends: readonly StreamAppend[], newId: () => string = randomUUID): IdentifiedAppend[] {
  return appends.map(({ streamId, expected, events }) => {
    const identified: EventData[] = [];
    for (const event of events) identified.push(toEventData(event, newId()));
    return { streamId, expected, events: identified };
  });
}

/** The client's default deadline (`defaultDeadline`, 10 s in client 1.3.1). */
export const CLIENT_DEFAULT_DEADLINE_MS = 10_000;

/**
 * Milliseconds a write may take per event beyond the base deadline: the client builds the whole request on the event
 * loop before it sends it (20,000 events took 6 s, 120,000 about 31 s, issue 40), and the server writes and indexes it.
 */
export const DEADLINE_MS_PER_EVENT = 1;

/** The deadline of a write of `events` events: the configured one, plus a millisecond per event. */
export function appendDeadlineMs(events: number, configuredMs: number): number {
  return configuredMs + events * DEADLINE_MS_PER_EVENT;
}

/** The `defaultDeadline` a connection string sets (the last one counts, as in the client's parser), else the client's. */
export function configuredDeadlineMs(connectionString: string): number {
  let deadline = CLIENT_DEFAULT_DEADLINE_MS;
  for (const match of connectionString.matchAll(/[?&]default[-_]?deadline=(\d+)/gi)) deadline = Number(match[1]);
  return deadline;
}

/** The connection string with `defaultDeadline` set to `ms` (a later key overrides an earlier one in the client). */
export function withDefaultDeadline(connectionString: string, ms: number): string {
  const trimmed = connectionString.trim().replace(/\/+$/, '');
  return `${trimmed}${trimmed.includes('?') ? '&' : '?'}defaultDeadline=${Math.ceil(ms)}`;
}

/** A node of the cluster. */
export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

/**
 * The connection string to the leader alone: the same scheme (without `+discover`), user and settings, one host. A
 * write that reached a follower is sent there; the leader answers for as long as it leads.
 */
export function onLeader(connectionString: string, leader: Endpoint): string {
  const match = /^(?<scheme>[^:+]+)(?:\+discover)?:\/\/(?<user>[^@/?]*@)?[^/?]*\/?(?<query>\?.*)?$/.exec(
    connectionString.trim(),
  );
  if (!match?.groups) throw new Error('The event store URL cannot be read to connect to the leader');
  const { scheme, user = '', query = '' } = match.groups;
  return `${scheme}://${user}${leader.host}:${leader.port}${query}`;
}

/** What to do after a try failed: send it again (to the leader when one was named), or give up. */
export type AfterFailure =
  { readonly kind: 'again' } | { readonly kind: 'leader'; readonly leader: Endpoint } | { readonly kind: 'fail' };

/**
 * Failures whose outcome is unknown or that another node takes: tried again with the same event ids. A follower answers
 * a v1 append that requires the leader with `NotLeaderError` (the client itself reconnects to the leader it names); a
 * v2 append (multi-stream) is refused with FAILED_PRECONDITION and `NotLeaderNodeErrorDetails`, which client 1.3.1 does
 * not unpack (it reports an `UnknownError`): its leader is read from the status details here. Everything else (a
 * conflict, a refused size, access) fails at once.
 */
export function afterFailure(failure: unknown): AfterFailure {
  const error = failure instanceof Error ? convertToCommandError(failure) : failure;
  if (error instanceof NotLeaderError)
    return { kind: 'leader', leader: { host: error.leader.address, port: error.leader.port } };
  const leader = leaderInStatus(statusDetailsOf(error));
  if (leader) return { kind: 'leader', leader };
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof CancelledError ||
    error instanceof TimeoutError
  ) {
    return { kind: 'again' };
  }
  return { kind: 'fail' };
}

/** The `grpc-status-details-bin` of a gRPC error, or of the one a client error wraps (`_raw`). */
export function statusDetailsOf(error: unknown): Uint8Array | undefined {
  for (const candidate of [error, (error as { _raw?: unknown } | undefined)?._raw]) {
    const metadata = (candidate as { metadata?: { get?: unknown } } | undefined)?.metadata;
    if (typeof metadata?.get !== 'function') continue;
    const [value] = (metadata.get as (key: string) => unknown[]).call(metadata, 'grpc-status-details-bin');
    if (value instanceof Uint8Array) return value;
  }
  return undefined;
}

/**
 * The leader named by a `google.rpc.Status` (field 3: repeated `Any` of type_url 1 and value 2) holding a
 * `NotLeaderNodeErrorDetails` (field 1: `NodeInfo` of host 1, port 2), as KurrentDB 25.1's v2 API sends it
 * (`ApiErrors.NotLeaderNode`); undefined for any other status.
 */
export function leaderInStatus(status: Uint8Array | undefined): Endpoint | undefined {
  if (!status) return undefined;
  for (const detail of fieldsOf(status).filter((f) => f.field === 3)) {
    const any = fieldsOf(detail.bytes!);
    const typeUrl = text(any.find((f) => f.field === 1)?.bytes);
    if (!typeUrl.endsWith('NotLeaderNodeErrorDetails')) continue;
    const node = any.find((f) => f.field === 2)?.bytes;
    const info = node ? fieldsOf(node).find((f) => f.field === 1)?.bytes : undefined;
    if (!info) return undefined;
    const fields = fieldsOf(info);
    const host = text(fields.find((f) => f.field === 1)?.bytes);
    const port = fields.find((f) => f.field === 2)?.value;
    return host !== '' && port !== undefined ? { host, port } : undefined;
  }
  return undefined;
}

/** The top-level fields of a protobuf message: varints as `value`, length-delimited fields as `bytes`. */
function fieldsOf(bytes: Uint8Array): Array<{ field: number; value?: number; bytes?: Uint8Array }> {
  const fields: Array<{ field: number; value?: number; bytes?: Uint8Array }> = [];
  let at = 0;
  const varint = (): number => {
    let result = 0;
    for (let shift = 0; at < bytes.length; shift += 7) {
      const byte = bytes[at++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
    }
    throw new Error('truncated protobuf varint');
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    switch (key % 8) {
      case 0:
        fields.push({ field, value: varint() });
        break;
      case 2: {
        const length = varint();
        if (at + length > bytes.length) throw new Error('truncated protobuf field');
        fields.push({ field, bytes: bytes.subarray(at, at + length) });
        at += length;
        break;
      }
      case 1:
        at += 8;
        break;
      case 5:
        at += 4;
        break;
      default:
        throw new Error(`unsupported protobuf wire type ${key % 8}`);
    }
  }
  return fields;
}

const text = (bytes: Uint8Array | undefined): string => (bytes ? Buffer.from(bytes).toString('utf8') : '');

/** A write to the event store that failed for good: what was being written, how often it was tried, and why. */
export class EventStoreWriteError extends Error {
  constructor(
    readonly streams: readonly string[],
    readonly events: number,
    readonly tries: number,
    cause: unknown,
  ) {
    super(
      `Writing ${events} event(s) to ${describeStreams(streams)} failed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${reasonOf(cause)}`,
      { cause },
    );
    this.name = 'EventStoreWriteError';
  }
}

/** Up to five stream names and how many more. */
function describeStreams(streams: readonly string[]): string {
  const shown = streams.slice(0, 5).join(', ');
  return streams.length > 5
    ? `${streams.length} streams (${shown} and ${streams.length - 5} more)`
    : `${streams.length} stream(s) (${shown})`;
}

/** The failure in words, whatever was thrown (client 1.3.1 throws some errors with an empty message, or none at all). */
export function reasonOf(cause: unknown): string {
  if (cause instanceof Error) {
    const type = (cause as { type?: unknown }).type;
    // The client's errors keep the name `Error`: their class names them.
    const name = cause.name === 'Error' && cause.constructor !== Error ? cause.constructor.name : cause.name;
    const label = typeof type === 'string' ? `${name} (${type})` : name;
    return cause.message ? `${label}: ${cause.message}` : `${label} without a message`;
  }
  return cause === undefined
    ? 'the client failed without an error (undefined)'
    : `the client failed with ${String(cause)}`;
}

/**
 * The conflict the server reported, in our stream names, or undefined for another error. Server 25.1 reports a conflict
 * as StreamRevisionConflict (WrongExpectedVersionError in the client); `appendRecords` and later servers as a
 * consistency violation.
 */
export function conflictOf(
  error: unknown,
  names: StreamPrefix,
  appends: readonly IdentifiedAppend[],
): ConcurrencyError | undefined {
  const conflict = (serverName: string, actual: bigint | 'no_stream'): ConcurrencyError =>
    new ConcurrencyError(
      names.fromServer(serverName) ?? serverName,
      appends.find((a) => a.streamId === serverName)?.expected ?? 'any',
      toActual(actual),
    );
  if (error instanceof WrongExpectedVersionError) return conflict(error.streamName, error.actualState);
  const violation = error instanceof AppendConsistencyViolationError ? error.violations[0] : undefined;
  return violation ? conflict(violation.streamName, violation.actualState) : undefined;
}
