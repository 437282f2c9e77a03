import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/index.js';
import { MemberPdfsController } from './http/member-pdfs.controller.js';
import { MemberPdfs } from './member-pdfs.js';
import { MemberPdfsTaskHandler } from './member-pdfs.handler.js';
import { MemberPdfSource } from './queries/member-pdf-source.js';
import { MemberPdfRenderer } from './render-thread/member-pdf-renderer.js';

/**
 * The member PDFs as of a date (issue 26): the member list, the members with shares and the statements of account
 * (pdfkit, A4); large ones in the background task `memberPdfs`. Reads the projections only; writes nothing.
 */
@Module({
  imports: [TasksModule],
  controllers: [MemberPdfsController],
  providers: [
    MemberPdfSource,
    MemberPdfs,
    MemberPdfsTaskHandler,
    { provide: MemberPdfRenderer, useFactory: () => new MemberPdfRenderer() },
  ],
})
export class MemberPdfsModule {}
