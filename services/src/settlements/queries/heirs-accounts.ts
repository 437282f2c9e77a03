import { SETTLEMENT_MEMBERS } from '@coop/projections/settlements';
import type { ReadModels } from '../../platform/http/read-models.js';
import type { BankAccount } from '../domain/settlement.decider.js';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The heirs' accounts recorded for these members (`POST /settlements/heirs`), by member id; a member without one (or
 * whose account the clean-up blanked) is absent. The settlement of a death pays to it, and so does the dividend of a
 * deceased member (decision 316).
 */
export async function heirsAccounts(
  reads: ReadModels,
  cooperativeId: string,
  memberIds: readonly string[],
): Promise<Map<string, BankAccount>> {
  const docs = await reads.getMany(SETTLEMENT_MEMBERS, cooperativeId, memberIds);
  const accounts = new Map<string, BankAccount>();
  for (const [id, doc] of docs) {
    const accountHolder = text(doc.heirsAccountHolder);
    const iban = text(doc.heirsIban);
    if (doc.heirsAccount === true && accountHolder !== null && iban !== null)
      accounts.set(id, { accountHolder, iban, bic: text(doc.heirsBic) });
  }
  return accounts;
}
