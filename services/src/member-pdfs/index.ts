/** The member PDFs' public entry (issue 26): its module (routes and task handler) and the renderers the benchmark drives. */
export { MemberPdfsModule } from './member-pdfs.module.js';
export { MemberPdfsTaskHandler } from './member-pdfs.handler.js';
export { statementsPdf, type Statement, type StatementLine } from './render/statement-pdf.js';
export { tablePdf } from './render/table-pdf.js';
export { MEMBER_LIST, memberListRow } from './render/member-lists.js';
export { statementLines } from './queries/member-pdf-source.js';
export {
  addressLine,
  drawAddressLines,
  drawHeader,
  drawPageNumber,
  fit,
  openPdf,
  type PdfIssuer,
} from './render/pdf-frame.js';
export { heirsLines, isDeceased, recipientLines } from './render/postal-address.js';
