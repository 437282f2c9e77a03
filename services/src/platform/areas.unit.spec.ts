import { describe, expect, it } from '@jest/globals';
import type { CollectionSpec } from '@coop/contracts';
import type { Projector } from '@coop/projections';
import { composeAreas, importAreas, type AreaRegistration } from './areas.js';

const collection = (name: string): CollectionSpec => ({ name, fields: {}, search: [] });
const projector = (...names: string[]): Projector => ({
  collections: names.map(collection),
  keys: () => [],
  project: () => [],
});
const subject = (d: Record<string, unknown>): string => `thing-${String(d.id)}`;

const things: AreaRegistration = {
  name: 'things',
  projectors: [projector('things', 'thing_parts')],
  personalData: { ThingMade: { subject, fields: ['owner'] } },
  upcasters: [{ type: 'ThingMade', fromVersion: 1, upcast: (d) => d }],
  views: { thing: (doc) => ({ id: doc.id }) },
};
const stuff: AreaRegistration = {
  name: 'stuff',
  projectors: [projector('stuff')],
  personalData: { StuffBought: { subject, fields: ['buyer', 'address'] } },
  upcasters: [],
  views: { stuff: (doc, args) => ({ id: doc.id, on: args.date }) },
};

describe('composeAreas', () => {
  it("merges the areas' projectors in their order, their collections, personal data, upcasters and views", () => {
    const areas = composeAreas('file:///app/areas.js', [things, stuff]);
    expect(areas.module).toBe('file:///app/areas.js');
    expect(areas.names).toEqual(['things', 'stuff']);
    expect(areas.projectors).toEqual([...things.projectors, ...stuff.projectors]);
    expect(areas.collections.map((c) => c.name)).toEqual(['things', 'thing_parts', 'stuff']);
    expect(Object.keys(areas.personalData)).toEqual(['ThingMade', 'StuffBought']);
    expect(areas.personalData.StuffBought?.fields).toEqual(['buyer', 'address']);
    expect(areas.upcasters).toEqual(things.upcasters);
    expect(areas.views.stuff?.({ id: 's-1', cooperativeId: 'c', position: '1' }, { date: '2026-01-01' })).toEqual({
      id: 's-1',
      on: '2026-01-01',
    });
  });

  it('takes the URL of the composition module', () => {
    expect(composeAreas(new URL('file:///app/dist/areas.js'), []).module).toBe('file:///app/dist/areas.js');
  });

  it.each([
    [
      'an area name',
      { ...stuff, name: 'things' },
      'The area name "things" is registered by two areas: things and things',
    ],
    [
      'the personal data of an event type',
      { ...stuff, personalData: { ThingMade: { subject, fields: ['x'] } } },
      'The personal data of ThingMade is registered by two areas: things and stuff',
    ],
    [
      'an upcaster',
      { ...stuff, upcasters: [{ type: 'ThingMade', fromVersion: 1, upcast: (d: Record<string, unknown>) => d }] },
      'The upcaster of ThingMade from version 1 is registered by two areas: things and stuff',
    ],
    [
      'a collection',
      { ...stuff, projectors: [projector('thing_parts')] },
      'The collection "thing_parts" is registered by two areas: things and stuff',
    ],
    [
      'a view',
      { ...stuff, views: { thing: () => null } },
      'The view "thing" is registered by two areas: things and stuff',
    ],
  ])('refuses %s claimed by two areas', (_what, other, message) => {
    expect(() => composeAreas('file:///app/areas.js', [things, other])).toThrow(message);
  });
});

describe('importAreas', () => {
  it('refuses a module that exports no areas', async () => {
    const module = new URL('./testing/no-areas.mjs', import.meta.url).href;
    await expect(importAreas(module)).rejects.toThrow(`${module} exports no areas (composeAreas) as "areas"`);
  });
});
