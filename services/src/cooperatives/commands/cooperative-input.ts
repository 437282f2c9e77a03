import { CooperativeFields, dividendSettingsOf, FirstCooperative } from '@coop/contracts';
import { readRequest } from '../../platform/http/validation.pipe.js';

/** A cooperative's fields as a caller sends them: every field unchecked (read with the request classes' rules). */
export type CooperativeInput = { readonly [K in keyof CooperativeFields]?: unknown };

/**
 * The fields read and checked by the API's request class CooperativeFields (contracts/src/http/cooperatives.ts), as
 * the validation pipe reads a body: trimmed, IBAN, BIC and tax number compact, empty settings their defaults, every
 * rule answered with its template (decision 242). The API, the first start and the demo all pass here, so none of them
 * skips a rule; the decider decides what needs the stream's state. A plain object: the decider compares and records it.
 */
export function cooperativeFieldsOf(input: CooperativeInput): CooperativeFields {
  const body = readRequest(CooperativeFields, input);
  const {
    name,
    fullName,
    address,
    zip,
    city,
    email,
    contactPerson,
    url,
    taxId,
    taxOffice,
    bankname,
    iban,
    bic,
    balanceCost,
    minimumShares,
    noticePeriodMonths,
    retentionYears,
    sessionIdleMinutes,
  } = body;
  return {
    name,
    fullName,
    address,
    zip,
    city,
    email,
    contactPerson,
    url,
    taxId,
    taxOffice,
    bankname,
    iban,
    bic,
    balanceCost,
    minimumShares,
    noticePeriodMonths,
    retentionYears,
    sessionIdleMinutes,
    interestBeginRule: body.interestBeginRule,
    liabilityPerShare: body.liabilityPerShare ?? null,
    ...dividendSettingsOf(body as unknown as Record<string, unknown>),
  };
}

/** The first start's cooperative: its name read by FirstCooperative, with the least holding of one share. */
export function firstCooperativeOf(input: { readonly name?: unknown }): Partial<CooperativeFields> {
  return { name: readRequest(FirstCooperative, input).name, minimumShares: 1 };
}
