import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ShareCorrection, ShareDto, type Sort } from '@coop/contracts';
import { BALANCES, SHARE_REGISTER } from '@coop/projections/share-ledger';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import type { ListParams } from '../../platform/http/list-query.js';
import { sendList } from '../../platform/http/list-response.js';
import { AnswersList, AnswersOk, BodyOf } from '../../platform/http/openapi.js';
import { CorrectShareCommand } from '../commands/posting.commands.js';
import { balanceDocuments } from '../queries/balance-documents.js';
import { LedgerReads } from '../queries/ledger-reads.js';

const DEFAULT_SORT: readonly Sort[] = [
  { field: 'memberNr', direction: 'asc' },
  { field: 'date', direction: 'asc' },
];

/**
 * The share register (SPEC.md section 3 "Share"), for super administrators. Its rows are kept in the postings'
 * documents (BALANCES; SHARE_REGISTER names which field serves which of the register's, decision 35).
 */
@ApiTags('shares')
@ApiBearerAuth()
@Controller('shares')
export class SharesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly ledger: LedgerReads,
  ) {}

  /** Searched by the member's name and number (the postings' search), filtered by `member` among the register's fields. */
  @Get()
  @Requires('shares:read')
  @AnswersList(ShareDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: ListParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ShareDto[] | undefined> {
    const page = await this.ledger.reads.listView(BALANCES, SHARE_REGISTER, actor.cooperativeId, params, DEFAULT_SORT);
    return sendList(
      res,
      {
        items: await this.ledger.shareDtos(actor.cooperativeId, page.items.map(balanceDocuments.read)),
        total: page.total,
      },
      (row) => row,
    );
  }

  @Get(':id')
  @Requires('shares:read')
  @AnswersOk(ShareDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ShareDto> {
    return this.one(actor.cooperativeId, id);
  }

  /** Corrects the payment fields only; recorded as a new event, the row's earlier versions stay. */
  @Put(':id')
  @Requires('shares:write')
  @BodyOf(ShareCorrection)
  @AnswersOk(ShareDto)
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ShareCorrection,
  ): Promise<ShareDto> {
    const share = balanceDocuments.read(await this.ledger.reads.get(BALANCES, actor.cooperativeId, id, 'Share'));
    await this.commands.execute(
      new CorrectShareCommand(
        contextFor(actor),
        share.member,
        id,
        body.rueckpfleinzahlung,
        body.interestEnd,
        body.expectedRueckpfleinzahlung,
      ),
    );
    return this.one(actor.cooperativeId, id);
  }

  private async one(cooperativeId: string, id: string): Promise<ShareDto> {
    const doc = balanceDocuments.read(await this.ledger.reads.get(BALANCES, cooperativeId, id, 'Share'));
    return (await this.ledger.shareDtos(cooperativeId, [doc]))[0]!;
  }
}
