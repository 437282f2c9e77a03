import { Injectable } from '@nestjs/common';
import { businessToday, NotFoundError } from '@coop/contracts';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../tasks/index.js';
import { FsakReports } from './fsak-report.js';

const CSV = 'text/csv; charset=utf-8';

/**
 * The FSA control report as a background task (kind `fsak`, params `{dividendId, year}`): rejected while the closure's
 * payment year has not ended (`fsakCurrentYear`; BZSt takes a year's report once the year is over), or when nothing
 * was exempted that year (`fsakNothingToReport`: a nil year is told to BZSt informally); otherwise it makes the report's
 * CSV files; rejected too (`missingElmaNoFs`) when the cooperative's approval number of process fs was removed
 * since the start. It writes nothing but its outcome, so a run interrupted by a restart is simply run again.
 */
@TaskHandlerProvider()
@Injectable()
export class FsakTaskHandler implements TaskHandler<'fsak'> {
  readonly kind = 'fsak' as const;
  readonly resumable = true;
  /** The report (names, birth dates, addresses, tax ids) is made with `dividend:close` (`POST /tasks/fsak/{id}`): its files too. */
  readonly filePermissions = ['dividend:close'] as const;

  constructor(private readonly reports: FsakReports) {}

  async run(task: RunningTask<'fsak'>): Promise<TaskOutcome> {
    const dividendId = String(task.params.dividendId ?? '');
    let closure;
    try {
      closure = await this.reports.closure(task.cooperativeId, dividendId);
    } catch (error) {
      if (error instanceof NotFoundError) throw new Error(`The closure ${dividendId} does not exist.`);
      throw error;
    }
    const currentYear = Number(businessToday().slice(0, 4));
    if (closure.paymentYear >= currentYear) {
      return {
        outcome: 'rejected',
        reason: { template: 'fsakCurrentYear', parameters: [closure.paymentDate] },
        notifications: [
          {
            type: 'generic',
            message: 'fsakRejectedCurrentYear',
            parameters: [closure.paymentDate],
            entityClass: 'dividend',
            entityId: dividendId,
          },
        ],
      };
    }
    // The approval number of process fs is the header's Zulassungsnummer: removed after the start was accepted (the
    // task waited in its lane), a report without it would be refused by BZSt. Rejected as the start would be refused.
    if ((await this.reports.elmaFs(task.cooperativeId)) === null)
      return { outcome: 'rejected', reason: { template: 'missingElmaNoFs', parameters: [] }, notifications: [] };
    task.progress(0, 1);
    const made = await this.reports.make(task.cooperativeId, closure, task.taskId, new Date().toISOString());
    const records = made.built.records.length;
    if (records === 0)
      return {
        outcome: 'rejected',
        reason: { template: 'fsakNothingToReport', parameters: [String(closure.paymentYear)] },
        notifications: [],
      };
    task.progress(1, 1);
    const year = String(closure.paymentYear);
    return {
      outcome: 'completed',
      files: made.files.map((f) => ({ name: f.name, contentType: CSV, bytes: new TextEncoder().encode(f.content) })),
      summary: {
        dividendId,
        year: closure.paymentYear,
        reportType: made.reportType,
        records,
        files: made.files.length,
        euros: made.built.records.reduce((sum, r) => sum + r.euros, 0),
        impossible: made.built.impossible.length,
        underOneEuro: made.built.underOneEuro,
        ...(made.earlier.length > 0 ? { corrects: made.earlier.map((r) => r.taskId).join(',') } : {}),
      },
      effects: [],
      notifications: [
        {
          type: 'generic',
          message: 'fsakSent',
          parameters: [year, String(records), String(made.files.length)],
          entityClass: 'task',
          entityId: task.taskId,
        },
      ],
    };
  }
}
