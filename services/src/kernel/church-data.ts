/*
 * Church data is special-category data (Art. 9 GDPR) whose use is limited to the church-tax deduction (§ 51a Abs. 2c
 * EStG; DOMAIN.md 3.3; issue 24). Only callers with the permission `church:read` (the roles that run the dividend,
 * contracts/src/permissions.ts) read it; every other answer carries null in these fields. Shared by the areas that
 * answer members (members, dividend, church-tax); docs/security.md "Church data".
 */

/** The member's church fields, as the member answers and the dividend's member lists name them. */
export const CHURCH_DATA_FIELDS = [
  'churchId',
  'churchTaxRate',
  'kiSt',
  'kiStSatz',
  'churchName',
  'churchRate',
] as const;

const HIDDEN = new Set<string>(CHURCH_DATA_FIELDS);

/** True for a field that holds church data (a history change of it is left out for callers without `church:read`). */
export function isChurchDataField(field: string): boolean {
  return HIDDEN.has(field);
}

/** The answer with null in every church field it has (the fields it lacks stay absent). */
export function withoutChurchData<T extends object>(answer: T): T {
  const out: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  for (const field of CHURCH_DATA_FIELDS) if (Object.hasOwn(out, field)) out[field] = null;
  return out as T;
}
