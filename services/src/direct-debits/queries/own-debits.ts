import { ReadModels } from '../../platform/http/read-models.js';
import { paymentIdOfEndToEndId } from '../sepa/collection-file.js';
import { payments } from './direct-debit-reads.js';

/** Ids read per look-up. */
const PAGE = 1000;

/** A debit this product collected (a collection's), as a bank statement's credit names it by its end-to-end id. */
export interface OwnDebit {
  readonly paymentId: string;
  readonly memberId: string;
  /** The collection date: the day the payment was booked (`SharePaymentReceived`). */
  readonly date: string;
}

/**
 * The cooperative's own collected debits among `endToEndIds` (a bank statement's), by the end-to-end id as given:
 * each was booked as a payment on shares when its collection was made (decision 352), so its credit on the statement is
 * the same money and is never booked again. Debits recorded by hand (drawn outside the product) are not among them.
 */
export async function ownDebitsOf(
  reads: ReadModels,
  cooperativeId: string,
  endToEndIds: readonly string[],
): Promise<Map<string, OwnDebit>> {
  const byPayment = new Map<string, string>();
  for (const e2e of endToEndIds) {
    const id = paymentIdOfEndToEndId(e2e);
    if (id !== null) byPayment.set(id, e2e);
  }
  const found = new Map<string, OwnDebit>();
  const ids = [...byPayment.keys()];
  for (let i = 0; i < ids.length; i += PAGE)
    for (const [id, doc] of await payments.getMany(reads, cooperativeId, ids.slice(i, i + PAGE)))
      if (doc.collectionId !== null)
        found.set(byPayment.get(id)!, { paymentId: id, memberId: doc.memberId, date: doc.date });
  return found;
}
