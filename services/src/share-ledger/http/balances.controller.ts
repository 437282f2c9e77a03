import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BalanceDto, memberFieldError, NotFoundError, PostingRequest, ValidationError } from '@coop/contracts';
import { CurrentActor, OwnReads, Requires, SettlesOwnReads } from '../../auth/decorators.js';
import { contextFor, type Actor } from '../../platform/commands/command-context.js';
import { idempotencyKeyOf } from '../../platform/commands/idempotency.js';
import type { ReadModels } from '../../platform/http/read-models.js';
import { AnswersCreated, AnswersList, AnswersOk, AnswersWarnings, BodyOf } from '../../platform/http/openapi.js';
import { PostBalanceCommand } from '../commands/posting.commands.js';
import { balanceDocuments } from '../queries/balance-documents.js';
import { postingsQuery, type DateRangeParams } from '../queries/ledger-list-query.js';
import { BALANCES_DEFAULT_SORT, LedgerReads } from '../queries/ledger-reads.js';
import { postingOf } from './posting.js';

@ApiTags('balances')
@ApiBearerAuth()
@Controller('balances')
export class BalancesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly members: LedgerReads,
  ) {}

  @Get()
  @Requires('members:read')
  @AnswersList(BalanceDto)
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD: postings dated on or after this day' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD: postings dated on or before this day' })
  async list(
    @CurrentActor() actor: Actor,
    @Query() params: DateRangeParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<BalanceDto[] | undefined> {
    const page = await balanceDocuments.query(
      this.members.reads,
      actor.cooperativeId,
      postingsQuery(actor.cooperativeId, params, BALANCES_DEFAULT_SORT),
    );
    res.header('TotalItems', String(page.total));
    if (page.items.length === 0) {
      res.status(204);
      return undefined;
    }
    return this.members.balanceDtos(actor.cooperativeId, page.items);
  }

  @Get(':id')
  @Requires('members:read')
  @AnswersOk(BalanceDto)
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<BalanceDto> {
    return this.one(actor.cooperativeId, id);
  }

  /**
   * A posting is answered from its own events, before the read models include it (decision 40); the client's next
   * request waits for them (ReadYourWritesGuard). Declared `@SettlesOwnReads()`: it waits for the client's writes only
   * where it reads through `reads`, for the posting an annulation names (which may be one this client was just
   * answered for) and for an answer that cannot be made from the events; the preview reads the documents as stored.
   */
  @Post()
  @Requires('members:write')
  @SettlesOwnReads()
  @BodyOf(PostingRequest)
  @AnswersCreated(BalanceDto)
  @AnswersWarnings()
  async create(
    @CurrentActor() actor: Actor,
    @Body() request: PostingRequest,
    @OwnReads() reads: ReadModels,
    @Headers('idempotency-key') key: unknown,
  ): Promise<BalanceDto> {
    let originalMember: string | null = null;
    if (request.type === 5 && request.annulPeer) {
      // The posting to annul names its member; one of another cooperative reads as unknown.
      const original = await balanceDocuments
        .get(reads, actor.cooperativeId, request.annulPeer.trim())
        .catch((error: unknown) => {
          if (error instanceof NotFoundError)
            throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', request.annulPeer!)]);
          throw error;
        });
      originalMember = original.member === '' ? null : original.member;
      if (request.member && request.member.trim() !== '' && request.member.trim() !== originalMember) {
        throw new ValidationError([memberFieldError('annulPeer', 'invalidChoice', request.annulPeer)]);
      }
    }
    const posted = await this.commands.execute(
      new PostBalanceCommand(contextFor(actor), postingOf(request), originalMember, idempotencyKeyOf(key)),
    );
    const answer = posted.recorded
      ? await this.members.postedBalanceDto(actor.cooperativeId, posted.balanceId, posted.recorded)
      : undefined;
    if (answer) return answer;
    return this.one(actor.cooperativeId, posted.balanceId, reads);
  }

  /** `reads`: the route's own (`@OwnReads()`), which first wait for the client's writes; the members' otherwise. */
  private async one(cooperativeId: string, id: string, reads: ReadModels = this.members.reads): Promise<BalanceDto> {
    const doc = await balanceDocuments.get(reads, cooperativeId, id);
    return (await this.members.balanceDtos(cooperativeId, [doc]))[0]!;
  }
}
