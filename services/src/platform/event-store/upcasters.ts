/**
 * The schema version every event is written with today. An area that changes the shape of one of its event types
 * registers an upcaster from the old version (AreaRegistration.upcasters), so old events read as the current one.
 */
export const SCHEMA_VERSION = 1;

/** Turns the data of an old event schema version into the next version's data. */
export interface Upcaster {
  readonly type: string;
  readonly fromVersion: number;
  upcast(data: Record<string, unknown>): Record<string, unknown>;
}

/** Applies upcasters in a chain until the event reaches the newest version known. */
export class Upcasters {
  private readonly byKey = new Map<string, Upcaster>();

  constructor(upcasters: readonly Upcaster[]) {
    for (const u of upcasters) this.byKey.set(`${u.type}@${u.fromVersion}`, u);
  }

  apply(type: string, version: number, data: object): { data: object; version: number } {
    let current = data as Record<string, unknown>;
    let v = version;
    for (let u = this.byKey.get(`${type}@${v}`); u; u = this.byKey.get(`${type}@${v}`)) {
      current = u.upcast(current);
      v += 1;
    }
    return { data: current, version: v };
  }
}
