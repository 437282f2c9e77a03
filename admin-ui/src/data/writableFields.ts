/**
 * The fields the console sends per resource (docs/api.md). Read-only fields of a record (id, createdAt,
 * cooperative, …) are never sent back; a server error on a field outside this list is shown as a general
 * error, because no form shows it.
 */
export const WRITABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  users: ['username', 'password', 'passwordRepeat', 'roles'],
  cooperatives: [
    'name',
    'fullName',
    'address',
    'zip',
    'city',
    'email',
    'contactPerson',
    'url',
    'taxId',
    'bankname',
    'iban',
    'bic',
    'balanceCost',
    'minimumShares',
  ],
  elmanumbers: ['elmaProcess', 'elmaNumber'],
  /** Master data (SPEC 3 "Member"); on create also the initial subscription: shareAmount, approvalDate, interestBegin. */
  members: [
    'memberNr',
    'memberType',
    'position',
    'salutation',
    'postalSalutation',
    'title',
    'givenName',
    'name',
    'birthName',
    'birthDate',
    'legalForm',
    'civilStatus',
    'spouse',
    'spouseGivenName',
    'spouseName',
    'spouseBirthName',
    'spouseBirthDate',
    'spouseTitle',
    'street',
    'streetHomeNumber',
    'zipCode',
    'city',
    'state',
    'country',
    'isForeign',
    'legalRepresentation',
    'privateEmail',
    'privateTelephone',
    'bankname',
    'iban',
    'bic',
    'entryDate',
    'approvalDate',
    'interestBegin',
    'manualTaxId',
    'churchId',
    'churchTaxRate',
    'kiSt',
    'kiStSatz',
    'shareAmount',
  ],
  balances: ['member', 'type', 'quantity', 'date', 'approvalDate', 'interestBegin', 'transferTo', 'annulPeer'],
  /** The share register: only the payment fields are corrected (a correction event; history is kept). */
  shares: ['rueckpfleinzahlung', 'interestEnd'],
  /** Exemption orders (docs/api.md): the whole order on POST and PUT; `spouse` only on joint orders. */
  exemptionorders: ['member', 'type', 'joint', 'spouse', 'amount', 'date', 'startDate', 'endDate'],
  /** Non-assessment certificates: `original` true or null. */
  nonassessments: ['member', 'type', 'orderNumber', 'date', 'taxAuthorities', 'startDate', 'endDate', 'original'],
};

/** Keeps only the writable fields of a resource; an unknown resource sends its data as it is. */
export function writableBody(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = WRITABLE_FIELDS[resource];
  if (!fields) return data;
  const body: Record<string, unknown> = {};
  for (const field of fields) if (field in data) body[field] = data[field];
  return body;
}
