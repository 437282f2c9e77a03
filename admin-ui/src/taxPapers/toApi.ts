import type { RaRecord } from 'react-admin';
import { parseEuroToCents } from '../format';
import { UNTIL_REVOKED } from './model';

const empty = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * The whole exemption order as the API takes it (docs/api.md: PUT sends the whole order): the euro text
 * becomes integer cents by string handling (unparsable text goes as it is, for the API to refuse); the
 * spouse is never sent (the API takes the one recorded for the member); "until revoked" is a null end date.
 */
export function exemptionOrderToApi(data: RaRecord | Record<string, unknown>, member: string): Record<string, unknown> {
  const raw: unknown = data.amount;
  const amount =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string'
        ? raw.trim() === ''
          ? null
          : (parseEuroToCents(raw) ?? raw)
        : null;
  return {
    member,
    type: empty(data.type),
    joint: data.joint === true,
    // A joint order covers the spouse recorded in the member's master data: the API records the link itself.
    spouse: null,
    amount,
    date: empty(data.date),
    startDate: empty(data.startDate),
    endDate: data.endDate === UNTIL_REVOKED ? null : empty(data.endDate),
  };
}

/** The whole certificate as the API takes it: `original` true or null (missing). */
export function nonAssessmentToApi(data: RaRecord | Record<string, unknown>, member: string): Record<string, unknown> {
  return {
    member,
    type: empty(data.type),
    orderNumber: empty(data.orderNumber),
    date: empty(data.date),
    taxAuthorities: empty(data.taxAuthorities),
    startDate: empty(data.startDate),
    endDate: empty(data.endDate),
    original: data.original === true ? true : null,
  };
}
