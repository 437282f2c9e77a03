import { Injectable } from '@nestjs/common';
import { businessToday, type FsakPreviewDto, type TaskReasonDto } from '@coop/contracts';
import { reportFiles, type ReportFile, type ReportType } from './domain/fsak-csv.js';
import { reportRecords, type ReportRecords } from './domain/fsak-records.js';
import { FsakSource, type ClosureFacts, type EarlierReport } from './queries/fsak-source.js';

/** A report made: its records, files and the facts of its summary. */
export interface MadeReport {
  readonly closure: ClosureFacts;
  readonly built: ReportRecords;
  readonly reportType: ReportType;
  readonly earlier: readonly EarlierReport[];
  readonly files: readonly ReportFile[];
}

/**
 * The FSA control report of a closure: what its confirmation screen shows (`GET /tasks/fsak/{id}`) and the files the
 * task makes. The report covers the closure's payment year: every closure of the cooperative paid in that calendar year
 * counts together (usually one a year). A report for a year already reported (a completed report of any closure paid
 * in that year) is a correction: BZSt replaces what was reported for each creditor and year.
 */
@Injectable()
export class FsakReports {
  constructor(private readonly source: FsakSource) {}

  async preview(cooperativeId: string, dividendId: string): Promise<FsakPreviewDto> {
    const closure = await this.source.closure(cooperativeId, dividendId);
    const built = reportRecords(await this.source.reportSource(cooperativeId, closure.paymentYear));
    const earlier = await this.earlierReports(cooperativeId, closure, null);
    return {
      dividendId,
      year: closure.year,
      reportYear: closure.paymentYear,
      paymentDate: closure.paymentDate,
      records: built.records.length,
      impossible: built.impossible.map((h) => ({
        member: h.memberId,
        memberNr: h.memberNr,
        name: h.name,
        givenName: h.givenName,
        reasons: [...h.reasons],
      })),
      earlierReports: earlier.map((r) => r.taskId),
      refusal:
        (await this.startRefusal(cooperativeId, closure)) ??
        (built.records.length === 0
          ? { template: 'fsakNothingToReport', parameters: [String(closure.paymentYear)] }
          : null),
    };
  }

  /**
   * Why the report of `closure` cannot be started now, or null (issue 43: the console offers no start the server
   * refuses): its payment year has not ended (`fsakCurrentYear`, the task's own rejection), or the cooperative has no
   * approval number of process fs. The preview and `POST /tasks/fsak/{id}` ask this one function.
   */
  async startRefusal(
    cooperativeId: string,
    closure: ClosureFacts,
    today = businessToday(),
  ): Promise<TaskReasonDto | null> {
    if (closure.paymentYear >= Number(today.slice(0, 4)))
      return { template: 'fsakCurrentYear', parameters: [closure.paymentDate] };
    if ((await this.elmaFs(cooperativeId)) === null) return { template: 'missingElmaNoFs', parameters: [] };
    return null;
  }

  /** The closure, or `NotFoundError('Dividend')`. */
  closure(cooperativeId: string, dividendId: string): Promise<ClosureFacts> {
    return this.source.closure(cooperativeId, dividendId);
  }

  elmaFs(cooperativeId: string): Promise<string | null> {
    return this.source.elmaFs(cooperativeId);
  }

  /** Builds the report of the closure's payment year for task `taskId`, made at `createdAt`. */
  async make(cooperativeId: string, closure: ClosureFacts, taskId: string, createdAt: string): Promise<MadeReport> {
    const built = reportRecords(await this.source.reportSource(cooperativeId, closure.paymentYear));
    const earlier = await this.earlierReports(cooperativeId, closure, taskId);
    const party = await this.source.reportingParty(cooperativeId);
    const reportType: ReportType = earlier.length > 0 ? 'correction' : 'initial';
    const files = reportFiles(
      {
        name: party.name,
        address: party.address,
        zip: party.zip,
        city: party.city,
        elmaFs: party.elmaFs ?? '',
        taxNumber: party.taxNumber,
        reportType,
        year: closure.paymentYear,
        createdAt,
      },
      built.records,
    );
    return { closure, built, reportType, earlier, files };
  }

  /** The completed reports of the closure's payment year (other than `taskId`). */
  private async earlierReports(
    cooperativeId: string,
    closure: ClosureFacts,
    taskId: string | null,
  ): Promise<EarlierReport[]> {
    const reports = (await this.source.completedReports(cooperativeId)).filter((r) => r.taskId !== taskId);
    if (reports.length === 0) return [];
    const sameYear = new Set(await this.source.closuresPaidIn(cooperativeId, closure.paymentYear));
    return reports.filter(
      (r) => r.year === closure.paymentYear || (r.dividendId !== null && sameYear.has(r.dividendId)),
    );
  }
}
