import { OWED_WITHOUT_END, type Instalment, type ReadDocument, type ShareDueView } from '@coop/contracts';
import { listField, numberField, textField } from './document-fields.js';

/*
 * A subscription's due (collection SHARE_DUES, share-dues-collections.ts) as its typed document (decision 247). Reached
 * by services only through `@coop/projections/share-payments`, which only the share payments area (and the platform)
 * imports: every other area reads the dues through that area's `shareDues` (services/src/share-payments/index.ts; rule
 * `read-model-through-its-owner`).
 */

/**
 * A due as the share dues projector writes it (share-dues.projector.ts): the `ShareDueView` the payment areas read, the
 * cents paid with the posting (`paidWhenPosted`; before it was kept: the amount) and the instalment plan as set (null:
 * none), read once by `readShareDue`: amounts 0 when absent, the member's name '' when erased or absent.
 */
export interface ShareDueDocument extends ShareDueView {
  readonly position: string;
  readonly paidWhenPosted: number;
  readonly plan: readonly Instalment[] | null;
}

/** The typed due from its stored document: the one place the dues' fields are read. */
export function readShareDue(doc: ReadDocument): ShareDueDocument {
  const amount = numberField(doc, 'amount') ?? 0;
  return {
    id: doc.id,
    cooperativeId: doc.cooperativeId,
    position: doc.position,
    member: textField(doc, 'member') ?? '',
    memberNr: numberField(doc, 'memberNr'),
    memberName: textField(doc, 'memberName') ?? '',
    type: numberField(doc, 'type') ?? 0,
    date: textField(doc, 'date') ?? '',
    quantity: numberField(doc, 'quantity') ?? 0,
    amount,
    paid: numberField(doc, 'paid') ?? 0,
    passedOn: numberField(doc, 'passedOn') ?? 0,
    released: numberField(doc, 'released') ?? 0,
    paidWhenPosted: numberField(doc, 'paidWhenPosted') ?? amount,
    outstanding: numberField(doc, 'outstanding') ?? 0,
    dueSince: textField(doc, 'dueSince'),
    instalments: listField<Instalment & { readonly paid: number }>(doc, 'instalments'),
    plan: Array.isArray(doc.plan) ? (doc.plan as Instalment[]) : null,
    reminderLevel: numberField(doc, 'reminderLevel') ?? 0,
    owedUntil: textField(doc, 'owedUntil') ?? OWED_WITHOUT_END,
  };
}
