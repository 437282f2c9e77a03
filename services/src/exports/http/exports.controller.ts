import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { businessToday, fieldError, TaskDto, ValidationError, type FieldError } from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { asOfDate } from '../../members/index.js';
import type { Actor } from '../../platform/commands/command-context.js';
import type { AppConfig } from '../../platform/config/config.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { APP_CONFIG } from '../../platform/tokens.js';
import { TASK_QUEUE, taskDocuments, toTaskDto, type TaskQueue } from '../../tasks/index.js';
import { CSV_DIALECTS, EXPORT_FORMATS, type CsvDialect, type ExportFormat } from '../member-columns.js';
import { MemberExport } from '../member-export.js';
import { attachment } from '../../platform/http/attachment.js';
import { whileConnected } from '../../platform/http/client-gone.js';
import { sendQueued } from '../../platform/http/head-request.js';

const FILE_CONTENT = {
  'text/csv': { schema: { type: 'string', format: 'binary' } },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
  'application/vnd.oasis.opendocument.spreadsheet': { schema: { type: 'string', format: 'binary' } },
};

/** The request's format, date and dialect, or 400 with every field that is wrong. */
function parse(
  rawFormat: string,
  rawDate: unknown,
  rawDialect: unknown,
): { format: ExportFormat; date: string; dialect: CsvDialect } {
  const errors: FieldError[] = [];
  const format = EXPORT_FORMATS.find((f) => f === rawFormat);
  if (format === undefined) errors.push(fieldError('format', 'invalidChoice', rawFormat));
  const dialect = rawDialect === undefined || rawDialect === '' ? 'excel' : CSV_DIALECTS.find((d) => d === rawDialect);
  if (dialect === undefined) errors.push(fieldError('dialect', 'invalidChoice', String(rawDialect)));
  let date = '';
  try {
    date = asOfDate(rawDate) ?? businessToday();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors.push(...error.errors);
  }
  if (errors.length > 0 || format === undefined || dialect === undefined) throw new ValidationError(errors);
  return { format, date, dialect };
}

/**
 * The member list as of a date as a file (issue 26; SPEC.md 7 `export/members.{format}`; GenG § 30): CSV (default),
 * XLSX or ODS, named `mitglieder-<cooperative>-<date>.<ext>`. Above `EXPORT_SYNC_LIMIT` members: 202 with the queued
 * task (kind `memberExport`); the file is then downloaded from the task. Past its format's budget: 503
 * `renderBudgetExceeded`. `members:read`.
 */
@ApiTags('exports')
@ApiBearerAuth()
@Controller('export')
export class ExportsController {
  constructor(
    private readonly exports: MemberExport,
    private readonly reads: ReadModels,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The member list as CSV (the same as `members.csv`). */
  @Get('members')
  @Requires('members:read')
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today when absent' })
  @ApiQuery({ name: 'dialect', required: false, enum: CSV_DIALECTS })
  @ApiOkResponse({ description: 'mitglieder-<cooperative>-<date>.csv', content: FILE_CONTENT })
  @ApiAcceptedResponse({ description: 'more members than EXPORT_SYNC_LIMIT: the queued task', type: TaskDto })
  async csv(
    @CurrentActor() actor: Actor,
    @Query('date') date: unknown,
    @Query('dialect') dialect: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.answer(actor, 'csv', date, dialect, res);
  }

  /** The member list in the format the path names: `members.csv`, `members.xlsx` or `members.ods`. */
  @Get('members.:format')
  @Requires('members:read')
  @ApiParam({ name: 'format', enum: EXPORT_FORMATS })
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD; today when absent' })
  @ApiQuery({
    name: 'dialect',
    required: false,
    enum: CSV_DIALECTS,
    description: 'CSV only: excel (default) or rfc4180',
  })
  @ApiOkResponse({ description: 'mitglieder-<cooperative>-<date>.<format>', content: FILE_CONTENT })
  @ApiAcceptedResponse({ description: 'more members than EXPORT_SYNC_LIMIT: the queued task', type: TaskDto })
  async file(
    @CurrentActor() actor: Actor,
    @Param('format') format: string,
    @Query('date') date: unknown,
    @Query('dialect') dialect: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    await this.answer(actor, format, date, dialect, res);
  }

  private async answer(
    actor: Actor,
    rawFormat: string,
    rawDate: unknown,
    rawDialect: unknown,
    res: FastifyReply,
  ): Promise<void> {
    const { format, date, dialect } = parse(rawFormat, rawDate, rawDialect);
    const count = await this.exports.count(actor.cooperativeId, date, this.config.exportSyncLimit);
    if (count > this.config.exportSyncLimit) {
      const params = { format, date, dialect: format === 'csv' ? dialect : null };
      await sendQueued(res, async () => {
        const taskId = await this.queue.enqueue({
          cooperativeId: actor.cooperativeId,
          user: actor.username,
          kind: 'memberExport',
          params,
        });
        return toTaskDto(await taskDocuments.get(this.reads, actor.cooperativeId, taskId));
      });
      return;
    }
    const file = await whileConnected(res, (gone) =>
      this.exports.make({ cooperativeId: actor.cooperativeId, format, date, dialect, gone }),
    );
    await res
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', attachment(file.name))
      .header('Cache-Control', 'no-store')
      .send(file.bytes);
  }
}
