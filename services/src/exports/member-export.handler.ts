import { Injectable } from '@nestjs/common';
import { isIsoDate } from '@coop/contracts';
import { budgetReason } from '../platform/render-thread/budget-refusal.js';
import { RenderBudgetExceeded } from '../platform/render-thread/render-budget.js';
import { TaskHandlerProvider, type RunningTask, type TaskHandler, type TaskOutcome } from '../tasks/index.js';
import { CSV_DIALECTS, EXPORT_FORMATS, type CsvDialect } from './member-columns.js';
import { MemberExport, type MemberExportFile } from './member-export.js';

/**
 * A large member list as a background task (kind `memberExport`, params `{format, date, dialect}`): counts the members
 * first, then writes the file with progress (members done / total). It writes no events, so a run interrupted by a
 * restart is simply run again. A file past its format's budget rejects the task (`renderBudgetExceeded` [s, MB]).
 */
@TaskHandlerProvider()
@Injectable()
export class MemberExportTaskHandler implements TaskHandler<'memberExport'> {
  readonly kind = 'memberExport' as const;
  readonly resumable = true;
  /** As the export route (`GET /export/members…`): `members:read`. */
  readonly filePermissions = ['members:read'] as const;

  constructor(private readonly exports: MemberExport) {}

  async run(task: RunningTask<'memberExport'>): Promise<TaskOutcome> {
    const format = EXPORT_FORMATS.find((f) => f === task.params.format);
    const dialect: CsvDialect = CSV_DIALECTS.find((d) => d === task.params.dialect) ?? 'excel';
    const date = String(task.params.date ?? '');
    if (format === undefined) throw new Error(`Unknown export format ${String(task.params.format)}.`);
    if (!isIsoDate(date)) throw new Error(`Not a date: ${date}.`);
    let file: MemberExportFile;
    try {
      file = await this.exports.make(
        { cooperativeId: task.cooperativeId, format, date, dialect, background: true },
        (done, total) => task.progress(done, total),
      );
    } catch (error) {
      // Past its format's budget (docs/exports.md "Budget"): rejected with the reason the console translates.
      if (error instanceof RenderBudgetExceeded)
        return { outcome: 'rejected', reason: budgetReason(error), notifications: [] };
      throw error;
    }
    return {
      outcome: 'completed',
      files: [
        {
          name: file.name,
          contentType: file.contentType,
          bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        },
      ],
      summary: { format, date, members: file.members },
      effects: [],
      notifications: [],
    };
  }
}
