import type { CollectionSpec } from '@coop/contracts';

/**
 * The dues on subscribed shares (issue 45): one document per subscription (type 0 or 1 posting) not annulled, id = its
 * balance id, shaped `ShareDueView` (contracts share-payment-events.ts) plus `paidWhenPosted` (the cents paid with the
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
  },
  search: ['memberName', 'memberNr'],
  searchNumber: 'memberNr',
};

/** Per member (id = memberId): the cooperative, number and name the dues are posted with. */
export const SHARE_DUE_MEMBERS: CollectionSpec = { name: 'share_due_members', fields: {}, search: [] };
