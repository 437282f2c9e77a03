import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { businessToday, fieldError, MovementReportDto, ValidationError } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { attachment } from '../../platform/http/attachment.js';
import { AnswersOk } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { movementPdf } from '../papers/movement-pdf.js';
import { movementXlsx } from '../papers/movement-xlsx.js';
import { MovementSource, type ReportYears } from '../queries/movement-source.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const YEAR = {
  name: 'year',
  description: 'the financial year (four digits): from the year of the first posting to the current year',
  example: '2025',
};

/**
 * The year asked for, checked before any work: four digits (else 400 `invalidNumber` on `year`), not before the
 * cooperative's first posting year (`mustBeAtLeast`) and not after the current year (`mustBeAtMost`).
 */
export function reportYear(raw: unknown, years: ReportYears): number {
  if (typeof raw !== 'string' || !/^\d{4}$/.test(raw)) throw new ValidationError([fieldError('year', 'invalidNumber')]);
  const year = Number(raw);
  if (year < years.first) throw new ValidationError([fieldError('year', 'mustBeAtLeast', String(years.first))]);
  if (year > years.last) throw new ValidationError([fieldError('year', 'mustBeAtMost', String(years.last))]);
  return year;
}

/**
 * The year's movement report for the annual accounts (issue 45, § 338 Abs. 1 HGB; docs/movement-report.md): as JSON,
 * PDF and XLSX. `reports:read` (the auditor's read-only role too); always the caller's own cooperative (the token's),
 * so there is no other cooperative's report to reach.
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports/movements')
export class MovementReportController {
  constructor(
    private readonly source: MovementSource,
    private readonly reads: ReadModels,
  ) {}

  @Get(':year.pdf')
  @Requires('reports:read')
  @ApiParam(YEAR)
  @ApiOkResponse({
    description: 'Bestandsnachweis-<year>.pdf',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  async pdf(@CurrentActor() actor: Actor, @Param('year') raw: string, @Res() res: FastifyReply): Promise<void> {
    const report = await this.report(actor.cooperativeId, raw);
    const coop = await ownCooperative(this.reads, actor.cooperativeId);
    const pdf = await movementPdf(
      { name: coop.fullName || coop.name, address: coop.address, zip: coop.zip, city: coop.city },
      report,
    );
    await res
      .status(200)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', attachment(`Bestandsnachweis-${report.year}.pdf`))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  }

  @Get(':year.xlsx')
  @Requires('reports:read')
  @ApiParam(YEAR)
  @ApiOkResponse({
    description: 'Bestandsnachweis-<year>.xlsx',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
  })
  async xlsx(@CurrentActor() actor: Actor, @Param('year') raw: string, @Res() res: FastifyReply): Promise<void> {
    const report = await this.report(actor.cooperativeId, raw);
    const coop = await ownCooperative(this.reads, actor.cooperativeId);
    const name = coop.fullName || coop.name;
    const file = await movementXlsx(report, name);
    await res
      .status(200)
      .header('Content-Type', XLSX)
      .header('Content-Disposition', attachment(`Bestandsnachweis-${report.year}.xlsx`))
      .header('Cache-Control', 'no-store')
      .send(file);
  }

  @Get(':year')
  @Requires('reports:read')
  @ApiParam(YEAR)
  @AnswersOk(MovementReportDto)
  async json(@CurrentActor() actor: Actor, @Param('year') raw: string): Promise<MovementReportDto> {
    return this.report(actor.cooperativeId, raw);
  }

  private async report(cooperativeId: string, raw: string): Promise<MovementReportDto> {
    const today = businessToday();
    const years = await this.source.years(cooperativeId, today);
    return this.source.report(cooperativeId, reportYear(raw, years), years, today);
  }
}
