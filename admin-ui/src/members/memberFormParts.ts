import { POSTAL_SALUTATIONS } from './model';

/** The member form's small parts: grid widths, input props, the selects' choices. */
export const half = { xs: 12, md: 6 } as const;
export const third = { xs: 12, sm: 6, md: 4 } as const;
/** The input's test id and, for text, its maximum length (the server's limit: contracts/src/limits.ts). */
export const tid = (id: string, maxLength?: number) => ({
  htmlInput: { 'data-testid': `member-${id}`, ...(maxLength ? { maxLength } : {}) },
});
export const max = (maxLength: number) => ({ htmlInput: { maxLength } });

/** Numbers travel as numbers; the selects work on strings (0 is a real choice, not "empty"). */
export const numFormat = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const numParse = (v: string) => (v === '' ? null : Number(v));

export function choices(ids: readonly (number | string)[], prefix: string) {
  return ids.map((id) => ({ id: String(id), name: `${prefix}.${id}` }));
}

/** A firm is addressed as "Sehr geehrte Damen und Herren" (`company`), a person by one of the person salutations. */
export const PERSON_SALUTATIONS = POSTAL_SALUTATIONS.filter((s) => s !== 'company');
