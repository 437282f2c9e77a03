import { Injectable } from '@nestjs/common';
import type { MemberDto } from '@coop/contracts';
import { ownCooperative } from '../cooperatives/index.js';
import { countMembersAsOf, selectMembersAsOf } from '../members/index.js';
import { ReadModels } from '../platform/http/read-models.js';
import { inRenderTurn } from '../platform/render-thread/render-gate.js';
import { CONTENT_TYPES, exportFileName, type CsvDialect, type ExportFormat } from './member-columns.js';
import { MemberFileRenderer } from './render-thread/member-file-renderer.js';

/** Which list to make: the format, the business date it is as of, and (CSV) the dialect. */
export interface MemberExportRequest {
  readonly cooperativeId: string;
  readonly format: ExportFormat;
  readonly date: string;
  readonly dialect: CsvDialect;
  /** A background task's: it waits for its turn at the render gate, where a request is refused 503 (decision 337). */
  readonly background?: boolean;
  /** A request's client gone: it leaves the render gate's waiting places (decision 351). */
  readonly gone?: AbortSignal;
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
 * order. Reads the read models only, a batch of 1000 members at a time; a large file is built in a render thread
 * (`render-thread/`).
 */
@Injectable()
export class MemberExport {
  constructor(
    private readonly reads: ReadModels,
    private readonly renderer: MemberFileRenderer,
  ) {}

  /** How many members the export holds, or only whether more than `above` (the scan stops past it). */
  count(cooperativeId: string, date: string, above?: number): Promise<number> {
    return countMembersAsOf(this.reads, cooperativeId, date, 'active', above);
  }

  async make(
    request: MemberExportRequest,
    progress?: (done: number, total: number) => void,
  ): Promise<MemberExportFile> {
    const cooperative = await ownCooperative(this.reads, request.cooperativeId);
    const name = exportFileName(cooperative.name, request.date, request.format);
    const selection = await selectMembersAsOf(this.reads, request.cooperativeId, request.date, 'active');
    let members = 0;
    const count = (done: number): void => {
      members = done;
      progress?.(done, selection.total);
    };
    const batches: AsyncIterable<readonly MemberDto[]> = selection.batches();
    const turn = { cooperativeId: request.cooperativeId, background: request.background, gone: request.gone };
    const bytes = await inRenderTurn(turn, () =>
      this.renderer.render({
        format: request.format,
        dialect: request.dialect,
        total: selection.total,
        batches,
        progress: count,
      }),
    );
    return { name, contentType: CONTENT_TYPES[request.format], bytes, members };
  }
}
