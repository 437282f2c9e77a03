import { NotFoundError } from '@coop/contracts';
import { MEMBER_STATS, readMemberStats, statsAsOf, type MemberStatsDocument } from '@coop/projections/members';
import type { ReadModels } from '../../platform/http/read-models.js';
import { TypedReads } from '../../platform/http/typed-reads.js';

/**
 * The cooperative's member statistics (one document per cooperative, id = cooperative id: the sums of all postings and
 * the year-end postings still to take effect) as typed documents (issue 44): the one reader of `memberstats`, for this
 * area and, through index.ts, for the dashboard (`read-model-through-its-owner`).
 */
export const memberStatistics = new TypedReads<MemberStatsDocument>(MEMBER_STATS, 'Statistics', readMemberStats);

/**
 * The sum of all the cooperative's postings in cents and shares as of `date` (a pending notice's withdrawal, dated on a
 * later year's end, not yet counted); a cooperative with no posting yet has no statistics: 0.
 */
export async function postingSumsAsOf(
  reads: ReadModels,
  cooperativeId: string,
  date: string,
): Promise<{ cents: number; shares: number }> {
  const stats = await memberStatistics.get(reads, cooperativeId, cooperativeId).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  return statsAsOf(stats, date);
}
