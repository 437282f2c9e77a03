import { Injectable } from '@nestjs/common';
import type { ImportRecordDto, ImportRunningDto } from '@coop/contracts';
import { IMPORT_MAPPINGS, IMPORTS, readImport, type ImportDocument } from '@coop/projections/member-import';
import { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';
import type { ImportMapping } from '../import-types.js';

/** This area's imports as typed documents (decision 258). */
const imports = new TypedReads<ImportDocument>(IMPORTS, 'Import', readImport);

/** The imports of a cooperative (read model `imports`) and the mapping of its last one (`import_mappings`). */
@Injectable()
export class ImportHistory {
  constructor(private readonly reads: ReadModels) {}

  /** Every import, running or written, newest first. */
  async list(cooperativeId: string): Promise<ImportRecordDto[]> {
    const records: ImportRecordDto[] = [];
    for await (const batch of imports.scan(this.reads, cooperativeId, 500)) {
      for (const { cooperativeId: _c, position: _p, ...record } of batch) records.push(record);
    }
    return records.sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
  }

  /** The import being written (issue 40), or `running: false`. */
  /** Refuses an id that is no import of this cooperative (unknown, malformed, another's): 404 `importNotFound`. */
  async known(cooperativeId: string, importId: string): Promise<void> {
    await imports.get(this.reads, cooperativeId, importId.slice(0, 200));
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
