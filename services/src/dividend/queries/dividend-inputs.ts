import { DIVIDEND_INPUTS, readDividendInput, type DividendInputDocument } from '@coop/projections/dividend';
import { TypedReads } from '../../platform/http/typed-reads.js';
import type { ReadModels } from '../../platform/http/read-models.js';

/**
 * What this area keeps of each member (`dividend_inputs`) as typed documents (decision 258): the calculation's input
 * and the names a closure shows beside its results. Only this area reads the collection.
 */
export const dividendInputs = new TypedReads<DividendInputDocument>(DIVIDEND_INPUTS, 'Member', readDividendInput);

/**
 * The day of death of each of these members who died (a membership end for death, DOMAIN.md 9.1), by member id: the
 * payment file pays a dividend due after the death to the heirs (decision 316).
 */
export async function deathDates(
  reads: ReadModels,
  cooperativeId: string,
  memberIds: readonly string[],
): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  for (const [id, doc] of await dividendInputs.getMany(reads, cooperativeId, memberIds))
    if (doc.deathDate !== null) dates.set(id, doc.deathDate);
  return dates;
}
