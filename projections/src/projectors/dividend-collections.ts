import type { CollectionSpec } from '@coop/contracts';

/*
 * The dividend's read models (issue 23; their projectors beside this file). Declared here once so that the dividend
 * area and the member queries (dashboard, history) name the same collections.
 */

/** One document per member (id = member id): what the dividend engine needs of the member (`MemberInput`). */
export const DIVIDEND_INPUTS: CollectionSpec = {
  name: 'dividend_inputs',
  fields: { memberNr: 'number' },
  search: [],
};

/** One document per closure (id = dividend id): the closure without its members. */
export const DIVIDENDS: CollectionSpec = {
  name: 'dividends',
  fields: { year: 'number', paymentDate: 'string' },
  search: [],
};

/** One document per member and closure (id = `<dividendId>:<memberId>`): the member's result and its trace. */
export const DIVIDEND_MEMBERS: CollectionSpec = {
  name: 'dividend_members',
  fields: { dividendId: 'string', member: 'string', memberNr: 'number', year: 'number' },
  search: ['memberNr'],
  searchNumber: 'memberNr',
};
