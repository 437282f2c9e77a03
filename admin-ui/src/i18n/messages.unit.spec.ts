import { describe, expect, it } from '@jest/globals';
import {
  ANSWER_TEMPLATES,
  GENERAL_VALIDATION_TEMPLATES,
  LIMIT_TEMPLATES,
  MEMBER_VALIDATION_TEMPLATES,
  PLAUSIBILITY_TEMPLATES,
  TAX_PAPER_VALIDATION_TEMPLATES,
} from '@coop/contracts/console';
import { english, german } from './catalogues.js';
import { de } from './de.js';
import { en } from './en.js';
import { deepMerge, leafKeys } from './merge.js';

describe('console messages', () => {
  it('German and English have exactly the same keys', () => {
    expect(leafKeys(de)).toEqual(leafKeys(en));
  });

  it('no message is empty in either language', () => {
    const empty = (tree: Record<string, unknown>): string[] =>
      leafKeys(tree).filter(
        (k) => String(k.split('.').reduce<unknown>((t, p) => (t as Record<string, unknown>)[p], tree)).trim() === '',
      );
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

  // Every template the contracts list at run time (a refused input, and every other refusal: sign-in, session, role,
  // not found, conflict, server failure) has its own text in both catalogues as the console reads them (merged over
  // react-admin's), never the fallback "Invalid value (template)".
  it('every template of the contracts has its text in English and German', () => {
    const all = [
      ...GENERAL_VALIDATION_TEMPLATES,
      ...ANSWER_TEMPLATES,
      ...MEMBER_VALIDATION_TEMPLATES,
      ...TAX_PAPER_VALIDATION_TEMPLATES,
      ...PLAUSIBILITY_TEMPLATES,
      ...LIMIT_TEMPLATES,
    ];
    expect(all).toContain('invalidCredentials');
    expect(all).toContain('memberNotFound');
    expect(all).toContain('mustNotBeEmpty');
    const validation = (catalogue: unknown) =>
      (catalogue as { coop: { validation: Record<string, unknown> } }).coop.validation;
    const missing = (catalogue: unknown) =>
      all.filter((t) => typeof validation(catalogue)[t] !== 'string' || String(validation(catalogue)[t]).trim() === '');
    expect(missing(english)).toEqual([]);
    expect(missing(german)).toEqual([]);
    // German has its own text for each, not the English one merged in below it.
    expect(
      all.filter((t) => validation(de)[t] === validation(en)[t] && !/^[A-Z]{3,}/.test(String(validation(en)[t]))),
    ).toEqual([]);
  });

  it('the tax id of a person is the Steuer-ID, the number of the cooperative is its Steuernummer', () => {
    expect(de.coop.validation.invalidTaxId).toContain('Steuer-ID');
    expect(de.coop.validation.invalidTaxNumber).toContain('Steuernummer');
    expect(de.resources.members.fields.manualTaxId).toBe('Steuer-ID');
    expect(en.resources.members.fields.manualTaxId).toBe('Tax ID');
    expect(de.resources.cooperatives.fields.taxId).toBe('Steuernummer');
    expect(JSON.stringify(de.resources.members)).not.toContain('Steuernummer');
  });

  it('validation messages keep the texts of the old product', () => {
    expect(en.coop.validation.isNotEqual).toBe('Passwords are not equal');
    expect(de.coop.validation.isNotEqual).toBe('Passwörter stimmen nicht überein');
    expect(en.coop.validation.canNotTransferToSelf).toBe('You must not transfer from a member to the same member!');
    expect(en.coop.validation.selectTarget).toBe('Please select target member');
    expect(en.coop.validation.spouseNeededForJoint).toBe('Either select a spouse or change to single exemption order');
    // The API names the other order by id; the clerk reads which one in the marked row, not the id.
    expect(en.coop.validation.conflictExemptionOrder).toBe(
      'Conflict with another exemption order of this member (marked below)',
    );
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
    const get = (tree: unknown, key: string) =>
      key.split('.').reduce<unknown>((t, p) => (t as Record<string, unknown>)[p], tree) as string;
    for (const key of leafKeys(en)) {
      expect([key, params(get(de, key))]).toEqual([key, params(get(en, key))]);
    }
  });

  it('merging German over English keeps English where German lacks a key', () => {
    const merged = deepMerge({ a: { b: 'B', c: 'C' } }, { a: { b: 'Be' } });
    expect(merged).toEqual({ a: { b: 'Be', c: 'C' } });
  });
});
