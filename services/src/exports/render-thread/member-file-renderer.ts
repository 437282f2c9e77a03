import type { MemberDto } from '@coop/contracts';
import { isRenderThreadBuilt, renderInThread } from '../../platform/render-thread/render-in-thread.js';
import type { CsvDialect, ExportFormat } from '../member-columns.js';
import { buildMemberFile } from '../render/member-file.js';

/** The compiled entry next to this module (it exists where the services run built: npm start, the benchmarks). */
export const RENDER_THREAD_ENTRY = new URL('./render-thread.js', import.meta.url);

/**
 * Lists of more members than this are built in a render thread; smaller ones on the API thread, in slices of 250 rows
 * (at 2001 members: stalls of at most 17 ms, while a thread's start added about 200 ms; README.md).
 */
export const RENDER_THREAD_ABOVE = 2000;

/** What the render thread is told to make. */
export interface MemberFileStart {
  readonly format: ExportFormat;
  readonly dialect: CsvDialect;
}

/** What builds a member list file from the selected members' batches (README.md: where and when). */
export interface MemberFileRendering {
  readonly format: ExportFormat;
  readonly dialect: CsvDialect;
  /** How many members the batches hold (the selection knows it before the first batch). */
  readonly total: number;
  readonly batches: AsyncIterable<readonly MemberDto[]>;
  readonly progress?: (done: number) => void;
}

/**
 * Builds the member list files (CSV, XLSX, ODS) off the API thread: the builders' synchronous parts (exceljs's rows and
 * zip, jszip's deflate of the ODS content) held the API's event loop 100-900 ms at a time at 100,000 members
 * (bench/exports.js). A large list goes to a worker thread of its own (`render-thread.ts`, compiled), fed the batches
 * as the selection yields them; a small one, or any where no compiled entry exists (jest on the TypeScript sources),
 * is built here with the same builders: the bytes are the same either way. Provided by the module's factory.
 */
export class MemberFileRenderer {
  constructor(
    private readonly entry: URL = RENDER_THREAD_ENTRY,
    private readonly above: number = RENDER_THREAD_ABOVE,
  ) {}

  /** Whether this rendering runs in a render thread. */
  inThread(total: number): boolean {
    return total > this.above && isRenderThreadBuilt(this.entry);
  }

  render(rendering: MemberFileRendering): Promise<Buffer> {
    const { format, dialect, batches, progress } = rendering;
    if (!this.inThread(rendering.total)) return buildMemberFile(format, dialect, batches, progress);
    return renderInThread<MemberFileStart, MemberDto>(this.entry, { format, dialect }, batches, progress);
  }
}
