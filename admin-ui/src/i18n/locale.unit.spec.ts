import { describe, expect, it } from '@jest/globals';
import { browserLocale } from './locale';

describe('the console language before any choice (issue 43)', () => {
  it('is the first of the browser’s languages the console has, by its primary tag', () => {
    expect(browserLocale(['de-DE', 'de', 'en-US'])).toBe('de');
    expect(browserLocale(['de-AT'])).toBe('de');
    expect(browserLocale(['fr-FR', 'de-CH', 'en'])).toBe('de');
    expect(browserLocale(['en-GB', 'de'])).toBe('en');
  });

  it('is English when the browser names none of them', () => {
    expect(browserLocale([])).toBe('en');
    expect(browserLocale(['fr-FR', 'tr'])).toBe('en');
  });
});
