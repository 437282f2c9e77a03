import { personNameKey, taxIdKey } from '@coop/contracts';
import type { ExistingPerson, ImportProblem, ImportRow } from '../import-types.js';
import { dateValue, numberValue, textValue } from './replay-run.js';
import { importProblem } from './row-problems.js';

/*
 * Nobody twice (issue 39): members rows that look like a member already in the cooperative or like another row of the
 * import. The same tax id is never two people: a problem (`importTaxIdOfMember`, `importTaxIdTwice`). The same IBAN, or
 * the same name (as `personNameKey` compares it: ä/ae, ö/oe, ü/ue, ß/ss, case, spacing) with the same birth date,
 * may be a household's account or a namesake: a warning the clerk confirms before the write
 * (`importIbanOfMember`, `importIbanTwice`, `importNameOfMember`, `importNameTwice`).
 */

export interface Duplicates {
  readonly problems: ImportProblem[];
  readonly warnings: ImportProblem[];
}

const compactIban = (iban: string | null): string | null =>
  iban === null ? null : iban.replace(/\s+/g, '').toUpperCase() || null;
const nameAndBirth = (nameKey: string | null, birthDate: string | null): string | null =>
  nameKey === null || birthDate === null ? null : `${nameKey}\u0000${birthDate}`;

/** The duplicates of the members rows among themselves and against the cooperative's members. */
export function findDuplicates(rows: readonly ImportRow[], existing: readonly ExistingPerson[]): Duplicates {
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const byTaxId = new Map<string, ExistingPerson>();
  const byIban = new Map<string, ExistingPerson>();
  const byName = new Map<string, ExistingPerson>();
  for (const p of existing) {
    if (p.taxIdKey !== null && !byTaxId.has(p.taxIdKey)) byTaxId.set(p.taxIdKey, p);
    const iban = compactIban(p.iban);
    if (iban !== null && !byIban.has(iban)) byIban.set(iban, p);
    const name = nameAndBirth(p.nameKey, p.birthDate);
    if (name !== null && !byName.has(name)) byName.set(name, p);
  }
  const firstTaxId = new Map<string, ImportRow>();
  const firstIban = new Map<string, ImportRow>();
  const firstName = new Map<string, ImportRow>();
  const nrOf = (p: ExistingPerson): string => (p.memberNr === null ? '' : String(p.memberNr));
  for (const row of rows) {
    if (row.kind !== 'members' || numberValue(row, 'memberNr') === null) continue;
    const tax = taxIdKey(textValue(row, 'manualTaxId'));
    if (tax !== null) {
      const member = byTaxId.get(tax);
      const earlier = firstTaxId.get(tax);
      if (member) problems.push(importProblem(row, 'manualTaxId', 'importTaxIdOfMember', nrOf(member), member.label));
      else if (earlier) problems.push(importProblem(row, 'manualTaxId', 'importTaxIdTwice', String(earlier.row)));
      else firstTaxId.set(tax, row);
    }
    const iban = compactIban(textValue(row, 'iban'));
    if (iban !== null) {
      const member = byIban.get(iban);
      const earlier = firstIban.get(iban);
      if (member) warnings.push(importProblem(row, 'iban', 'importIbanOfMember', nrOf(member), member.label));
      else if (earlier) warnings.push(importProblem(row, 'iban', 'importIbanTwice', String(earlier.row)));
      else firstIban.set(iban, row);
    }
    const name = nameAndBirth(
      personNameKey(textValue(row, 'name'), textValue(row, 'givenName')),
      dateValue(row, 'birthDate'),
    );
    if (name !== null) {
      const member = byName.get(name);
      const earlier = firstName.get(name);
      if (member) warnings.push(importProblem(row, 'name', 'importNameOfMember', nrOf(member), member.label));
      else if (earlier) warnings.push(importProblem(row, 'name', 'importNameTwice', String(earlier.row)));
      else firstName.set(name, row);
    }
  }
  return { problems, warnings };
}
