import { describe, expect, it } from '@jest/globals';
import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import type { NewEvent } from '@coop/contracts';
import { KurrentRecords, toEventData } from './kurrent-records.js';
import { recognizeProductEvent } from './product-event.js';
import { StreamPrefix, streamPrefixProblem } from './stream-prefix.js';

/** Metadata as the KurrentDB adapter stores it: every value a string. */
const stored = {
  cooperativeId: 'c-1',
  user: 'clerk',
  timestamp: '2025-01-01T10:00:00.000Z',
  correlationId: 'k',
  causationId: 'k',
  schemaVersion: '2',
};
const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

describe('recognizeProductEvent', () => {
  it("takes this product's events, with schemaVersion a number again and the server's $ keys left out", () => {
    expect(recognizeProductEvent({ memberId: 'm' }, { ...stored, $correlationId: 'x' })).toEqual({
      data: { memberId: 'm' },
      metadata: { ...stored, schemaVersion: 2 },
    });
    expect(recognizeProductEvent(bytes('{"a":1}'), bytes(JSON.stringify({ ...stored, schemaVersion: 1 })))).toEqual({
      data: { a: 1 },
      metadata: { ...stored, schemaVersion: 1 },
    });
  });

  it('refuses data that is not a JSON object, saying why', () => {
    expect(recognizeProductEvent(bytes('\u0000\u0001binary'), stored)).toEqual({
      reason: 'its data is not a JSON object',
    });
    // A JSON event whose text does not parse: the client hands over the text.
    expect(recognizeProductEvent('{"broken', stored)).toEqual({ reason: 'its data is not a JSON object' });
    expect(recognizeProductEvent([1, 2], stored)).toEqual({ reason: 'its data is not a JSON object' });
    expect(recognizeProductEvent(null, stored)).toEqual({ reason: 'its data is not a JSON object' });
  });

  it('refuses metadata that is not JSON or lacks a field the product writes', () => {
    expect(recognizeProductEvent({}, undefined)).toEqual({ reason: 'its metadata is not a JSON object' });
    expect(recognizeProductEvent({}, bytes('not json'))).toEqual({ reason: 'its metadata is not a JSON object' });
    const { causationId: _, ...noCausation } = stored;
    expect(recognizeProductEvent({}, noCausation)).toEqual({ reason: 'its metadata has no causationId' });
    expect(recognizeProductEvent({}, { ...stored, cooperativeId: 7 })).toEqual({
      reason: 'its metadata has no cooperativeId',
    });
    for (const schemaVersion of [undefined, 'two', '0', '1.5', 0]) {
      expect(recognizeProductEvent({}, { ...stored, schemaVersion })).toEqual({
        reason: 'its metadata has no schemaVersion',
      });
    }
  });
});

describe('KurrentRecords.toRecorded', () => {
  const newEvent = {
    type: 'MemberAdmitted',
    data: { memberId: 'm-1' },
    metadata: { ...stored, schemaVersion: 2 },
  } as NewEvent;
  /** An event as the client reads it from $all (a JSON event the adapter wrote: data and metadata parsed). */
  const read = (
    streamId: string,
    data: unknown,
    metadata: unknown,
    type = 'MemberAdmitted',
    position = 42n,
  ): AllStreamResolvedEvent =>
    ({
      event: {
        streamId,
        id: 'id-1',
        revision: 3n,
        type,
        data,
        metadata,
        isJson: true,
        created: new Date(0),
        position: { commit: position, prepare: position },
      },
      commitPosition: position,
    }) as unknown as AllStreamResolvedEvent;
  const records = (prefix: string): { records: KurrentRecords; lines: string[] } => {
    const lines: string[] = [];
    return { records: new KurrentRecords(new StreamPrefix(prefix), (line) => lines.push(line)), lines };
  };

  it('reads back what toEventData writes, without the installation prefix', () => {
    const written = toEventData(newEvent);
    const { records: r, lines } = records('eg-sued.');
    expect(r.toRecorded(read('eg-sued.member-m-1', written.data, written.metadata))).toEqual({
      streamId: 'member-m-1',
      revision: 3,
      position: 42n,
      type: 'MemberAdmitted',
      data: { memberId: 'm-1' },
      metadata: { ...stored, schemaVersion: 2 },
    });
    expect(lines).toEqual([]);
  });

  it("leaves out the server's events and other installations' streams quietly", () => {
    const { records: r, lines } = records('eg-sued.');
    expect(r.toRecorded(read('eg-nord.member-m-1', { memberId: 'm-1' }, stored))).toBeUndefined();
    expect(r.toRecorded(read('$stats-127.0.0.1:2113', { memberId: 'm-1' }, stored))).toBeUndefined();
    expect(r.toRecorded(read('eg-sued.member-m-1', '0@member-m-1', undefined, '$>'))).toBeUndefined();
    expect(records('').records.toRecorded(read('$$member-m-1', { memberId: 'm-1' }, stored))).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it("skips an event that is not this product's with one warning naming its position, however often it is read", () => {
    const { records: r, lines } = records('');
    const foreign = read('member-m-1', bytes('\u0000binary'), undefined, 'Legacy', 77n);
    expect(r.toRecorded(foreign)).toBeUndefined();
    expect(r.toRecorded(foreign)).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('skipped the event at position 77 (stream member-m-1, revision 3, type Legacy');
    expect(lines[0]).toContain('its data is not a JSON object');
  });
});

describe('StreamPrefix', () => {
  it('puts the prefix on and takes it off; the empty prefix leaves names as they are', () => {
    const names = new StreamPrefix('eg-sued.');
    expect(names.toServer('member-1')).toBe('eg-sued.member-1');
    expect(names.fromServer('eg-sued.member-1')).toBe('member-1');
    expect(names.fromServer('eg-nord.member-1')).toBeUndefined();
    expect(new StreamPrefix('').toServer('member-1')).toBe('member-1');
    expect(new StreamPrefix('').fromServer('$all')).toBeUndefined();
  });

  it('refuses a prefix of the server streams', () => {
    expect(streamPrefixProblem('')).toBeUndefined();
    expect(() => new StreamPrefix('$ce-')).toThrow('EVENT_STORE_STREAM_PREFIX must be');
  });
});

describe('toEventData', () => {
  it('stores metadata values as strings (the multi-stream append takes no other)', () => {
    const written = toEventData({ type: 'T', data: { a: 1 }, metadata: { ...stored, schemaVersion: 2 } } as NewEvent);
    expect(written.metadata).toEqual(stored);
    expect([written.type, written.contentType]).toEqual(['T', 'application/json']);
  });
});
