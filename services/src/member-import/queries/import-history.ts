import { Injectable } from '@nestjs/common';
import type { ImportRecordDto, ImportRunningDto, ReadDocument } from '@coop/contracts';
import { IMPORT_MAPPINGS, IMPORTS } from '@coop/projections';
import { ReadModels } from '../../platform/http/read-models.js';
import type { ImportMapping } from '../import-types.js';

const text = (doc: ReadDocument, f: string): string => (typeof doc[f] === 'string' ? (doc[f] as string) : '');
const count = (doc: ReadDocument, f: string): number => (typeof doc[f] === 'number' ? (doc[f] as number) : 0);

/** The imports of a cooperative (read model `imports`) and the mapping of its last one (`import_mappings`). */
@Injectable()
export class ImportHistory {
  constructor(private readonly reads: ReadModels) {}

  /** Every import, running or written, newest first. */
  async list(cooperativeId: string): Promise<ImportRecordDto[]> {
    const records: ImportRecordDto[] = [];
    for await (const batch of this.reads.scan(IMPORTS, cooperativeId, 500)) {
      for (const doc of batch) {
        records.push({
          id: doc.id,
          checksum: text(doc, 'checksum'),
          files: Array.isArray(doc.files) ? (doc.files as unknown[]).map(String) : [],
          by: text(doc, 'by'),
          at: text(doc, 'at'),
          members: count(doc, 'members'),
          postings: count(doc, 'postings'),
          events: count(doc, 'events'),
          // Documents of imports written before issue 40 have no state: they were written whole.
          state: doc.state === 'running' || doc.state === 'abandoned' ? doc.state : 'written',
          chunks: count(doc, 'chunks'),
          chunksWritten: count(doc, 'chunksWritten'),
        });
      }
    }
    return records.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
  }

  /** The import being written (issue 40), or `running: false`. */
  /** Refuses an id that is no import of this cooperative (unknown, malformed, another's): 404 `importNotFound`. */
  async known(cooperativeId: string, importId: string): Promise<void> {
    await this.reads.get(IMPORTS, cooperativeId, importId.slice(0, 200), 'Import');
  }

  async running(cooperativeId: string): Promise<ImportRunningDto> {
    const running = (await this.list(cooperativeId)).find((r) => r.state === 'running');
    if (!running) return { running: false, files: [], by: '', at: '', chunks: 0, chunksWritten: 0 };
    return {
      running: true,
      files: running.files,
      by: running.by,
      at: running.at,
      chunks: running.chunks,
      chunksWritten: running.chunksWritten,
    };
  }

  /** The mapping of the cooperative's last import, offered first for the next one; null before the first. */
  async savedMapping(cooperativeId: string): Promise<ImportMapping | null> {
    const doc = (await this.reads.getMany(IMPORT_MAPPINGS, cooperativeId, [cooperativeId])).get(cooperativeId);
    const mapping = doc?.mapping;
    return mapping !== null && typeof mapping === 'object' && Array.isArray((mapping as { sheets?: unknown }).sheets)
      ? (mapping as ImportMapping)
      : null;
  }
}
