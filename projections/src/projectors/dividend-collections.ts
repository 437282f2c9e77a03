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

/** A closure's member results (DIVIDEND_MEMBERS) are in dividend-member-document.ts, from `@coop/projections/dividend`. */
