/**
 * The KurrentDB adapter's write rules as pure functions (issue 40, decision 140). What needs the server (a retried
 * write recognised by its ids, the leader taking a write a follower refused) is in the KurrentDB contract suite, which
 * runs whenever EVENT_STORE_URL is set.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import {
  DeadlineExceededError,
  NotLeaderError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError, type NewEvent } from '@coop/contracts';
import {
  CLIENT_DEFAULT_DEADLINE_MS,
  EventStoreWriteError,
  afterFailure,
  appendDeadlineMs,
  configuredDeadlineMs,
  conflictOf,
  identify,
  leaderInStatus,
  onLeader,
  reasonOf,
  withDefaultDeadline,
} from './kurrent-writes.js';
import { StreamPrefix } from './stream-prefix.js';

/** The client's own connection string parser, to show it reads what the adapter writes. */
const { parseConnectionString } = createRequire(import.meta.url)(
  '@kurrent/kurrentdb-client/dist/Client/parseConnectionString.js',
) as {
  parseConnectionString: (url: string) => {
    hosts: Array<{ address: string; port: number }>;
    dnsDiscover: boolean;
    defaultDeadline?: number;
    tls?: boolean;
  };
};

const event = (n: number): NewEvent =>
  ({
    type: 'TestHappened',
    data: { n },
    metadata: {
      cooperativeId: 'c',
      user: 'u',
      timestamp: '2025-01-01T00:00:00.000Z',
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as NewEvent;

/** Protobuf wire bytes: a length-delimited field, a varint field. */
const varint = (n: number): number[] => {
  const out: number[] = [];
  for (; n >= 0x80; n = Math.floor(n / 128)) out.push((n % 128) | 0x80);
  out.push(n);
  return out;
};
const bytesField = (field: number, bytes: ArrayLike<number>): number[] => [
  ...varint(field * 8 + 2),
  ...varint(bytes.length),
  ...Array.from(bytes),
];
const varintField = (field: number, value: number): number[] => [...varint(field * 8), ...varint(value)];
const utf8 = (s: string): number[] => [...Buffer.from(s, 'utf8')];

/** A google.rpc.Status as KurrentDB 25.1's v2 API sends a follower's refusal: an ErrorInfo, then NotLeaderNodeErrorDetails. */
function notLeaderStatus(host: string, port: number): Uint8Array {
  const errorInfo = bytesField(3, [
    ...bytesField(1, utf8('type.googleapis.com/google.rpc.ErrorInfo')),
    ...bytesField(2, bytesField(1, utf8('NOT_LEADER_NODE'))),
  ]);
  const nodeInfo = [...bytesField(1, utf8(host)), ...varintField(2, port), ...bytesField(3, utf8('b5c1e3a0'))];
  const details = bytesField(3, [
    ...bytesField(1, utf8('type.googleapis.com/kurrentdb.protocol.v2.errors.NotLeaderNodeErrorDetails')),
    ...bytesField(2, bytesField(1, nodeInfo)),
  ]);
  return Uint8Array.from([
    ...varintField(1, 9),
    ...bytesField(2, utf8('The server is not the leader node')),
    ...errorInfo,
    ...details,
  ]);
}

/** A gRPC error as grpc-js hands it to the client: a status code, trailing metadata (with `exception` for v1 errors). */
function grpcError(code: number, metadata: Record<string, string | Buffer>): Error {
  const map = Object.fromEntries(Object.entries(metadata));
  return Object.assign(new Error(`${code} grpc error`), {
    code,
    details: 'grpc error',
    metadata: { get: (key: string) => (map[key] === undefined ? [] : [map[key]]), getMap: () => map },
  });
}

describe('identify', () => {
  it('gives every event an id once, before the first try: the same write keeps its ids', () => {
    let n = 0;
    const ids = (): string => `id-${++n}`;
    const identified = identify(
      [
        { streamId: 'a', expected: 'no_stream', events: [event(1), event(2)] },
        { streamId: 'b', expected: 3, events: [] },
      ],
      ids,
    );
    expect(identified.map((a) => [a.streamId, a.expected, a.events.map((e) => e.id)])).toEqual([
      ['a', 'no_stream', ['id-1', 'id-2']],
      ['b', 3, []],
    ]);
    expect(identified[0]!.events[1]).toMatchObject({
      type: 'TestHappened',
      data: { n: 2 },
      contentType: 'application/json',
    });
  });

  it('gives distinct ids by default and handles 200,000 events of one entry without argument spreading', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => event(i));
    const [identified] = identify([{ streamId: 'big', expected: 'any', events: many }]);
    expect(identified!.events.length).toBe(200_000);
    expect(new Set(identified!.events.map((e) => e.id)).size).toBe(200_000);
  }, 60_000);
});

describe('the deadline of a write', () => {
  it('grows with the events written beyond the configured deadline', () => {
    expect(appendDeadlineMs(0, CLIENT_DEFAULT_DEADLINE_MS)).toBe(10_000);
    expect(appendDeadlineMs(200_000, CLIENT_DEFAULT_DEADLINE_MS)).toBe(210_000);
  });

  it("reads the connection string's defaultDeadline as the client does, and sets one the client reads", () => {
    expect(configuredDeadlineMs('kurrentdb://localhost:2113?tls=false')).toBe(10_000);
    expect(configuredDeadlineMs('kurrentdb://localhost:2113?tls=false&defaultDeadline=30000')).toBe(30_000);
    for (const url of [
      'kurrentdb://localhost:2113?tls=false&defaultDeadline=30000',
      'kurrentdb://localhost:2113/',
      'esdb+discover://a:2113,b:2113?nodePreference=leader',
    ]) {
      const set = withDefaultDeadline(url, 123_456.2);
      expect(parseConnectionString(set).defaultDeadline).toBe(123_457);
      expect(configuredDeadlineMs(set)).toBe(123_457);
    }
  });
});

describe('onLeader', () => {
  it('keeps scheme, user and settings and names the leader alone, without discovery', () => {
    const url = onLeader('kurrentdb+discover://admin:changeit@node1:2113,node2:2113?tls=true&tlsVerifyCert=false', {
      host: 'node3',
      port: 2114,
    });
    expect(url).toBe('kurrentdb://admin:changeit@node3:2114?tls=true&tlsVerifyCert=false');
    expect(parseConnectionString(url)).toMatchObject({
      dnsDiscover: false,
      hosts: [{ address: 'node3', port: 2114 }],
      tls: true,
    });
    expect(onLeader('kurrentdb://localhost:2113', { host: '10.0.0.2', port: 2113 })).toBe('kurrentdb://10.0.0.2:2113');
  });
});

describe('afterFailure', () => {
  it("reads the leader of a v2 refusal that client 1.3.1 leaves unpacked (an UnknownError wrapping the server's status)", () => {
    const raw = grpcError(9, { 'grpc-status-details-bin': Buffer.from(notLeaderStatus('node2.internal', 2113)) });
    expect(afterFailure(raw)).toEqual({ kind: 'leader', leader: { host: 'node2.internal', port: 2113 } });
    expect(afterFailure(new UnknownError(raw as never))).toEqual({
      kind: 'leader',
      leader: { host: 'node2.internal', port: 2113 },
    });
    expect(leaderInStatus(notLeaderStatus('n', 1))).toEqual({ host: 'n', port: 1 });
  });

  it('follows the leader a v1 NotLeaderError names', () => {
    const raw = grpcError(5, {
      exception: 'not-leader',
      'leader-endpoint-host': 'node1',
      'leader-endpoint-port': '2113',
    });
    expect(afterFailure(new NotLeaderError(raw as never))).toEqual({
      kind: 'leader',
      leader: { host: 'node1', port: 2113 },
    });
    expect(afterFailure(raw)).toEqual({ kind: 'leader', leader: { host: 'node1', port: 2113 } });
  });

  it('tries again after an unknown outcome, and fails at once otherwise', () => {
    expect(afterFailure(new DeadlineExceededError())).toEqual({ kind: 'again' });
    expect(afterFailure(new UnavailableError())).toEqual({ kind: 'again' });
    expect(afterFailure(grpcError(4, {}))).toEqual({ kind: 'again' });
    expect(afterFailure(grpcError(14, {}))).toEqual({ kind: 'again' });
    expect(
      afterFailure(new WrongExpectedVersionError(undefined, { streamName: 's', current: 1n, expected: 0n })),
    ).toEqual({ kind: 'fail' });
    expect(afterFailure(grpcError(3, {}))).toEqual({ kind: 'fail' });
    expect(afterFailure(undefined)).toEqual({ kind: 'fail' });
    expect(afterFailure(new Error('boom'))).toEqual({ kind: 'fail' });
  });
});

describe('EventStoreWriteError', () => {
  it('names what was being written, the tries and the cause, whatever the client threw', () => {
    const error = new EventStoreWriteError(['member-1', 'dividends-c'], 3, 4, new DeadlineExceededError());
    expect(error.message).toBe(
      'Writing 3 event(s) to 2 stream(s) (member-1, dividends-c) failed after 4 tries: DeadlineExceededError (deadline-exceeded) without a message',
    );
    expect(error.cause).toBeInstanceOf(DeadlineExceededError);
    const many = new EventStoreWriteError(
      Array.from({ length: 7 }, (_, i) => `s${i}`),
      152_536,
      1,
      undefined,
    );
    expect(many.message).toBe(
      'Writing 152536 event(s) to 7 streams (s0, s1, s2, s3, s4 and 2 more) failed after 1 try: the client failed without an error (undefined)',
    );
    expect(reasonOf(new Error('closed'))).toBe('Error: closed');
  });
});

describe('conflictOf', () => {
  it("reports the server's conflict in our stream names with the entry's expectation", () => {
    const names = new StreamPrefix('eg.');
    const appends = identify([{ streamId: 'eg.member-1', expected: 4, events: [event(1)] }]);
    const conflict = conflictOf(
      new WrongExpectedVersionError(undefined, { streamName: 'eg.member-1', current: 6n, expected: 4n }),
      names,
      appends,
    );
    expect(conflict).toBeInstanceOf(ConcurrencyError);
    expect([conflict!.streamId, conflict!.expected, conflict!.actual]).toEqual(['member-1', 4, 6]);
    expect(conflictOf(new Error('other'), names, appends)).toBeUndefined();
  });
});
