import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@coop/contracts';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../tasks/index.js';
import { MEMBER_PDF_DOCUMENTS, MemberPdfs, type MemberPdfDocument } from './member-pdfs.js';

/**
 * A large member PDF as a background task (kind `memberPdfs`, params `{document, date, onlyActive, member}`): renders
 * it with progress in members, and leaves the file on the task. It writes nothing else, so a run interrupted by a
 * restart is simply run again.
 */
@TaskHandlerProvider()
@Injectable()
export class MemberPdfsTaskHandler implements TaskHandler<'memberPdfs'> {
  readonly kind = 'memberPdfs' as const;
  readonly resumable = true;
  /** As the member PDF routes (`GET /pdf/…`): `members:read`. */
  readonly filePermissions = ['members:read'] as const;

  constructor(private readonly pdfs: MemberPdfs) {}

  async run(task: RunningTask<'memberPdfs'>): Promise<TaskOutcome> {
    const document = String(task.params.document ?? '');
    if (!(MEMBER_PDF_DOCUMENTS as readonly string[]).includes(document))
      throw new Error(`Unknown member PDF ${document}.`);
    const member = typeof task.params.member === 'string' && task.params.member !== '' ? task.params.member : null;
    const request = {
      document: document as MemberPdfDocument,
      date: String(task.params.date ?? ''),
      onlyActive: task.params.onlyActive === true,
      member,
    };
    let made;
    try {
      // A task waits for its turn at the render gate rather than fail for being busy (decision 337).
      made = await this.pdfs.make(task.cooperativeId, request, (done, total) => task.progress(done, total), true);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`The member ${member ?? ''} does not exist.`);
      throw error;
    }
    return {
      outcome: 'completed',
      files: [
        {
          name: made.name,
          contentType: 'application/pdf',
          bytes: new Uint8Array(made.pdf.buffer, made.pdf.byteOffset, made.pdf.byteLength),
        },
      ],
      summary: { document, date: request.date, members: made.members },
      effects: [],
      notifications: [],
    };
  }
}
