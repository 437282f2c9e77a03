import { describe, expect, it } from '@jest/globals';
import type { CollectionSpec } from '@coop/contracts';
import { normaliseSearch, numberFirst, searchText, searchWords } from './search-text.js';

const members: CollectionSpec = {
  name: 'members',
  fields: { memberNr: 'number', name: 'string', status: 'string' },
  search: ['name', 'givenName', 'memberNr', 'iban'],
  searchNumber: 'memberNr',
};

describe('search text normal form', () => {
  it('lower-cases and writes ä, ö, ü, ß as ae, oe, ue, ss, composed or not', () => {
    expect(normaliseSearch('  Müller ')).toBe('mueller');
    expect(normaliseSearch('MUELLER')).toBe('mueller');
    expect(normaliseSearch('Straße')).toBe('strasse');
    expect(normaliseSearch('STRASSE')).toBe('strasse');
    expect(normaliseSearch('ÄÖÜ äöü')).toBe('aeoeue aeoeue');
    expect(normaliseSearch('Mu\u0308ller')).toBe('mueller'); // u + combining diaeresis
    expect(normaliseSearch('Jérôme')).toBe('jérôme'); // other accents stay
  });

  it("is the form German lower case gives: the same as toLocaleLowerCase('de-DE') for every code point", () => {
    // normaliseSearch lower-cases without the locale (about 50 times faster, issue 41): German has no case tailoring.
    const old = (text: string): string =>
      text
        .normalize('NFC')
        .toLocaleLowerCase('de-DE')
        .replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c]!)
        .trim();
    const differ: string[] = [];
    // Every code point, 32 to a text, each alone and before a capital sigma (lower-cased by what follows it).
    for (let from = 0; from <= 0x10ffff; from += 32) {
      const chars: string[] = [];
      for (let cp = from; cp < from + 32 && cp <= 0x10ffff; cp++)
        if (cp < 0xd800 || cp > 0xdfff) chars.push(String.fromCodePoint(cp));
      for (const text of [chars.join(' '), chars.map((c) => `A${c}Σ`).join(' ')])
        if (normaliseSearch(text) !== old(text)) differ.push(from.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it("joins a document's search fields in normal form, numbers as digits, missing fields left out", () => {
    expect(
      searchText(members, {
        id: 'm1',
        cooperativeId: 'c',
        position: '1',
        name: 'Krause',
        givenName: 'Jürgen',
        memberNr: 302,
        iban: 'DE89370400440532013000',
      }),
    ).toBe('krause\u0001juergen\u0001302\u0001de89370400440532013000');
    expect(
      searchText(members, { id: 'm2', cooperativeId: 'c', position: '1', name: 'Bio GmbH', givenName: null }),
    ).toBe('bio gmbh');
  });
});

describe('search words', () => {
  it('splits at spaces and commas, in normal form, without repeats or words inside others', () => {
    expect(searchWords('Krause, Daniel')).toEqual(['krause', 'daniel']);
    expect(searchWords('daniel   krause')).toEqual(['daniel', 'krause']);
    expect(searchWords('Kraus,Brig')).toEqual(['kraus', 'brig']);
    expect(searchWords('302 Krause, Daniel')).toEqual(['302', 'krause', 'daniel']);
    expect(searchWords('Müller mueller')).toEqual(['mueller']);
    expect(searchWords('an anna')).toEqual(['anna']);
    expect(searchWords(' , ')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('100% bio_markt')).toEqual(['100%', 'bio_markt']);
  });

  it('reads an IBAN typed in groups as one word', () => {
    expect(searchWords('DE89 3704 0044 0532 0130 00')).toEqual(['de89370400440532013000']);
    expect(searchWords('de02 1203')).toEqual(['de021203']);
    expect(searchWords('DE89370400440532013000')).toEqual(['de89370400440532013000']);
    // Not an IBAN: words.
    expect(searchWords('Bonn 53111')).toEqual(['bonn', '53111']);
    expect(searchWords('302 1302')).toEqual(['1302']);
  });
});

describe('number first', () => {
  it("asks for the number's documents, then the others for what the page has left", () => {
    const first = numberFirst(members, {
      cooperativeId: 'c',
      search: ' 302 ',
      filters: [{ field: 'status', op: 'eq', value: 'active' }],
      offset: 0,
      limit: 20,
    })!;
    expect(first.exact.filters).toEqual([
      { field: 'status', op: 'eq', value: 'active' },
      { field: 'memberNr', op: 'eq', value: 302 },
    ]);
    expect(first.rest(1, 1)).toMatchObject({
      offset: 0,
      limit: 19,
      filters: [
        { field: 'status', op: 'eq', value: 'active' },
        { field: 'memberNr', op: 'ne', value: 302 },
      ],
    });
    const second = numberFirst(members, { cooperativeId: 'c', search: '302', offset: 20, limit: 20 })!;
    expect(second.rest(1, 0)).toMatchObject({ offset: 19, limit: 20 });
    expect(numberFirst(members, { cooperativeId: 'c', search: '302' })!.rest(1, 1)).toMatchObject({
      offset: 0,
      limit: -1,
    });
  });

  it('is not asked for words, several numbers, or a collection without a number field', () => {
    expect(numberFirst(members, { cooperativeId: 'c', search: '302 krause' })).toBeUndefined();
    expect(numberFirst(members, { cooperativeId: 'c', search: 'krause' })).toBeUndefined();
    expect(numberFirst(members, { cooperativeId: 'c', search: '' })).toBeUndefined();
    expect(numberFirst({ ...members, searchNumber: undefined }, { cooperativeId: 'c', search: '302' })).toBeUndefined();
  });
});
