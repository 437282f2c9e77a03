import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { businessToday, memberFieldError, TaskDto, ValidationError } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { APP_CONFIG } from '../../platform/tokens.js';
import { asOfDate } from '../../members/index.js';
import { TASK_QUEUE, taskDocuments, toTaskDto, type TaskQueue } from '../../tasks/index.js';
import { MemberPdfs, type MemberPdfDocument, type MemberPdfRequest } from '../member-pdfs.js';
import { attachment } from '../../platform/http/attachment.js';
import { whileConnected } from '../../platform/http/client-gone.js';
import { sendQueued } from '../../platform/http/head-request.js';

const PDF = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };

/** `onlyActive`: absent, `false`/`0` or `true`/`1` (else 400 `invalidChoice`). */
function flag(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ValidationError([memberFieldError('onlyActive', 'invalidChoice', raw)]);
}

/**
 * The member PDFs as of a date (issue 26; SPEC.md 7, 9; GenG § 30): the member list, the members with shares and the
 * statements of account. `members:read`; the cooperative from the token. More members than `PDF_SYNC_LIMIT`: 202 with
 * the queued task (kind `memberPdfs`), whose file is then downloaded from `GET /tasks/{id}/files/{fileId}`.
 */
@ApiTags('members')
@ApiBearerAuth()
@Controller('pdf')
export class MemberPdfsController {
  constructor(
    private readonly pdfs: MemberPdfs,
    private readonly reads: ReadModels,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The member list (A4 landscape): every member who had joined by the date, or only the active ones. */
  @Get('members')
  @Requires('members:read')
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today when absent' })
  @ApiQuery({ name: 'onlyActive', required: false, description: 'true or 1: only members not exited by the date' })
  @ApiOkResponse({ description: 'mitgliederliste-<cooperative>-<date>.pdf', content: PDF })
  @ApiAcceptedResponse({ description: 'more members than PDF_SYNC_LIMIT: the queued task', type: TaskDto })
  async members(
    @CurrentActor() actor: Actor,
    @Query('date') date: string | undefined,
    @Query('onlyActive') onlyActive: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.answer(actor, res, this.request('members', date, flag(onlyActive), undefined));
  }

  /** The members holding shares on the date: number, name, shares, capital. */
  @Get('member-balances')
  @Requires('members:read')
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today when absent' })
  @ApiOkResponse({ description: 'mitglieder-anteile-<cooperative>-<date>.pdf', content: PDF })
  @ApiAcceptedResponse({ description: 'more members than PDF_SYNC_LIMIT: the queued task', type: TaskDto })
  async memberBalances(
    @CurrentActor() actor: Actor,
    @Query('date') date: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.answer(actor, res, this.request('memberBalances', date, false, undefined));
  }

  /** Statements of account: every active member (each from a new page), or one member (`member`, any of the cooperative). */
  @Get('member-statement-of-account')
  @Requires('members:read')
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today when absent' })
  @ApiQuery({ name: 'member', required: false, description: 'a member id: only this member’s statement' })
  @ApiOkResponse({
    description: 'kontoauszuege-<cooperative>-<date>.pdf, or kontoauszug-<cooperative>-<number>-<date>.pdf',
    content: PDF,
  })
  @ApiAcceptedResponse({ description: 'more members than PDF_SYNC_LIMIT: the queued task', type: TaskDto })
  async statements(
    @CurrentActor() actor: Actor,
    @Query('date') date: string | undefined,
    @Query('member') member: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.answer(actor, res, this.request('statements', date, false, member));
  }

  private request(
    document: MemberPdfDocument,
    date: string | undefined,
    onlyActive: boolean,
    member: string | undefined,
  ): MemberPdfRequest {
    return {
      document,
      date: asOfDate(date) ?? businessToday(),
      onlyActive,
      member: member !== undefined && member !== '' ? member : null,
    };
  }

  private async answer(actor: Actor, res: FastifyReply, request: MemberPdfRequest): Promise<void> {
    const count = await this.pdfs.count(actor.cooperativeId, request, this.config.pdfSyncLimit);
    if (count > this.config.pdfSyncLimit) {
      const params = {
        document: request.document,
        date: request.date,
        onlyActive: request.onlyActive,
        member: request.member,
      };
      await sendQueued(res, async () => {
        const taskId = await this.queue.enqueue({
          cooperativeId: actor.cooperativeId,
          user: actor.username,
          kind: 'memberPdfs',
          params,
        });
        return toTaskDto(await taskDocuments.get(this.reads, actor.cooperativeId, taskId));
      });
      return;
    }
    const made = await whileConnected(res, (gone) =>
      this.pdfs.make(actor.cooperativeId, request, undefined, false, gone),
    );
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(made.name))
      .header('Cache-Control', 'no-store')
      .send(made.pdf);
  }
}
