import { applyDecorators, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fieldError,
  ImportDryRunDto,
  ImportInspectionDto,
  ImportQueuedDto,
  ImportRecordDto,
  ImportResultDto,
  ImportRunningDto,
  ValidationError,
  type ImportFieldsDto,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { AppConfig } from '../../platform/config/config.js';
import { AnswersCreated, AnswersOk } from '../../platform/http/openapi.js';
import { APP_CONFIG } from '../../platform/tokens.js';
import { TASK_QUEUE, type TaskQueue } from '../../tasks/index.js';
import { IMPORT_KINDS, type ImportKind, type ImportMapping } from '../import-types.js';
import { PROBLEM_LANGUAGES, problemText, type ProblemLanguage } from '../problem-texts.js';
import { ImportHistory } from '../queries/import-history.js';
import {
  IMPORT_FIELDS,
  inspectFiles,
  problemsWorkbook,
  templateCsv,
  templateWorkbook,
  type UploadedFile,
} from '../commands/import-parts.js';
import { guessedMapping, parseMapping, rowCount } from '../commands/import-mapping.js';
import { AbandonImport } from '../commands/abandon-import.js';
import { ImportUploads } from '../commands/import-uploads.js';
import { importChecksum, RunImport, sha256 } from '../commands/run-import.js';
import { discardUpload, readUpload, type Upload as ReadUpload } from './uploaded-files.js';
import { ImportGate } from './import-gate.js';
import { attachment } from '../../platform/http/attachment.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLSX_CONTENT = { [XLSX]: { schema: { type: 'string', format: 'binary' } } };
const CSV_CONTENT = { 'text/csv': { schema: { type: 'string', format: 'binary' } } };

/** The upload of the import's routes (OpenAPI): the files and, where needed, the mapping as JSON text. */
const Upload = (withMapping: boolean): MethodDecorator =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['files'],
        properties: {
          files: {
            type: 'array',
            items: { type: 'string', format: 'binary' },
            description:
              '1 to 8 files (CSV or XLSX), each at most 100 MiB, 160 MiB in all (413 importUploadTooLarge beyond)',
          },
          ...(withMapping
            ? {
                mapping: {
                  type: 'string',
                  description: 'the column mapping (ImportMapping) as JSON; absent: the guess of POST /import/inspect',
                },
              }
            : {}),
          ...(withMapping
            ? {
                confirmWarnings: {
                  type: 'string',
                  enum: ['true', 'false'],
                  description:
                    "POST /import: `true` confirms the dry run's warnings (possible duplicates); without it an import with warnings is refused",
                },
              }
            : {}),
        },
      },
    }),
  );

const fieldsOf = (kind: ImportKind) =>
  IMPORT_FIELDS[kind].map((f) => ({
    key: f.key,
    required: f.required,
    de: f.headers.de[0] ?? f.key,
    en: f.headers.en[0] ?? f.key,
  }));

/**
 * The import of an existing member register (issue 29; docs/import.md, docs/api.md "Import"): templates, inspection,
 * dry run, the problems workbook, the write and the history. `import:write` (administrators). Uploads are
 * `multipart/form-data`; more rows than IMPORT_SYNC_ROWS run as the tasks `memberImportDryRun` and `memberImport` (202).
 */
@ApiTags('import')
@ApiBearerAuth()
@Controller('import')
export class MemberImportController {
  constructor(
    private readonly runs: RunImport,
    private readonly history: ImportHistory,
    private readonly uploads: ImportUploads,
    private readonly abandoning: AbandonImport,
    @Inject(TASK_QUEUE) private readonly queue: TaskQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gate: ImportGate,
  ) {}

  /** The template workbook: a sheet per kind with the German headers. */
  @Get('templates/workbook.xlsx')
  @Requires('import:write')
  @ApiOkResponse({ description: 'import-vorlage.xlsx', content: XLSX_CONTENT })
  async workbookTemplate(@Res() res: FastifyReply): Promise<void> {
    await send(res, 'import-vorlage.xlsx', XLSX, await templateWorkbook());
  }

  /** The CSV template of a kind (`members.csv`, `postings.csv`, `exemptionOrders.csv`, `nonAssessments.csv`): Excel's dialect. */
  @Get('templates/:file')
  @Requires('import:write')
  @ApiParam({ name: 'file', enum: IMPORT_KINDS.map((k) => `${k}.csv`) })
  @ApiOkResponse({ description: '<kind>.csv (UTF-8 with BOM, semicolons)', content: CSV_CONTENT })
  async csvTemplate(@Param('file') file: string, @Res() res: FastifyReply): Promise<void> {
    const kind = IMPORT_KINDS.find((k) => `${k}.csv` === file);
    if (kind === undefined) throw new ValidationError([fieldError('kind', 'invalidChoice', file)]);
    await send(res, file, 'text/csv; charset=utf-8', templateCsv(kind));
  }

  /** What the files hold: formats, sheets, kinds, headers, the guessed mapping, the first rows; and the fields to map to. */
  @Post('inspect')
  @HttpCode(200)
  @Requires('import:write')
  @Upload(false)
  @AnswersOk(ImportInspectionDto)
  async inspect(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<ImportInspectionDto> {
    return this.gated(actor, req, async ({ files }) => this.inspection(actor, files));
  }

  private async inspection(actor: Actor, files: UploadedFile[]): Promise<ImportInspectionDto> {
    const inspections = await inspectFiles(files, await this.history.savedMapping(actor.cooperativeId));
    const fields: ImportFieldsDto = {
      members: fieldsOf('members'),
      postings: fieldsOf('postings'),
      exemptionOrders: fieldsOf('exemptionOrders'),
      nonAssessments: fieldsOf('nonAssessments'),
    };
    return { checksum: checksumOf(files), files: inspections, fields };
  }

  /** The dry run: the summary and every problem; nothing is written. Above IMPORT_SYNC_ROWS rows: 202 with the task. */
  @Post('dry-run')
  @HttpCode(200)
  @Requires('import:write')
  @Upload(true)
  @ApiQuery({
    name: 'lang',
    required: false,
    enum: PROBLEM_LANGUAGES,
    description: "the task's problems workbook: de (default) or en",
  })
  @AnswersOk(ImportDryRunDto)
  @ApiAcceptedResponse({
    description: 'more rows than IMPORT_SYNC_ROWS: the queued task memberImportDryRun',
    type: ImportQueuedDto,
  })
  async dryRun(
    @CurrentActor() actor: Actor,
    @Req() req: FastifyRequest,
    @Query('lang') lang: unknown,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ImportDryRunDto | ImportQueuedDto> {
    const language = languageOf(lang);
    return this.gated(actor, req, async (upload) => {
      const { files, mapping, large } = await this.prepare(actor, upload);
      if (large) return this.queued(actor, res, 'memberImportDryRun', files, mapping, language);
      return this.runs.dryRun(contextFor(actor), files, mapping);
    });
  }

  /** The problems workbook: every sheet's rows as read with their problems in front (`lang`: de, en). */
  @Post('problems.xlsx')
  @HttpCode(200)
  @Requires('import:write')
  @Upload(true)
  @ApiQuery({ name: 'lang', required: false, enum: PROBLEM_LANGUAGES })
  @ApiOkResponse({ description: 'import-probleme.xlsx / import-problems.xlsx', content: XLSX_CONTENT })
  async problems(
    @CurrentActor() actor: Actor,
    @Req() req: FastifyRequest,
    @Query('lang') lang: unknown,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const language = languageOf(lang);
    const workbook = await this.gated(actor, req, async (upload) => {
      const { files, mapping } = await this.prepare(actor, upload);
      const prepared = await this.runs.prepare(actor.cooperativeId, files, mapping);
      return problemsWorkbook(files, mapping, prepared.problems, (p) => problemText(p, language), language);
    });
    await send(res, language === 'de' ? 'import-probleme.xlsx' : 'import-problems.xlsx', XLSX, workbook);
  }

  /**
   * Writes the import as a process in chunks (201; issue 40): 400 `importHasProblems` [count] when the dry run finds
   * problems; 400 `importRunning` while an import of other files is being written; the same files while their import
   * runs: it is resumed and finished; the same files after it: `written: false`, nothing appended. Above
   * IMPORT_SYNC_ROWS rows: 202 with the task.
   */
  @Post()
  @Requires('import:write')
  @Upload(true)
  @AnswersCreated(ImportResultDto)
  @ApiAcceptedResponse({
    description: 'more rows than IMPORT_SYNC_ROWS: the queued task memberImport',
    type: ImportQueuedDto,
  })
  async write(
    @CurrentActor() actor: Actor,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ImportResultDto | ImportQueuedDto> {
    return this.gated(actor, req, async (upload) => {
      const { files, mapping, large, confirmWarnings } = await this.prepare(actor, upload);
      if (large) {
        // Another import running: refused now, not by the task later (issue 40).
        await this.runs.refuseWhileAnotherRuns(actor.cooperativeId, files);
        return this.queued(actor, res, 'memberImport', files, mapping, 'de', confirmWarnings);
      }
      return this.runs.write(contextFor(actor), files, mapping, { confirmWarnings });
    });
  }

  /** The imports written, newest first. */
  @Get('history')
  @Requires('import:write')
  @AnswersOk(ImportRecordDto, true)
  imports(@CurrentActor() actor: Actor): Promise<ImportRecordDto[]> {
    return this.history.list(actor.cooperativeId);
  }

  /** Whether an import is being written (issue 40): the member list and the dashboard say so while it runs. */
  @Get('running')
  @Requires('members:read')
  @AnswersOk(ImportRunningDto)
  running(@CurrentActor() actor: Actor): Promise<ImportRunningDto> {
    return this.history.running(actor.cooperativeId);
  }

  /**
   * Abandons the running import `id` (issue 40, decision 200; administrators): it ends, shown `abandoned` in the history
   * with the chunks it wrote, which stay; other imports are no longer refused with `importRunning`. 404
   * `importNotFound` for an id that is no import of the cooperative (another cooperative's too), 409 `importNotRunning`
   * for one of its imports that is not running. Answers whether an import runs now.
   */
  @Post(':id/abandon')
  @Requires('import:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: "the running import's id (GET /import/history)" })
  @AnswersOk(ImportRunningDto)
  async abandon(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ImportRunningDto> {
    await this.history.known(actor.cooperativeId, id);
    await this.abandoning.abandon(contextFor(actor), id);
    return this.history.running(actor.cooperativeId);
  }

  /**
   * An upload's work in its turn (ImportGate, at most IMPORTS_PER_COOPERATIVE places for the actor's cooperative): its
   * body is read once it has a place, then given to `work`; refused, the body is read to its end and dropped, then
   * answered 503 (an answer before the body is read would reset the client's upload).
   */
  private async gated<T>(actor: Actor, req: FastifyRequest, work: (upload: ReadUpload) => Promise<T>): Promise<T> {
    // The client gone while its upload waits (its connection closed): it leaves the gate's queue.
    const gone = new AbortController();
    const leave = (): void => gone.abort();
    req.raw.socket.once('close', leave);
    try {
      return await this.gate.run(
        async () => work(await readUpload(req)),
        () => discardUpload(req),
        gone.signal,
        actor.cooperativeId,
      );
    } finally {
      req.raw.socket.off('close', leave);
    }
  }

  /**
   * The upload, its mapping (as sent, or the inspection's guess: the cooperative's saved mapping first), and whether it
   * has more rows than run at once.
   */
  private async prepare(
    actor: Actor,
    upload: ReadUpload,
  ): Promise<{ files: UploadedFile[]; mapping: ImportMapping; large: boolean; confirmWarnings: boolean }> {
    const sent = parseMapping(upload.fields.mapping);
    const confirmWarnings = confirmationOf(upload.fields.confirmWarnings);
    const inspections = await inspectFiles(
      upload.files,
      sent ? null : await this.history.savedMapping(actor.cooperativeId),
    );
    return {
      files: upload.files,
      mapping: sent ?? guessedMapping(inspections),
      large:
        rowCount(inspections) > this.config.importSyncRows ||
        upload.files.reduce((total, f) => total + f.bytes.byteLength, 0) > this.config.importSyncBytes,
      confirmWarnings,
    };
  }

  /** Keeps the files for the task and queues it: 202 `{taskId}`. A task of the kind already running: 409, nothing kept. */
  private async queued(
    actor: Actor,
    res: FastifyReply,
    kind: 'memberImportDryRun' | 'memberImport',
    files: readonly UploadedFile[],
    mapping: ImportMapping,
    lang: ProblemLanguage,
    confirmWarnings = false,
  ): Promise<ImportQueuedDto> {
    const upload = await this.uploads.keep(files, mapping);
    try {
      const taskId = await this.queue.enqueue({
        cooperativeId: actor.cooperativeId,
        user: actor.username,
        kind,
        params: { upload, lang, ...(confirmWarnings ? { confirmWarnings } : {}) },
      });
      void res.status(202);
      return { taskId };
    } catch (error) {
      await this.uploads.remove(upload);
      throw error;
    }
  }
}

/** The text field `confirmWarnings`: `true` confirms the dry run's warnings (issue 39); absent or `false` does not; else 400. */
function confirmationOf(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ValidationError([fieldError('confirmWarnings', 'invalidChoice', raw)]);
}

function languageOf(raw: unknown): ProblemLanguage {
  if (raw === undefined || raw === '') return 'de';
  const lang = PROBLEM_LANGUAGES.find((l) => l === raw);
  if (lang === undefined) throw new ValidationError([fieldError('lang', 'invalidChoice', String(raw))]);
  return lang;
}

const checksumOf = (files: readonly UploadedFile[]): string =>
  importChecksum(files.map((f) => ({ name: f.name, sha256: sha256(f.bytes) })));

async function send(res: FastifyReply, name: string, contentType: string, bytes: Buffer): Promise<void> {
  await res
    .status(200)
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachment(name))
    .header('Cache-Control', 'no-store')
    .send(bytes);
}
