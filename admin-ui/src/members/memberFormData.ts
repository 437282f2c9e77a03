import type { RaRecord } from 'react-admin';
import { euroTextToCents } from '../share-payments/model';
import { isUnderage } from './model';

/** Church tax is a natural person's: a legal entity has none. */
const NATURAL_ONLY = [
  'salutation',
  'title',
  'givenName',
  'birthName',
  'birthDate',
  'civilStatus',
  'legalRepresentation',
  'churchId',
  'churchTaxRate',
  'kiSt',
  'kiStSatz',
] as const;
const SPOUSE = [
  'spouse',
  'spouseGivenName',
  'spouseName',
  'spouseBirthName',
  'spouseBirthDate',
  'spouseTitle',
  'spouseTaxId',
] as const;

/** What is hidden is not sent as data: a legal entity has no person fields, only a married member has a spouse, only a minor a representative. */
export function toApi(data: RaRecord, isNew: boolean): RaRecord {
  const out: Record<string, unknown> = { ...data };
  const natural = out.legalForm !== 1;
  if (!natural) for (const f of NATURAL_ONLY) out[f] = null;
  if (!natural || (out.civilStatus !== 1 && out.civilStatus !== 2)) for (const f of SPOUSE) out[f] = null;
  // A spouse who is a member keeps the tax id of its own record: no copy is sent (issue 39).
  if (typeof out.spouse === 'string' && out.spouse !== '') out.spouseTaxId = null;
  if (natural && isUnderage(out.birthDate) === false) out.legalRepresentation = null;
  if (out.isForeign) out.state = null;
  else out.country = null;
  for (const [k, v] of Object.entries(out)) if (v === '') out[k] = null;
  if (!isNew) {
    delete out.memberNr;
    delete out.shareAmount;
    delete out.paid;
  } else {
    // The initial subscription paid in part (issue 45): the euros typed, as cents; empty, paid in full.
    out.paid = euroTextToCents(data.paid);
  }
  return out as RaRecord;
}
