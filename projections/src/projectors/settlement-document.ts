import type { CollectionSpec, ReadDocument } from '@coop/contracts';
import { flagField, listField, numberField, textField } from './document-fields.js';

/*
 * The settlements with those who leave (written by settlements.projector.ts) and their typed document (decisions 247,
 * 257). Reached by services through `@coop/projections/settlements`, which only the settlements area (and the platform)
 * may import: every other area reads them through the settlements area's `settlementDocuments`
 * (services/src/settlements/index.ts; rule `read-model-through-its-owner`).
 */

/*
 * Settlements with those who leave (§ 73 GenG, issue 42): one document per end that booked a holding out (the exit
 * posting 6, 7, 8 or a partial termination 2; id `<memberId>.<endBalanceId>`), due until its payout is recorded. No
 * personal data: names come from the members' list, the account only from the sealed events.
 */
export const SETTLEMENTS: CollectionSpec = {
  name: 'settlements',
  fields: {
    memberId: 'string',
    memberNr: 'number',
    year: 'number',
    endDate: 'string',
    reason: 'string',
    status: 'string',
    payoutDate: 'string',
    holdingRaised: 'boolean',
  },
  search: [],
};

/**
 * An end's settlement as the settlements projector writes it, read once by `readSettlement`: amounts in cents, shares
 * and counts 0 when absent; the payout's fields null while it is due (and after a reversal or the clean-up); text
 * trimmed, blank or absent null ('' for the fields every end has).
 */
export interface SettlementDocument {
  readonly id: string;
  readonly cooperativeId: string;
  readonly position: string;
  readonly memberId: string;
  readonly memberNr: number | null;
  /** The end's posting. */
  readonly endBalanceId: string;
  readonly year: number;
  readonly endDate: string;
  /** `partial`, `exclusion`, `exit`, `dissolution` or `death`, as the projector names the end. */
  readonly reason: string;
  readonly shares: number;
  /** The Geschäftsguthaben that left (cents). */
  readonly holding: number;
  /** Of `holding`, what was paid in after the end's day (cents; decision 414): refunded apart. */
  readonly paidAfterEnd: number;
  /** `due` until its payout is recorded, then `paid`. */
  readonly status: string;
  readonly lossShare: number | null;
  /** The payout in cents. */
  readonly amount: number | null;
  readonly payoutDate: string | null;
  /** Paid to the heirs' account. */
  readonly heirs: boolean;
  readonly accountHolder: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly paidBy: string | null;
  /** Paid outside the product (recorded by the import). */
  readonly imported: boolean;
  /** The end's posting was annulled after its payout was recorded. */
  readonly annulled: boolean;
  readonly reversals: number;
  /** The holding the first payout settled (cents; `holding` follows the register after it); null before decision 370. */
  readonly payoutHolding: number | null;
  /** Of `payoutHolding`, what the first payout refunded as paid after the end's day (decision 414); null before it. */
  readonly payoutLate: number | null;
  /** Paid by the top-ups of this payout (cents; decision 370), beside `amount`, the first payout's. */
  readonly toppedUp: number;
  /** Each top-up, in the order recorded. */
  readonly topUps: readonly SettlementTopUp[];
  /** Paid, and the holding rose above what the latest payout settled: a top-up may be owed. */
  readonly holdingRaised: boolean;
}

/** A further payout of a paid settlement (`SettlementToppedUp`, decision 370); the account blanked by the clean-up. */
export interface SettlementTopUp {
  readonly payoutDate: string;
  readonly amount: number;
  readonly holding: number;
  readonly lossShare: number;
  /** Of `holding`, paid after the end's day (decision 414); absent before it: 0. */
  readonly paidAfterEnd?: number;
  readonly accountHolder: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  readonly heirs: boolean;
  readonly paidBy: string | null;
}

/** The typed settlement from its stored document: the one place its fields are read. */
export function readSettlement(doc: ReadDocument): SettlementDocument {
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    memberId: textField(doc, 'memberId') ?? '',
    memberNr: numberField(doc, 'memberNr'),
    endBalanceId: textField(doc, 'endBalanceId') ?? '',
    year: numberField(doc, 'year') ?? 0,
    endDate: textField(doc, 'endDate') ?? '',
    reason: textField(doc, 'reason') ?? '',
    shares: numberField(doc, 'shares') ?? 0,
    holding: numberField(doc, 'holding') ?? 0,
    paidAfterEnd: numberField(doc, 'paidAfterEnd') ?? 0,
    status: textField(doc, 'status') ?? '',
    lossShare: numberField(doc, 'lossShare'),
    amount: numberField(doc, 'amount'),
    payoutDate: textField(doc, 'payoutDate'),
    heirs: flagField(doc, 'heirs'),
    accountHolder: textField(doc, 'accountHolder'),
    iban: textField(doc, 'iban'),
    bic: textField(doc, 'bic'),
    paidBy: textField(doc, 'paidBy'),
    imported: flagField(doc, 'imported'),
    annulled: flagField(doc, 'annulled'),
    reversals: numberField(doc, 'reversals') ?? 0,
    payoutHolding: numberField(doc, 'payoutHolding'),
    payoutLate: numberField(doc, 'payoutLate'),
    toppedUp: numberField(doc, 'toppedUp') ?? 0,
    topUps: listField<SettlementTopUp>(doc, 'topUps'),
    holdingRaised: flagField(doc, 'holdingRaised'),
  };
}
