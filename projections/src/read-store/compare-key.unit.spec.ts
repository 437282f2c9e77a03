import { describe, expect, it } from '@jest/globals';
import { compareKey } from './compare-key.js';

/** The key as worked out before ASCII text took its short way (issue 41): every text normalised and folded. */
function folded(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  const fold = lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .normalize('NFC');
  return `${fold}\u0001${lower}`;
}

describe('compareKey', () => {
  it('folds German text as a clerk reads a list, the lower case breaking ties', () => {
    expect(compareKey('string', 'Bäckerei')).toBe('backerei\u0001bäckerei');
    expect(compareKey('string', 'STRAßE')).toBe('strasse\u0001straße');
    expect(compareKey('string', 'Braun')).toBe('braun\u0001braun');
    expect(compareKey('string', 42)).toBe('42\u000142');
    expect(compareKey('number', 42)).toBe(42);
    expect(compareKey('string', true)).toBe(1);
    expect(compareKey('string', null)).toBeNull();
  });

  it('gives ASCII text the key the whole folding gives it', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    const texts = ['', 'Krause, Daniel', 'DE89 3704 0044 0532 0130 00', "O'Neil-Smith", ...ascii, ascii.join('')];
    for (const text of texts) expect(compareKey('string', text)).toBe(folded(text));
  });
});
