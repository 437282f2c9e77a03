import type {
  CollectionSpec,
  RecordedEvent,
  RegisterImportAbandoned,
  RegisterImported,
  RegisterImportChunkWritten,
  RegisterImportStarted,
  WriteOp,
} from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

export * from './import-document.js';

/**
 * The imports (issues 29 and 40; `GET /import/history`): one document per import, newest first by `at`. `state`
 * `running` from `RegisterImportStarted` (with `chunksWritten` of `chunks`) until `RegisterImported` makes it `written`
 * (or `RegisterImportAbandoned` `abandoned`, decision 200): an import under way is never shown as a whole one.
 */
export const IMPORTS: CollectionSpec = {
  name: 'imports',
  fields: {
    checksum: 'string',
    by: 'string',
    at: 'string',
    members: 'number',
    postings: 'number',
    events: 'number',
    state: 'string',
  },
  search: [],
};

/** The mapping of the last import of each cooperative (id: the cooperative's id), offered first for the next one. */
export const IMPORT_MAPPINGS: CollectionSpec = {
  name: 'import_mappings',
  fields: { at: 'string' },
  search: [],
};

/** Postings of a summary: every balance type counted. */
const postingsOf = (byType: Readonly<Record<number, number>>): number =>
  Object.values(byType).reduce((sum, n) => sum + n, 0);

const PROCESS = new Set([
  'RegisterImportStarted',
  'RegisterImportChunkWritten',
  'RegisterImported',
  'RegisterImportAbandoned',
]);

/** The running import's document: as begun, its chunks counted as they are written. */
function running(event: RecordedEvent<RegisterImportStarted>): WriteOp {
  const { importId, cooperativeId, checksum, files, summary, plan, by } = event.data;
  return {
    kind: 'put',
    collection: IMPORTS.name,
    doc: stamp(event, {
      id: importId,
      cooperativeId,
      checksum,
      files: files.map((f) => f.name),
      by,
      at: event.metadata.timestamp,
      members: summary.members,
      postings: postingsOf(summary.postingsByType),
      events: summary.events,
      state: 'running',
      chunks: plan.chunks,
      chunksWritten: 0,
    }),
  };
}

export const importsProjector: Projector = {
  collections: [IMPORTS, IMPORT_MAPPINGS],
  keys(event: RecordedEvent): DocKey[] {
    if (!PROCESS.has(event.type)) return [];
    const { importId, cooperativeId } = (event as RecordedEvent<RegisterImported>).data;
    if (event.type !== 'RegisterImported') return [{ collection: IMPORTS.name, id: importId }];
    return [
      { collection: IMPORTS.name, id: importId },
      { collection: IMPORT_MAPPINGS.name, id: cooperativeId },
    ];
  },
  project(recorded, current): WriteOp[] {
    if (recorded.type === 'RegisterImportStarted') return [running(recorded as RecordedEvent<RegisterImportStarted>)];
    if (recorded.type === 'RegisterImportChunkWritten') {
      const { importId, chunk } = (recorded as RecordedEvent<RegisterImportChunkWritten>).data;
      const doc = current({ collection: IMPORTS.name, id: importId });
      if (!doc) return [];
      return [{ kind: 'put', collection: IMPORTS.name, doc: stamp(recorded, { ...doc, chunksWritten: chunk + 1 }) }];
    }
    if (recorded.type === 'RegisterImportAbandoned') {
      // Given up (decision 200): `abandoned` with the chunks it wrote, which stay.
      const { importId, chunksWritten, reason } = (recorded as RecordedEvent<RegisterImportAbandoned>).data;
      const doc = current({ collection: IMPORTS.name, id: importId });
      if (!doc) return [];
      return [
        {
          kind: 'put',
          collection: IMPORTS.name,
          doc: stamp(recorded, {
            ...doc,
            state: 'abandoned',
            chunksWritten,
            abandonedBy: recorded.metadata.user,
            abandonedAt: recorded.metadata.timestamp,
            // Stopped by itself (decision 301): why, as the clerk was told; an administrator's abandon has none.
            abandonReason: reason ?? null,
          }),
        },
      ];
    }
    if (recorded.type !== 'RegisterImported') return [];
    const event = recorded as RecordedEvent<RegisterImported>;
    const { importId, cooperativeId, checksum, files, mapping, summary, by } = event.data;
    const at = event.metadata.timestamp;
    return [
      {
        kind: 'put',
        collection: IMPORTS.name,
        doc: stamp(event, {
          id: importId,
          cooperativeId,
          checksum,
          files: files.map((f) => f.name),
          by,
          at,
          members: summary.members,
          postings: postingsOf(summary.postingsByType),
          events: summary.events,
          state: 'written',
        }),
      },
      {
        kind: 'put',
        collection: IMPORT_MAPPINGS.name,
        doc: stamp(event, { id: cooperativeId, cooperativeId, at, importId, mapping }),
      },
    ];
  },
};
