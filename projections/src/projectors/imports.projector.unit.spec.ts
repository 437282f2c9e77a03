import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent, RegisterImported } from '@coop/contracts';
import { importsProjector } from './imports.projector.js';

const AT = '2026-11-26T06:00:00.000Z';
const event = (
  importId: string,
  position: bigint,
  mapping = { sheets: [{ sheet: 'Mitglieder', kind: 'members', columns: { Mitgliedsnummer: 'memberNr' } }] },
): RecordedEvent =>
  ({
    type: 'RegisterImported',
    streamId: 'imports-c-1',
    revision: Number(position),
    position,
    data: {
      importId,
      cooperativeId: 'c-1',
      checksum: 'a'.repeat(64),
      files: [
        { name: 'mitglieder.csv', sha256: 'b'.repeat(64) },
        { name: 'buchungen.csv', sha256: 'c'.repeat(64) },
      ],
      mapping,
      summary: {
        members: 2,
        postingsByType: { 0: 2, 1: 1, 3: 1, 4: 1 },
        exemptionOrders: 0,
        nonAssessments: 0,
        asOf: '2026-11-26',
        activeMembers: 2,
        shares: 7,
        capitalCents: 70000,
        events: 14,
      },
      by: 'admin',
      at: AT,
    } satisfies RegisterImported['data'],
    metadata: {
      cooperativeId: 'c-1',
      user: 'admin',
      timestamp: AT,
      correlationId: '',
      causationId: '',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

describe('imports projector (issue 29)', () => {
  it('records an import in the history and its mapping as the cooperative last one', () => {
    const e = event('imp-1', 5n);
    expect(importsProjector.keys(e)).toEqual([
      { collection: 'imports', id: 'imp-1' },
      { collection: 'import_mappings', id: 'c-1' },
    ]);
    expect(importsProjector.project(e, () => undefined)).toEqual([
      {
        kind: 'put',
        collection: 'imports',
        doc: {
          id: 'imp-1',
          cooperativeId: 'c-1',
          checksum: 'a'.repeat(64),
          files: ['mitglieder.csv', 'buchungen.csv'],
          by: 'admin',
          at: AT,
          members: 2,
          postings: 5,
          events: 14,
          state: 'written',
          position: '5',
        },
      },
      {
        kind: 'put',
        collection: 'import_mappings',
        doc: expect.objectContaining({
          id: 'c-1',
          cooperativeId: 'c-1',
          importId: 'imp-1',
          mapping: (e.data as RegisterImported['data']).mapping,
          position: '5',
        }),
      },
    ]);
  });

  it('shows an import begun as running, counts its chunks, and as written only at its end (issue 40)', () => {
    const done = event('imp-1', 9n);
    const data = done.data as RegisterImported['data'];
    const plan = {
      today: '2026-11-26',
      terms: { shareCost: 10000, minimumShares: 1 },
      closedThrough: null,
      sequence: { highest: 0, revision: -1 },
      confirmWarnings: false,
      chunkEvents: 5,
      chunks: 3,
      events: 14,
      ids: 8,
      planHash: 'd'.repeat(64),
      uploadId: null,
    };
    const started = { ...done, type: 'RegisterImportStarted', position: 6n, data: { ...data, plan } } as RecordedEvent;
    expect(importsProjector.keys(started)).toEqual([{ collection: 'imports', id: 'imp-1' }]);
    const [put] = importsProjector.project(started, () => undefined);
    expect(put).toEqual({
      kind: 'put',
      collection: 'imports',
      doc: expect.objectContaining({ id: 'imp-1', state: 'running', chunks: 3, chunksWritten: 0, members: 2 }),
    });
    const doc = (put as { doc: Record<string, unknown> }).doc;
    const chunk = {
      ...done,
      type: 'RegisterImportChunkWritten',
      position: 7n,
      data: { importId: 'imp-1', cooperativeId: 'c-1', chunk: 1, events: 6 },
    } as RecordedEvent;
    expect(importsProjector.keys(chunk)).toEqual([{ collection: 'imports', id: 'imp-1' }]);
    expect(importsProjector.project(chunk, () => doc as never)).toEqual([
      {
        kind: 'put',
        collection: 'imports',
        doc: expect.objectContaining({ state: 'running', chunksWritten: 2, position: '7' }),
      },
    ]);
    expect(importsProjector.project(done, () => doc as never)[0]).toEqual({
      kind: 'put',
      collection: 'imports',
      doc: expect.objectContaining({ state: 'written' }),
    });
  });

  it('touches nothing for other events', () => {
    const other = { ...event('imp-1', 6n), type: 'TaskQueued' } as RecordedEvent;
    expect(importsProjector.keys(other)).toEqual([]);
    expect(importsProjector.project(other, () => undefined)).toEqual([]);
  });
});
