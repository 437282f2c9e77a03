import type { ReadQuery } from '@coop/contracts';

/**
 * The direction a page's ties are broken in by id, on every read store: that of the first sort field, ascending
 * without a sort (decision 37). A sort along one field is then that field's index, `(field, id)`, read in one
 * direction; and ids are in creation order, so among the postings of one date the newest comes first in a list
 * sorted by date descending.
 */
export function tieDirection(query: Pick<ReadQuery, 'sort'>): 'asc' | 'desc' {
  return query.sort?.[0]?.direction === 'desc' ? 'desc' : 'asc';
}
