import type { CollectionSpec, RecordedEvent, RegisterImported, WriteOp } from '@coop/contracts';
import { stamp, type DocKey, type Projector } from '../runner/projector.js';

/** The imports written (issue 29; `GET /import/history`): one document per import, newest first by `at`. */
export const IMPORTS: CollectionSpec = {
  name: 'imports',
  fields: { checksum: 'string', by: 'string', at: 'string', members: 'number', postings: 'number', events: 'number' },
  search: [],
};

/** The mapping of the last import of each cooperative (id: the cooperative's id), offered first for the next one. */
export const IMPORT_MAPPINGS: CollectionSpec = {
  name: 'import_mappings',
  fields: { at: 'string' },
  search: [],
};

/** Postings of a summary: every balance type counted. */
const postingsOf = (byType: Readonly<Record<number, number>>): number => Object.values(byType).reduce((sum, n) => sum + n, 0);

export const importsProjector: Projector = {
  collections: [IMPORTS, IMPORT_MAPPINGS],
  keys(event: RecordedEvent): DocKey[] {
    if (event.type !== 'RegisterImported') return [];
    const { importId, cooperativeId } = (event as RecordedEvent<RegisterImported>).data;
    return [
      { collection: IMPORTS.name, id: importId },
      { collection: IMPORT_MAPPINGS.name, id: cooperativeId },
    ];
  },
  project(recorded): WriteOp[] {
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
        }),
      },
      { kind: 'put', collection: IMPORT_MAPPINGS.name, doc: stamp(event, { id: cooperativeId, cooperativeId, at, importId, mapping }) },
    ];
  },
};
