import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { areas } from '../../services/src/areas.js';
import { Upcasters } from '../../services/src/platform/event-store/upcasters.js';

/**
 * Events written by older versions (issue 28, "Soak and upgrades"): every upcaster an area registers is shown working
 * on an event as the older version wrote it (`fixtures/older-events.json`), and none may be registered without one.
 * Today no area registers an upcaster (every event type is at schema version 1); the first one to come must bring its
 * fixture event, or this test fails.
 */
interface OlderEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Record<string, unknown>;
  /** The data as today's version reads it, and the version it reaches. */
  readonly today: { readonly data: Record<string, unknown>; readonly schemaVersion: number };
}

const fixture = JSON.parse(readFileSync(new URL('fixtures/older-events.json', import.meta.url), 'utf8')) as {
  events: OlderEvent[];
};

/** Which upcasters the areas register, as `type@fromVersion`, and the ones the fixture events cover. */
function uncovered(
  registered: readonly { type: string; fromVersion: number }[],
  events: readonly OlderEvent[],
): string[] {
  const chains = new Upcasters(registered.map((u) => ({ ...u, upcast: (d: Record<string, unknown>) => d })));
  const covered = new Set<string>();
  for (const e of events) {
    // An event of version v passes through every upcaster from v up to the newest version of its type.
    for (let v = e.schemaVersion; v < chains.apply(e.type, e.schemaVersion, {}).version; v++)
      covered.add(`${e.type}@${v}`);
  }
  return registered.map((u) => `${u.type}@${u.fromVersion}`).filter((key) => !covered.has(key));
}

describe('events written by older versions', () => {
  const upcasters = new Upcasters(areas.upcasters);

  it('has an older event for every upcaster the areas register', () => {
    expect(uncovered(areas.upcasters, fixture.events)).toEqual([]);
  });

  it('reads every older event through its upcasters as today writes it', () => {
    for (const e of fixture.events) {
      const read = upcasters.apply(e.type, e.schemaVersion, structuredClone(e.data));
      expect({ type: e.type, ...read }).toEqual({ type: e.type, data: e.today.data, version: e.today.schemaVersion });
    }
  });

  it('counts an upcaster without an older event as uncovered (the guard can fail)', () => {
    const registered = [
      { type: 'MemberCreated', fromVersion: 1 },
      { type: 'MemberCreated', fromVersion: 2 },
      { type: 'UserCreated', fromVersion: 1 },
    ];
    const v1: OlderEvent = { type: 'MemberCreated', schemaVersion: 1, data: {}, today: { data: {}, schemaVersion: 3 } };
    expect(uncovered(registered, [])).toEqual(['MemberCreated@1', 'MemberCreated@2', 'UserCreated@1']);
    expect(uncovered(registered, [v1])).toEqual(['UserCreated@1']);
  });
});
