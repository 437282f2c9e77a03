import type { CollectionSpec } from '@coop/contracts';

/**
 * The dues on subscribed shares (issue 45) with something outstanding: one document per subscription (type 0 or 1
 * posting) not annulled whose `outstanding` is at least one cent, id = its balance id, shaped `ShareDueView` (contracts share-payment-events.ts) plus `paidWhenPosted` (the cents paid with the
 * posting) and `plan` (the instalment plan as set, or null). `memberName` is the name when posted, as on the postings.
 */
export const SHARE_DUES: CollectionSpec = {
  name: 'share_dues',
  fields: {
    member: 'string',
    memberNr: 'number',
    memberName: 'string',
    type: 'number',
    date: 'string',
    amount: 'number',
    paid: 'number',
    outstanding: 'number',
    dueSince: 'string',
    reminderLevel: 'number',
    // The day from which nothing of it is owed (a whole end's effective date, decision 269): every reader filters on it.
    owedUntil: 'string',
  },
  search: ['memberName', 'memberNr'],
  searchNumber: 'memberNr',
};

/**
 * The subscriptions paid in full (`outstanding` below one cent), the same documents as SHARE_DUES: most subscriptions
 * are paid with their posting, and a list, a search, a reminder or a collection only ever asks for the outstanding
 * ones, so these are kept without the outstanding dues' indexes and text index (decision 266: a posting wrote 13 index
 * entries and a trigram entry for a due nobody lists). A due moves between the two when a payment, a return or a
 * correction changes what is outstanding. A subscription paid in full when posted is in neither until something reaches
 * it: the readers derive its due from its posting (`postedDue`, decision 268), so that it costs the posting no write.
 */
export const SHARE_DUES_SETTLED: CollectionSpec = {
  name: 'share_dues_settled',
  fields: { member: 'string' },
  search: [],
};

/** Per member (id = memberId): the cooperative, number and name the dues are posted with. */
export const SHARE_DUE_MEMBERS: CollectionSpec = { name: 'share_due_members', fields: {}, search: [] };
