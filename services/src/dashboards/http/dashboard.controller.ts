import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DashboardDto, MemberDashboardDto } from '@coop/contracts';
import { holdingOn, MemberDividendReads, memberDocuments, postingSumsAsOf } from '../../members/index.js';
import { CurrentActor, Requires } from '../../auth/decorators.js';
import type { Actor } from '../../platform/commands/command-context.js';
import { businessToday, previousDay } from '@coop/contracts';
import { AnswersOk } from '../../platform/http/openapi.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { LedgerReads } from '../../share-ledger/index.js';
import { SettlementReads } from '../../settlements/index.js';
import { TaxPaperReads } from '../../tax-papers/index.js';

@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly reads: ReadModels,
    private readonly ledger: LedgerReads,
    private readonly papers: TaxPaperReads,
    private readonly dividends: MemberDividendReads,
    private readonly settlements: SettlementReads,
  ) {}

  /**
   * Members not exited, members exited (exit date in the past), and the sum of all postings in cents as of today (a
   * pending notice's withdrawal, dated on a later year's end, does not count yet).
   */
  @Get()
  @Requires('members:read')
  @AnswersOk(DashboardDto)
  async main(@CurrentActor() actor: Actor): Promise<DashboardDto> {
    const coop = actor.cooperativeId;
    const today = businessToday();
    const count = async (gte: string | undefined, lte: string | undefined): Promise<number> =>
      (
        await memberDocuments.query(this.reads, coop, {
          cooperativeId: coop,
          filters: [{ field: 'memberUntil', op: 'range', ...(gte ? { gte } : {}), ...(lte ? { lte } : {}) }],
          limit: 1,
        })
      ).total;
    const [memberCount, memberExitCount] = await Promise.all([
      count(today, undefined),
      count(undefined, previousDay(today)),
    ]);
    const sums = await postingSumsAsOf(this.reads, coop, today);
    // Settlements due and overdue (issue 42): ends that have come and are not paid; overdue past the payout period.
    const due = await this.settlements.due(coop, today);
    return {
      memberCount,
      memberExitCount,
      balanceSum: sums.cents,
      settlementsDue: due.length,
      settlementsOverdue: due.filter((s) => s.overdue).length,
    };
  }

  @Get('member/:id')
  @Requires('members:read')
  @AnswersOk(MemberDashboardDto)
  async member(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MemberDashboardDto> {
    const doc = await memberDocuments.get(this.reads, actor.cooperativeId, id);
    const coop = actor.cooperativeId;
    const [balance, exemptionOrder, nonAssessment, dividends, settlements] = await Promise.all([
      this.ledger.memberBalances(coop, id),
      this.papers.memberExemptionOrders(coop, id),
      this.papers.memberNonAssessments(coop, id),
      this.dividends.dashboard(coop, id),
      this.settlements.ofMember(coop, id, businessToday()),
    ]);
    return {
      addressId: id,
      balance,
      exemptionOrder,
      nonAssessment,
      // As of today: shares whose withdrawal is still pending (a notice taking effect at a year's end) count.
      sumBalance: holdingOn(doc, businessToday()).cents,
      dividends,
      settlements,
    };
  }
}
