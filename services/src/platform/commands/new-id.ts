import { v7 } from 'uuid';

/**
 * The id of a new record (member, posting, tax paper, user, approval number): a UUID version 7, whose first
 * 48 bits are the creation time in milliseconds. Read models index every declared field together with the
 * id, so ids in creation order put each new posting at the end of its index ranges (the postings of one day,
 * one type, one quantity), on the page the previous posting dirtied, instead of on a random page of each
 * index: fewer pages written per posting and per checkpoint (docs/decisions.md 27). The time is not secret:
 * every record carries its creation time in the event metadata anyway.
 */
export function newRecordId(): string {
  return v7();
}
