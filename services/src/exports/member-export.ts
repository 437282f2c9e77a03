import { Injectable } from '@nestjs/common';
import type { MemberDto } from '@coop/contracts';
import { COOPERATIVES } from '@coop/projections';
import { countMembersAsOf, membersAsOf } from '../members/index.js';
import { ReadModels } from '../platform/http/read-models.js';
import { CONTENT_TYPES, exportFileName, type CsvDialect, type ExportFormat } from './member-columns.js';
import { memberCsv } from './render/member-csv.js';
import { memberOds } from './render/member-ods.js';
import { memberXlsx } from './render/member-xlsx.js';

/** Which list to make: the format, the business date it is as of, and (CSV) the dialect. */
export interface MemberExportRequest {
  readonly cooperativeId: string;
  readonly format: ExportFormat;
  readonly date: string;
  readonly dialect: CsvDialect;
}

export interface MemberExportFile {
  readonly name: string;
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly members: number;
}

/**
 * The member list as of a date (issue 26; GenG § 30, DOMAIN.md 9.1) as a file: the members who had joined and not left
 * by the end of the date (`membersAsOf` scope `active`), their holding from the postings dated up to it, in member-number
 * order. Reads the read models only, a batch of 1000 members at a time.
 */
@Injectable()
export class MemberExport {
  constructor(private readonly reads: ReadModels) {}

  count(cooperativeId: string, date: string): Promise<number> {
    return countMembersAsOf(this.reads, cooperativeId, date, 'active');
  }

  async make(request: MemberExportRequest, progress?: (done: number) => void): Promise<MemberExportFile> {
    const cooperative = await this.reads.get(COOPERATIVES, request.cooperativeId, request.cooperativeId, 'Cooperative');
    const name = exportFileName(typeof cooperative.name === 'string' ? cooperative.name : '', request.date, request.format);
    let members = 0;
    const count = (done: number): void => {
      members = done;
      progress?.(done);
    };
    const batches: AsyncIterable<readonly MemberDto[]> = membersAsOf(this.reads, request.cooperativeId, request.date, 'active');
    const bytes =
      request.format === 'csv' ? await memberCsv(batches, request.dialect, count) : request.format === 'xlsx' ? await memberXlsx(batches, count) : await memberOds(batches, count);
    return { name, contentType: CONTENT_TYPES[request.format], bytes, members };
  }
}
