import { describe, expect, it } from '@jest/globals';
import { bodyShapeFault, MAX_JSON_DEPTH } from './json-body.js';

const nested = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

describe('bodyShapeFault: what the JSON body parser refuses beyond malformed JSON', () => {
  it('accepts the bodies of our request classes', () => {
    expect(bodyShapeFault({ username: 'a', roles: ['ROLE_USER'], nested: [{ x: 1 }] })).toBeNull();
    expect(bodyShapeFault([1, 'a', null])).toBeNull();
    expect(bodyShapeFault('text')).toBeNull();
    expect(bodyShapeFault(nested(MAX_JSON_DEPTH))).toBeNull();
  });

  it('refuses a body nested deeper than the limit, at any depth without overflowing (class-transformer did: 500)', () => {
    expect(bodyShapeFault(nested(MAX_JSON_DEPTH + 1))).toBe(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect(bodyShapeFault(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toContain('nests deeper');
  });

  it('refuses a field named as a property of every object, also deep inside (a nested constructor: 500 before)', () => {
    expect(bodyShapeFault({ hasOwnProperty: {} })).toBe(
      'The request body names a field hasOwnProperty, a property of every object',
    );
    expect(bodyShapeFault({ a: [{ constructor: -1 }] })).toContain('constructor');
    expect(bodyShapeFault({ a: { toString: null } })).toContain('toString');
    expect(bodyShapeFault({ member: 'constructor', list: ['toString'] })).toBeNull();
  });
});
