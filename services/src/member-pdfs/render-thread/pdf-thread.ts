import { serveRender } from '../../platform/render-thread/serve-render.js';
import { memberListPdf } from '../render/member-list-pdf.js';
import { statementsPdf, type Statement } from '../render/statement-pdf.js';
import type { MemberPdfStart } from './member-pdf-renderer.js';
import type { MemberDto } from '@coop/contracts';

/*
 * The member PDFs' render-thread entry (compiled: services/dist/member-pdfs/render-thread/pdf-thread.js): renders one
 * PDF with the same pdfkit renderers as the calling thread would, fed the statements or members it posts.
 */
serveRender<MemberPdfStart, Statement | MemberDto>(async (start, batches, progress) => {
  if (start.kind === 'statements')
    return statementsPdf(start.issuer, start.date, batches as AsyncIterable<readonly Statement[]>, progress);
  const { kind: _kind, ...request } = start;
  return (await memberListPdf(request, batches as AsyncIterable<readonly MemberDto[]>, progress)).pdf;
});
