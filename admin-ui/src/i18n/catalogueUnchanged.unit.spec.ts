import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { english, german } from './catalogues.js';

/**
 * The catalogues as the console read them before their texts moved beside the resources (issue 44, decision 245):
 * every text of both merged catalogues (react-admin's under the product's), written once from main at fe841b0.
 * Moving a text to another file must change none of them.
 */
const stored = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'catalogue-before-split.json'), 'utf8')) as {
  readonly en: Readonly<Record<string, string>>;
  readonly de: Readonly<Record<string, string>>;
};

type Tree = { readonly [key: string]: unknown };

/** Every leaf of a message tree by its dotted key. */
function texts(tree: Tree, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) texts(value as Tree, `${prefix}${key}.`, out);
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

/** What differs from the stored catalogue, one line per key: added, missing or changed. */
function differences(catalogue: unknown, before: Readonly<Record<string, string>>): string[] {
  const now = texts(catalogue as Tree);
  const keys = [...new Set([...Object.keys(now), ...Object.keys(before)])].sort();
  return keys.flatMap((key) => {
    if (!(key in before)) return [`added ${key}: ${JSON.stringify(now[key])}`];
    if (!(key in now)) return [`missing ${key}: ${JSON.stringify(before[key])}`];
    return now[key] === before[key] ? [] : [`changed ${key}: ${JSON.stringify(before[key])} -> ${JSON.stringify(now[key])}`];
  });
}

describe('the catalogues after the texts moved beside their resources', () => {
  it('English is key for key and text for text the catalogue of before', () => {
    expect(Object.keys(stored.en).length).toBeGreaterThan(1700);
    expect(differences(english, stored.en)).toEqual([]);
  });

  it('German is key for key and text for text the catalogue of before', () => {
    expect(Object.keys(stored.de).length).toBeGreaterThan(1700);
    expect(differences(german, stored.de)).toEqual([]);
  });

  it('names a changed, an added and a missing text', () => {
    expect(differences({ a: { b: 'B', c: 'C2', d: 'D' } }, { 'a.b': 'B', 'a.c': 'C', 'a.e': 'E' })).toEqual([
      'changed a.c: "C" -> "C2"',
      'added a.d: "D"',
      'missing a.e: "E"',
    ]);
  });
});
