import type { MemberDto } from '@coop/contracts';
import { isRenderThreadBuilt, renderInThread } from '../../platform/render-thread/render-in-thread.js';
import {
  budgetClock,
  checkedProgress,
  withinBudget,
  type RenderBudget,
} from '../../platform/render-thread/render-budget.js';
import type { CsvDialect, ExportFormat } from '../member-columns.js';
import { buildMemberFile } from '../render/member-file.js';

/** The compiled entry next to this module (it exists where the services run built: npm start, the benchmarks). */
export const RENDER_THREAD_ENTRY = new URL('./render-thread.js', import.meta.url);

/**
 * Lists of more members than this are built in a render thread; smaller ones on the API thread, in slices of 250 rows
 * (at 2001 members: stalls of at most 17 ms, while a thread's start added about 200 ms; README.md).
 */
export const RENDER_THREAD_ABOVE = 2000;

/**
 * The budget of one member list file per format (decision 131's machinery; docs/exports.md "Budget";
 * docs/performance.md §55, load 5-17 on two cores). Heap: at 100,000 members with all 58 fields of a member, the
 * smallest heap that made the file was CSV 129-192 MB, XLSX 193-256 MB, ODS 129-192 MB; 4 times that. Time: end to
 * end through the API (the register's selection included) 18,123 members took CSV 2.8-11.1 s, XLSX 3.6-16.6 s, ODS
 * 4.0-15.7 s, so 100,000 about 15-61, 20-91 and 22-86 s; about twice the slowest. Past either the file is refused
 * (RenderBudgetExceeded): `503 renderBudgetExceeded` at once, a rejected `memberExport` task. `EXPORT_BUDGET_SECONDS`
 * sets every format's time.
 */
export const MEMBER_EXPORT_BUDGETS: Readonly<Record<ExportFormat, RenderBudget>> = {
  csv: { seconds: 120, memoryMb: 768 },
  xlsx: { seconds: 180, memoryMb: 1024 },
  ods: { seconds: 180, memoryMb: 768 },
};

/** The budgets, each format's time set to `seconds` where given (`EXPORT_BUDGET_SECONDS`). */
export function memberExportBudgets(seconds?: number): Readonly<Record<ExportFormat, RenderBudget>> {
  if (seconds === undefined) return MEMBER_EXPORT_BUDGETS;
  const { csv, xlsx, ods } = MEMBER_EXPORT_BUDGETS;
  return { csv: { ...csv, seconds }, xlsx: { ...xlsx, seconds }, ods: { ...ods, seconds } };
}

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
 * is built here with the same builders: the bytes are the same either way. Either way within its format's budget
 * (`MEMBER_EXPORT_BUDGETS`): the calling thread checks the time before each batch and at each slice's progress, a
 * render thread is ended at the time or past its heap. Provided by the module's factory.
 */
export class MemberFileRenderer {
  constructor(
    private readonly entry: URL = RENDER_THREAD_ENTRY,
    private readonly above: number = RENDER_THREAD_ABOVE,
    private readonly budgets: Readonly<Record<ExportFormat, RenderBudget>> = MEMBER_EXPORT_BUDGETS,
  ) {}

  /** Whether this rendering runs in a render thread. */
  inThread(total: number): boolean {
    return total > this.above && isRenderThreadBuilt(this.entry);
  }

  render(rendering: MemberFileRendering): Promise<Buffer> {
    const { format, dialect, batches, progress } = rendering;
    const budget = this.budgets[format];
    if (!this.inThread(rendering.total)) {
      const clock = budgetClock(budget);
      return buildMemberFile(format, dialect, withinBudget(batches, clock), checkedProgress(clock, progress));
    }
    return renderInThread<MemberFileStart, MemberDto>(this.entry, { format, dialect }, batches, progress, budget);
  }
}
