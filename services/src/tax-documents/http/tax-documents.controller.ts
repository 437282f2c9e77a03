import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  ConcurrencyError,
  NotFoundError,
  PermissionError,
  TaskDto,
  TaxCertificateCorrection,
  TaxCertificateIssueDto,
  taxCertificatesStream,
  type EventStore,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { allows } from '../../auth/policy.js';
import { contextFor, metadataFor, type Actor } from '../../platform/commands/command-context.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { APP_CONFIG, EVENT_STORE } from '../../platform/tokens.js';
import { TASK_QUEUE, taskDocuments, toTaskDto, type TaskQueue } from '../../tasks/index.js';
import { taxReturnCsv, taxReturnPdf } from '../render/tax-return.js';
import { TaxDocumentsSource } from '../queries/tax-documents-source.js';
import { TaxCertificates, type MadeCertificates } from '../tax-certificates.js';
import { certificateIssues } from '../domain/certificate-register.js';
import { attachment, downloadName, fileNamePart } from '../../platform/http/attachment.js';
import { whileConnected } from '../../platform/http/client-gone.js';
import { sendQueued, unlessHeadersOnly } from '../../platform/http/head-request.js';

/**
 * The tax documents of a closed dividend (issue 25; SPEC.md 7; DOMAIN.md 5, 6): the members' tax certificates
 * (`taxpdf.pdf`, in a background task above the configured number of members; `church:read` too) and the KapESt
 * return of the payment day (CSV and PDF). `dividend:read`.
 */
@ApiTags('dividend')
@ApiBearerAuth()
@Controller('dividend')
export class TaxDocumentsController {
  constructor(
    private readonly certificates: TaxCertificates,
    private readonly source: TaxDocumentsSource,
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The certificates, one member per page; each issue recorded. Above the limit: 202 with the queued task. They name
   * each member's religious community (church data, Art. 9 GDPR): `church:read` as well, as for the closure's members.
   */
  @Get('tax-pdf/:id')
  @Requires('dividend:read')
  @ApiQuery({ name: 'member', required: false })
  @ApiOkResponse({
    description: 'Steuerbescheinigungen-<year>-<cooperative>.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiAcceptedResponse({ description: 'a closure above the limit: the queued task', type: TaskDto })
  async taxPdf(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query('member') member: string | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    if (!allows(actor.roles, 'church:read')) throw new PermissionError('Your roles do not allow this action.');
    const memberId = member !== undefined && member !== '' ? member : null;
    const count = await this.certificates.count(actor.cooperativeId, id, memberId);
    if (memberId === null && count > this.config.taxCertificatesSyncLimit) {
      // Refused at once (no tax office or tax number), not in the task.
      await this.certificates.issuer(actor.cooperativeId);
      // A HEAD request queues no task: its run would record an issue of every certificate (below: nor is one recorded).
      await sendQueued(res, async () => {
        const taskId = await this.queue.enqueue({
          cooperativeId: actor.cooperativeId,
          user: actor.username,
          kind: 'taxCertificates',
          params: { dividendId: id },
        });
        return toTaskDto(await taskDocuments.get(this.reads, actor.cooperativeId, taskId));
      });
      return;
    }
    const made = await whileConnected(res, (gone) =>
      this.certificates.make(actor.cooperativeId, id, memberId, new Date().toISOString(), undefined, { gone }),
    );
    if (memberId !== null && made.members === 0) throw new NotFoundError('Member', memberId);
    const metadata = metadataFor(contextFor(actor), actor.cooperativeId);
    // A HEAD request (answered on every GET route) delivers no certificate: it records no issue, or the first one
    // downloaded after it would be marked a replacement.
    if (made.events.length > 0)
      await unlessHeadersOnly(res, () =>
        this.events.append(
          taxCertificatesStream(id),
          made.expected,
          made.events.map((e) => ({ ...e, metadata })),
        ),
      );
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(made.name))
      .header('Cache-Control', 'no-store')
      .send(made.pdf);
  }

  /**
   * A corrected certificate of one member (§ 45a Abs. 6 EStG): `taxpdf.pdf` re-rendered from today's data, marked
   * "Berichtigte Bescheinigung" with the reason, recorded as `corrected`. 400 `taxCertificateNotIssued` without an
   * earlier certificate. `dividend:close` (it records) and `church:read` (the certificate names the church).
   */
  @Post('tax-pdf/:id/corrections')
  @Requires('dividend:close')
  @ApiOkResponse({
    description: 'Steuerbescheinigungen-<year>-<cooperative>.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async correct(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: TaxCertificateCorrection,
    @Res() res: FastifyReply,
  ): Promise<void> {
    if (!allows(actor.roles, 'church:read')) throw new PermissionError('Your roles do not allow this action.');
    const metadata = metadataFor(contextFor(actor), actor.cooperativeId);
    const issue = async (): Promise<MadeCertificates> => {
      const made = await whileConnected(res, (gone) =>
        this.certificates.correct(actor.cooperativeId, id, body.member, body.reason, new Date().toISOString(), gone),
      );
      // The same correction asked again is answered as issued and records nothing (`TaxCertificates.correct`).
      if (made.events.length > 0)
        await this.events.append(
          taxCertificatesStream(id),
          made.expected,
          made.events.map((e) => ({ ...e, metadata })),
        );
      return made;
    };
    // Another issue recorded between the read and the write (the same correction sent twice at once): decided again on
    // the register with it, so the second is answered as the first and not recorded twice.
    const made = await issue().catch((error: unknown) => {
      if (error instanceof ConcurrencyError) return issue();
      throw error;
    });
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(made.name))
      .header('Cache-Control', 'no-store')
      .send(made.pdf);
  }

  /** The certificate register of the closure: every issue (original, replacement, corrected), or those of `?member=`. */
  @Get('tax-pdf/:id/issues')
  @Requires('dividend:read')
  @ApiQuery({ name: 'member', required: false })
  @ApiOkResponse({ type: TaxCertificateIssueDto, isArray: true })
  async issues(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query('member') member: string | undefined,
  ): Promise<TaxCertificateIssueDto[]> {
    await this.source.closure(actor.cooperativeId, id);
    return certificateIssues(
      await this.events.readStream(taxCertificatesStream(id)),
      member !== undefined && member !== '' ? member : null,
    );
  }

  /** The KapESt return of the closure's payment day: `{id}.csv` or `{id}.pdf`. */
  @Get('tax-return/:file')
  @Requires('dividend:read')
  @ApiOkResponse({
    description: 'the return as CSV (UTF-8 with BOM, `;`) or PDF',
    content: {
      'text/csv': { schema: { type: 'string', format: 'binary' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  })
  async taxReturn(@CurrentActor() actor: Actor, @Param('file') file: string, @Res() res: FastifyReply): Promise<void> {
    const match = /^(.+)\.(csv|pdf)$/.exec(file);
    if (!match) throw new NotFoundError('Dividend', file);
    const [, id, format] = match as unknown as [string, string, 'csv' | 'pdf'];
    const data = await this.source.taxReturn(actor.cooperativeId, await this.source.closure(actor.cooperativeId, id));
    const name = downloadName(
      ['KapESt-Anmeldung', data.paymentDate, fileNamePart(data.cooperative, 'Genossenschaft')],
      format,
    );
    const body = format === 'csv' ? Buffer.from(taxReturnCsv(data), 'utf8') : await taxReturnPdf(data);
    await res
      .status(200)
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
      .header('Content-Disposition', attachment(name))
      .header('Cache-Control', 'no-store')
      .send(body);
  }
}
