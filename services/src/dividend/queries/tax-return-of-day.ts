import type { ReadModels } from '../../platform/http/read-models.js';
import { isClosing } from '../../platform/commands/require-closed.js';
import { taxReturn, type ReturnedResult } from '../domain/engine/index.js';
import type { TaxReturnSummary } from '../domain/engine/index.js';
import { dividendClosures, type DividendClosureDocument } from './dividend-closures.js';
import { dividendResults } from './dividend-results.js';

/** Closures read per query (a cooperative closes one a year; a day holds few). */
const CLOSURES_MAX = 100;
const PAGE = 2000;

/**
 * The whole closures paid on `paymentDate` (DOMAIN.md 0.3-0.4, 2.1, WE-12): dividends are declared and paid on their
 * day of payment (§ 44 Abs. 1 S. 5 EStG, a "Tagesanmeldung"), the KapESt due at one time cut once to whole euros (S. 6).
 * Two closures paid on one day (two years' dividends) are one return (decision 376); one still being written is not
 * part of it yet.
 */
export async function closuresPaidOn(
  reads: ReadModels,
  cooperativeId: string,
  paymentDate: string,
): Promise<DividendClosureDocument[]> {
  const page = await dividendClosures.query(reads, cooperativeId, {
    cooperativeId,
    filters: [{ field: 'paymentDate', op: 'eq', value: paymentDate }],
    sort: [{ field: 'year', direction: 'asc' }],
    limit: CLOSURES_MAX,
  });
  return page.items.filter((c) => !isClosing(c));
}

/**
 * The return of several closures paid on one day, made from every payout of each by the engine's `taxReturn` (rows and
 * church tax summed in cents, then cut once). A day with one closure reads the return that closure recorded instead.
 */
export async function taxReturnOf(
  reads: ReadModels,
  cooperativeId: string,
  closures: readonly DividendClosureDocument[],
): Promise<TaxReturnSummary> {
  const results: ReturnedResult[] = [];
  for (const closure of closures) {
    for (let from = 0; ;) {
      const members = await dividendResults.query(reads, cooperativeId, {
        cooperativeId,
        filters: [
          { field: 'dividendId', op: 'eq', value: closure.id },
          { field: 'memberNr', op: 'range', gte: from },
        ],
        sort: [{ field: 'memberNr', direction: 'asc' }],
        limit: PAGE,
      });
      for (const r of members.items)
        results.push({
          basisOfTax: r.basisOfTax as ReturnedResult['basisOfTax'],
          gross: r.dividend,
          taxable: r.taxRelevantAmount,
          exempt: r.exemptions,
          kapest: r.dividendTax,
          soli: r.solidarityTax,
          churchId: r.churchId,
          churchTax: r.churchTax,
        });
      if (members.items.length < PAGE) break;
      from = members.items[members.items.length - 1]!.memberNr + 1;
    }
  }
  return taxReturn(results);
}
