import { describe, expect, it } from '@jest/globals';
import { english } from './catalogue.en.js';
import { german } from './catalogue.de.js';
import { leafKeys } from './merge.js';

// Each language is its own file, loaded alone (decision 227): the German catalogue no longer sits on the English one,
// so a key only the English catalogue had would show as its key in German.
describe('the catalogues loaded one at a time', () => {
  it('the German catalogue alone has every key of the English one', () => {
    const germanKeys = new Set(leafKeys(german as unknown as Record<string, unknown>));
    expect(leafKeys(english as unknown as Record<string, unknown>).filter((key) => !germanKeys.has(key))).toEqual([]);
  });
});
