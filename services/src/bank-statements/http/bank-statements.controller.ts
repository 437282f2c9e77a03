import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BankStatementConfirm,
  BankStatementDetailDto,
  BankStatementDto,
  BankStatementIgnore,
  NotFoundError,
  TEXT_MAX,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { CAMT_MAX_BYTES } from '../camt/camt-limits.js';
import { CamtRefusal } from '../camt/camt-reader.js';
import {
  ConfirmBankStatementEntriesCommand,
  IgnoreBankStatementEntriesCommand,
  ReadBankStatementCommand,
} from '../commands/bank-statement.commands.js';
import { BankStatementReads, toStatementDto } from '../queries/bank-statement-reads.js';
import { fieldError, ValidationError } from '@coop/contracts';
import { HttpException } from '@nestjs/common';
import { discardStatementUpload, readStatementUpload } from './statement-upload.js';
import { StatementGate, StatementReadGate } from './statement-gate.js';

/** An id longer than any statement's is none (checked before any read). */
function knownId(id: string): string {
  if (id.length > TEXT_MAX.id) throw new NotFoundError('Bank statement', id.slice(0, TEXT_MAX.id));
  return id;
}

/**
 * Bank statements (CAMT.053, issue 45; docs/bank-statements.md): read a statement file, list them, show one with its
 * entries, confirm entries as payments on shares (each a `SharePaymentReceived`, method `transfer`) or set them aside.
 * Reading for every role that reads the members; the writes for those who post.
 */
@ApiTags('bank-statements')
@ApiBearerAuth()
@Controller('bank-statements')
export class BankStatementsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: BankStatementReads,
    private readonly gate: StatementGate,
    private readonly reading: StatementReadGate,
  ) {}

  @Get()
  @Requires('bankstatements:read')
  @AnswersList(BankStatementDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BankStatementDto[] | undefined> {
    return sendList(res, await this.reads.list(actor.cooperativeId, params), toStatementDto);
  }

  /**
   * Reads a CAMT.053 file (multipart, field `file`, at most 20 MiB: 413 beyond, refused before it is read) and matches
   * its credits to members and their outstanding subscriptions; 201 with the statement. The same statement again: 409
   * `bankStatementAlreadyRead`, nothing booked twice. One statement is read at a time and four wait; beyond them 503
   * `bankStatementBusy` (StatementGate).
   */
  @Post()
  @Requires('bankstatements:write')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: `a CAMT.053 file (camt.053.001.02 or .08), at most ${CAMT_MAX_BYTES / 1024 / 1024} MiB`,
        },
      },
    },
  })
  @AnswersCreated(BankStatementDetailDto)
  async read(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<BankStatementDetailDto> {
    let id: string;
    try {
      // The body read in a place of its own, one per cooperative, held until the statement is read (decision 332), so
      // at most STATEMENT_READS_AT_ONCE bodies are held; refused, it is read to its end and dropped. One statement read
      // at a time (decision 304); the answer's wait for the lists is outside both.
      id = await this.reading.run(
        async () => {
          const file = await readStatementUpload(req);
          return this.gate.run(() =>
            this.commands.execute(new ReadBankStatementCommand(contextFor(actor), file.name, file.bytes)),
          );
        },
        () => discardStatementUpload(req),
        undefined,
        actor.cooperativeId,
      );
    } catch (error) {
      if (!(error instanceof CamtRefusal)) throw error;
      const refusal = fieldError('file', error.template, ...error.parameters);
      if (error.template === 'bankStatementTooLarge')
        throw new HttpException({ message: 'The file is too large', errors: [refusal] }, 413);
      throw new ValidationError([refusal]);
    }
    return this.reads.detail(actor.cooperativeId, id);
  }

  /**
   * The statement with one page of its entries (`entryList`, in the file's order) and how many match (`entryTotal`):
   * `offset`, `limit` (20; at most 1000, else 400 `invalidNumber`), `filter` (`state:unmatched;matched`), `search`,
   * `order_by` as every list (decision 317). Confirming or ignoring takes entry ids, whatever page shows them.
   */
  @Get(':id')
  @Requires('bankstatements:read')
  @ApiQuery({ name: 'offset', required: false, description: 'the first entry of the page (0)' })
  @ApiQuery({ name: 'limit', required: false, description: 'entries of the page (20, at most 1000)' })
  @ApiQuery({ name: 'filter', required: false, description: 'state:unmatched;matched, bookingDate:2025-04-01.., …' })
  @AnswersOk(BankStatementDetailDto)
  detail(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() params: ListParams,
  ): Promise<BankStatementDetailDto> {
    return this.reads.detail(actor.cooperativeId, knownId(id), params);
  }

  /**
   * Books the entries as payments on shares: all or none (400 with every refusal; 409 for an entry already decided).
   * Answers the statement with the first page of its entries.
   */
  @Post(':id/confirm')
  @Requires('bankstatements:write')
  @HttpCode(200)
  @BodyOf(BankStatementConfirm)
  @AnswersOk(BankStatementDetailDto)
  async confirm(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: BankStatementConfirm,
  ): Promise<BankStatementDetailDto> {
    const entries = body.entries.map((e) => ({
      entryId: e.entryId.trim(),
      memberId: e.memberId.trim(),
      balanceId: typeof e.balanceId === 'string' ? e.balanceId.trim() : null,
    }));
    await this.commands.execute(new ConfirmBankStatementEntriesCommand(contextFor(actor), knownId(id), entries));
    return this.reads.detail(actor.cooperativeId, id);
  }

  /** Sets credits aside (no payment on shares): all or none. Answers the statement with its first page of entries. */
  @Post(':id/ignore')
  @Requires('bankstatements:write')
  @HttpCode(200)
  @BodyOf(BankStatementIgnore)
  @AnswersOk(BankStatementDetailDto)
  async ignore(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: BankStatementIgnore,
  ): Promise<BankStatementDetailDto> {
    await this.commands.execute(new IgnoreBankStatementEntriesCommand(contextFor(actor), knownId(id), body.entryIds));
    return this.reads.detail(actor.cooperativeId, id);
  }
}
