import { Injectable } from '@nestjs/common';
import { NotFoundError, taxCertificatesStream, ValidationError } from '@coop/contracts';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../tasks/index.js';
import { TaxCertificates } from './tax-certificates.js';

/**
 * The tax certificates of a large closure as a background task (kind `taxCertificates`, params `{dividendId}`): renders
 * every member's certificate into one PDF (`taxpdf.pdf`) with progress per page, and records the issue
 * (`TaxCertificateIssued` on `taxcertificates-<dividendId>`) as its effect at the register's revision it read, so a
 * run interrupted by a restart is simply run again and an issue in between fails it rather than miscounting versions.
 */
@TaskHandlerProvider()
@Injectable()
export class TaxCertificatesTaskHandler implements TaskHandler<'taxCertificates'> {
  readonly kind = 'taxCertificates' as const;
  readonly resumable = true;
  /** As `GET /tax-pdf/{id}`: `dividend:read`, and `church:read` (each certificate names the member's church). */
  readonly filePermissions = ['dividend:read', 'church:read'] as const;

  constructor(private readonly certificates: TaxCertificates) {}

  async run(task: RunningTask<'taxCertificates'>): Promise<TaskOutcome> {
    const dividendId = String(task.params.dividendId ?? '');
    let made;
    try {
      made = await this.certificates.make(
        task.cooperativeId,
        dividendId,
        null,
        new Date().toISOString(),
        (done, total) => task.progress(done, total),
        { background: true },
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`The closure ${dividendId} does not exist.`);
      // Nothing to issue (every member of the closure erased, decision 430): refused with its template, as the route is.
      const template = 'taxCertificatesAllErased';
      if (error instanceof ValidationError && error.errors.some((e) => e.template === template))
        return { outcome: 'rejected', reason: { template, parameters: [] }, notifications: [] };
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
      summary: { dividendId, certificates: made.members },
      effects:
        made.events.length > 0
          ? [{ streamId: taxCertificatesStream(dividendId), expected: made.expected, events: made.events }]
          : [],
      notifications: [],
    };
  }
}
