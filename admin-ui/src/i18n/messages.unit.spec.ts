import { describe, expect, it } from '@jest/globals';
import { MEMBER_VALIDATION_TEMPLATES, TAX_PAPER_VALIDATION_TEMPLATES } from '@coop/contracts/console';
import { de } from './de.js';
import { en } from './en.js';
import { deepMerge, leafKeys } from './merge.js';

describe('console messages', () => {
  it('German and English have exactly the same keys', () => {
    expect(leafKeys(de)).toEqual(leafKeys(en));
  });

  it('no message is empty in either language', () => {
    const empty = (tree: Record<string, unknown>): string[] =>
      leafKeys(tree).filter((k) => String(k.split('.').reduce<unknown>((t, p) => (t as Record<string, unknown>)[p], tree)).trim() === '');
    expect(empty(en)).toEqual([]);
    expect(empty(de)).toEqual([]);
  });

  // Every template of the API's `ValidationTemplate` union has a text: the type of `en.coop.validation` requires it
  // (`npm run typecheck`). The templates the contracts also list at run time are checked here in both catalogues.
  it('every listed member, posting and tax paper template (contracts) has a message in both languages', () => {
    for (const t of [...MEMBER_VALIDATION_TEMPLATES, ...TAX_PAPER_VALIDATION_TEMPLATES]) {
      expect(Object.keys(en.coop.validation)).toContain(t);
      expect(Object.keys(de.coop.validation)).toContain(t);
    }
  });

  it('validation messages keep the texts of the old product', () => {
    expect(en.coop.validation.isNotEqual).toBe('Passwords are not equal');
    expect(de.coop.validation.isNotEqual).toBe('Passwörter stimmen nicht überein');
    expect(en.coop.validation.canNotTransferToSelf).toBe('You must not transfer from a member to the same member!');
    expect(en.coop.validation.selectTarget).toBe('Please select target member');
    expect(en.coop.validation.spouseNeededForJoint).toBe('Either select a spouse or change to single exemption order');
    // The API names the other order by id; the clerk reads which one in the marked row, not the id.
    expect(en.coop.validation.conflictExemptionOrder).toBe('Conflict with another exemption order of this member (marked below)');
    expect(de.coop.validation.conflictNonAssessment).not.toContain('%{0}');
  });

  it('non-assessment types are named, not numbered, in both languages (DOMAIN 2.6)', () => {
    for (const t of ['100', '60', '0', '-1'] as const) {
      expect(en.coop.taxPapers.nvTypes[t]).toMatch(/[a-z]{4}/);
      expect(de.coop.taxPapers.nvTypes[t]).toMatch(/[a-zä]{4}/);
    }
    expect(en.coop.taxPapers.nvTypes['100']).toContain('Full exemption');
    expect(de.coop.taxPapers.nvTypes['100']).toContain('Vollständige Abstandnahme');
  });

  it('parameters used in English are used in German too', () => {
    const params = (s: string) => (s.match(/%\{[^}]+\}/g) ?? []).sort();
    const get = (tree: unknown, key: string) => key.split('.').reduce<unknown>((t, p) => (t as Record<string, unknown>)[p], tree) as string;
    for (const key of leafKeys(en)) {
      expect([key, params(get(de, key))]).toEqual([key, params(get(en, key))]);
    }
  });

  it('merging German over English keeps English where German lacks a key', () => {
    const merged = deepMerge({ a: { b: 'B', c: 'C' } }, { a: { b: 'Be' } });
    expect(merged).toEqual({ a: { b: 'Be', c: 'C' } });
  });
});
