import { PassThrough } from 'node:stream';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { businessToday, type EventStore } from '@coop/contracts';
import { ownCooperative } from '../../cooperatives/index.js';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { EVENT_STORE } from '../../platform/tokens.js';
import { readRegister, registerFileName, writeRegisterWorkbook } from '../register-workbook/register-workbook.js';
import { attachment } from '../../platform/http/attachment.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The cooperative's register as an import workbook (issue 29, `GET /import/register.xlsx`): what the round trip imports
 * into an empty store, and a clerk's copy of the whole register in the import's own sheets and headers. `import:write`
 * (it holds every member's personal data). The register is read whole first (an error is answered as ever), then the
 * workbook is streamed out as exceljs writes it, row by row.
 */
@ApiTags('import')
@ApiBearerAuth()
@Controller('import')
export class RegisterWorkbookController {
  constructor(
    private readonly reads: ReadModels,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  @Get('register.xlsx')
  @Requires('import:write')
  @ApiOkResponse({
    description: 'mitgliederregister-<cooperative>-<date>.xlsx',
    content: { [XLSX]: { schema: { type: 'string', format: 'binary' } } },
  })
  async register(@CurrentActor() actor: Actor, @Res() res: FastifyReply): Promise<void> {
    const cooperativeId = actor.cooperativeId;
    const today = businessToday();
    const cooperative = await ownCooperative(this.reads, cooperativeId);
    const rows = await readRegister({ reads: this.reads, events: this.events, cooperativeId, today });
    const body = new PassThrough();
    writeRegisterWorkbook(rows, body).catch((error: unknown) =>
      body.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    await res
      .status(200)
      .header('Content-Type', XLSX)
      .header('Content-Disposition', attachment(registerFileName(cooperative.name, today)))
      .header('Cache-Control', 'no-store')
      .send(body);
  }
}
