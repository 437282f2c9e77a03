import { describe, expect, it } from '@jest/globals';
import { german } from './catalogues.js';
import { leafKeys } from './merge.js';

const text = (tree: unknown, key: string): string =>
  String(key.split('.').reduce<unknown>((t, p) => (t as Record<string, unknown>)[p], tree));

describe('German console texts', () => {
  it('address the clerk formally ("Sie"), also in react-admin\'s own messages', () => {
    expect(text(german, 'ra.message.invalid_form')).toBe(
      'Das Formular ist ungültig. Bitte überprüfen Sie Ihre Eingaben.',
    );
    expect(text(german, 'ra.message.are_you_sure')).toBe('Sind Sie sicher?');
    const informal = leafKeys(german as unknown as Record<string, unknown>).filter((key) =>
      /\b(du|dich|dir|dein|deine|deinen|bist|hast|willst)\b/i.test(text(german, key)),
    );
    expect(informal).toEqual([]);
  });

  it('name a table\'s rows "Zeilen" (issue 43), not react-admin\'s "Reihen"', () => {
    expect(text(german, 'ra.navigation.page_rows_per_page')).toBe('Zeilen pro Seite:');
    expect(
      leafKeys(german as unknown as Record<string, unknown>).filter((key) => /Reihen/.test(text(german, key))),
    ).toEqual([]);
  });
});
