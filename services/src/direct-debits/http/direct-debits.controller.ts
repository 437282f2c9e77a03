import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  CollectionCreatedDto,
  CollectionDto,
  CollectionPreviewDto,
  CollectionWrite,
  NotFoundError,
  TEXT_MAX,
  type FileStore,
} from '@coop/contracts';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { FILE_STORE } from '../../platform/file-store/open-file-store.js';
import { attachment } from '../../platform/http/attachment.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersCreated, AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { CreateCollectionCommand, type CollectionResult } from '../commands/collection.commands.js';
import { CollectionPlanning } from '../commands/collection-planning.js';
import { debitFileName } from '../sepa/collection-file.js';
import { collectionDto, DirectDebitReads } from '../queries/direct-debit-reads.js';

/**
 * SEPA direct-debit collections (issue 45, DEBIT; docs/direct-debits.md): the list and the pain.008.001.08 file for
 * every role that reads members, making one for those that write them.
 */
@ApiTags('direct-debits')
@ApiBearerAuth()
@Controller('direct-debits')
export class DirectDebitsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: DirectDebitReads,
    private readonly planning: CollectionPlanning,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  @Get()
  @Requires('directdebits:read')
  @AnswersList(CollectionDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CollectionDto[] | undefined> {
    const page = await this.reads.collections(actor.cooperativeId, params);
    return sendList(res, page, (d) => d);
  }

  /**
   * The selected subscriptions with a usable mandate and IBAN are drawn; the others are answered as `skipped` with the
   * reason, and debits whose subscription owed less when they were booked as `aboveOutstanding` (decision 270).
   */
  @Post()
  @Requires('directdebits:write')
  @HttpCode(201)
  @BodyOf(CollectionWrite)
  @AnswersCreated(CollectionCreatedDto)
  async create(@CurrentActor() actor: Actor, @Body() body: CollectionWrite): Promise<CollectionCreatedDto> {
    const result: CollectionResult = await this.commands.execute(
      new CreateCollectionCommand(contextFor(actor), body.collectionDate, body.balanceIds, new Date()),
    );
    const doc = await this.reads.collection(actor.cooperativeId, result.collectionId);
    // What this request's booking found above what was owed (decision 270), whether or not the list has it yet.
    const above = result.aboveOutstanding.map((a) => ({ ...a }));
    return {
      ...collectionDto(doc),
      aboveOutstanding: above,
      aboveOutstandingCents: above.reduce((sum, a) => sum + a.excess, 0),
      skipped: result.skipped.map((s) => ({ ...s })),
    };
  }

  /**
   * What `POST /direct-debits` with this body would draw now and leave out, and why (no mandate, no IBAN …), for the
   * clerk to see before confirming; the same refusals of the date and the creditor; nothing is written.
   */
  @Post('preview')
  @Requires('directdebits:write')
  @HttpCode(200)
  @BodyOf(CollectionWrite)
  @AnswersOk(CollectionPreviewDto)
  async preview(@CurrentActor() actor: Actor, @Body() body: CollectionWrite): Promise<CollectionPreviewDto> {
    await this.planning.checkedCreditor(actor.cooperativeId, body.collectionDate, new Date());
    const { plan } = await this.planning.plan(actor.cooperativeId, body.collectionDate, body.balanceIds);
    return {
      collectionDate: body.collectionDate,
      count: plan.debits.length,
      totalCents: plan.totalCents,
      skipped: plan.skipped.map((s) => ({ ...s })),
    };
  }

  /** `Lastschrift-<collection date>-<cooperative>.xml`: the collection's pain.008.001.08 file as made. */
  @Get(':id/file')
  @Requires('directdebits:read')
  @ApiOkResponse({
    description: 'Lastschrift-<collection date>-<cooperative>.xml (pain.008.001.08, Content-Disposition: attachment)',
    content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } },
  })
  async file(@CurrentActor() actor: Actor, @Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    if (id.length > TEXT_MAX.id) throw new NotFoundError('DirectDebitCollection', id.slice(0, TEXT_MAX.id));
    const doc = await this.reads.collection(actor.cooperativeId, id);
    const bytes = await this.files.get(doc.fileId);
    if (!bytes) throw new NotFoundError('DirectDebitFile', id);
    const cooperative = await this.reads.cooperative(actor.cooperativeId);
    await res
      .status(200)
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', attachment(debitFileName(doc.collectionDate, cooperative)))
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(bytes));
  }
}
