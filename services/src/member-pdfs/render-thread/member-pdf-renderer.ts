import type { MemberDto } from '@coop/contracts';
import { isRenderThreadBuilt, renderInThread } from '../../platform/render-thread/render-in-thread.js';
import {
  budgetClock,
  checkedProgress,
  withinBudget,
  type RenderBudget,
} from '../../platform/render-thread/render-budget.js';
import { memberListPdf, type MemberListPdfRequest } from '../render/member-list-pdf.js';
import type { PdfIssuer } from '../render/pdf-frame.js';
import { statementsPdf, type Statement } from '../render/statement-pdf.js';

/** The compiled entry next to this module (it exists where the services run built: npm start, the benchmarks). */
export const PDF_THREAD_ENTRY = new URL('./pdf-thread.js', import.meta.url);

/**
 * PDFs of more members than this are rendered in a render thread; smaller ones on the calling thread, where pdfkit
 * yields every 5 statements (at 1001: stalls of at most 14 ms, while a thread added about 140 ms; README.md).
 */
export const PDF_THREAD_ABOVE = 1000;

/**
 * The budget of one member PDF (issue 38; docs/security.md "Limits"): 120 s and a render thread's heap of 1 GiB. The
 * largest measured, 10,000 statements, took 17-25 s and 377 MB of the process (docs/member-pdfs.md); an answer at
 * once covers at most PDF_SYNC_LIMIT (300) members and takes well under a second. Past it the PDF is refused
 * (RenderBudgetExceeded), on the calling thread at the next 200 rows or 5 statements.
 */
export const MEMBER_PDF_BUDGET: RenderBudget = { seconds: 120, memoryMb: 1024 };

/** What the PDF thread is told to make. */
export type MemberPdfStart =
  | { readonly kind: 'statements'; readonly issuer: PdfIssuer; readonly date: string }
  | ({ readonly kind: 'list' } & MemberListPdfRequest);

/**
 * Renders the member PDFs (pdfkit) off the API thread when they are large: pdfkit lays out and compresses every page
 * synchronously on the thread that calls it. A large PDF goes to a worker thread of its own (`pdf-thread.ts`,
 * compiled), fed the statements or members batch by batch as the source yields them; a small one, or any where no
 * compiled entry exists (jest on the TypeScript sources), is rendered here with the same renderers: the same PDF.
 * Provided by the module's factory.
 */
export class MemberPdfRenderer {
  constructor(
    private readonly entry: URL = PDF_THREAD_ENTRY,
    private readonly above: number = PDF_THREAD_ABOVE,
    private readonly budget: RenderBudget = MEMBER_PDF_BUDGET,
  ) {}

  /** Whether a PDF of `total` members runs in a render thread. */
  inThread(total: number): boolean {
    return total > this.above && isRenderThreadBuilt(this.entry);
  }

  /** The statements of account (`statementsPdf`). */
  statements(
    issuer: PdfIssuer,
    date: string,
    total: number,
    statements: AsyncIterable<readonly Statement[]>,
    onMember?: (done: number) => void,
  ): Promise<Buffer> {
    if (!this.inThread(total)) {
      const clock = budgetClock(this.budget);
      return statementsPdf(issuer, date, withinBudget(statements, clock), checkedProgress(clock, onMember));
    }
    return renderInThread<MemberPdfStart, Statement>(
      this.entry,
      { kind: 'statements', issuer, date },
      statements,
      onMember,
      this.budget,
    );
  }

  /** A member list (`memberListPdf`): the PDF and the rows written. */
  async list(
    request: MemberListPdfRequest,
    members: AsyncIterable<readonly MemberDto[]>,
    onRows?: (done: number) => void,
  ): Promise<{ pdf: Buffer; rows: number }> {
    if (!this.inThread(request.total)) {
      const clock = budgetClock(this.budget);
      return memberListPdf(request, withinBudget(members, clock), checkedProgress(clock, onRows));
    }
    let rows = 0;
    async function* counted(): AsyncGenerator<readonly MemberDto[]> {
      for await (const batch of members) {
        rows += batch.length;
        yield batch;
      }
    }
    const pdf = await renderInThread<MemberPdfStart, MemberDto>(
      this.entry,
      { kind: 'list', ...request },
      counted(),
      onRows,
      this.budget,
    );
    return { pdf, rows };
  }
}
