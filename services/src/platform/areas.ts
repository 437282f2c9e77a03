import type { CollectionSpec } from '@coop/contracts';
import type { Projector } from '@coop/projections';
import type { PersonalDataRules } from './event-store/personal-data.js';
import type { Upcaster } from './event-store/upcasters.js';
import type { ViewBuilders } from '@coop/projections';

/**
 * What a business area contributes to the platform. The platform imports no area: each area folder exports its
 * registration (`<area>/<area>.area.ts`), one composition list outside the platform (`services/src/areas.ts`) lists
 * them, and the entries hand that list to the platform (`openStorage`, `createApp`). Only plain data and pure
 * functions: the list is imported by the worker threads too.
 */
export interface AreaRegistration {
  readonly name: string;
  /** The area's projectors, in the order the runner applies them after those of the areas listed before it. */
  readonly projectors: readonly Projector[];
  /** Which fields of the area's event types are personal data, and whose (sealed under that subject's key). */
  readonly personalData: PersonalDataRules;
  /** How old versions of the area's event types read as the current one. */
  readonly upcasters: readonly Upcaster[];
  /** List views a read thread builds itself (`ReadModels.queryView`), by name. */
  readonly views: ViewBuilders;
}

/** The areas of the product as the platform uses them: every area's contribution, merged (`composeAreas`). */
export interface Areas {
  /**
   * The URL of the compiled module that exports these areas as `areas`. Worker threads cannot be sent functions:
   * the projection thread and the read threads import this module instead (`importAreas`).
   */
  readonly module: string;
  readonly names: readonly string[];
  readonly projectors: readonly Projector[];
  readonly collections: readonly CollectionSpec[];
  readonly personalData: PersonalDataRules;
  readonly upcasters: readonly Upcaster[];
  readonly views: ViewBuilders;
}

/** The name under which a composition module exports its `Areas`. */
export const AREAS_EXPORT = 'areas';

/**
 * Merges the registrations of `list` (in this order) into the platform's view of them. `module` is the URL of the
 * module that exports the result as `areas` (its `import.meta.url`). Refuses two areas claiming one name, event type,
 * upcaster, collection or view: each belongs to one area.
 */
export function composeAreas(module: string | URL, list: readonly AreaRegistration[]): Areas {
  const claimed = new Map<string, string>();
  const claim = (what: string, area: string): void => {
    const owner = claimed.get(what);
    if (owner !== undefined) throw new Error(`${what} is registered by two areas: ${owner} and ${area}`);
    claimed.set(what, area);
  };
  for (const area of list) {
    claim(`The area name "${area.name}"`, area.name);
    for (const type of Object.keys(area.personalData)) claim(`The personal data of ${type}`, area.name);
    for (const u of area.upcasters) claim(`The upcaster of ${u.type} from version ${u.fromVersion}`, area.name);
    for (const c of area.projectors.flatMap((p) => p.collections)) claim(`The collection "${c.name}"`, area.name);
    for (const view of Object.keys(area.views)) claim(`The view "${view}"`, area.name);
  }
  const projectors = list.flatMap((a) => a.projectors);
  return {
    module: module.toString(),
    names: list.map((a) => a.name),
    projectors,
    collections: projectors.flatMap((p) => p.collections),
    personalData: Object.assign({}, ...list.map((a) => a.personalData)) as PersonalDataRules,
    upcasters: list.flatMap((a) => a.upcasters),
    views: Object.assign({}, ...list.map((a) => a.views)) as ViewBuilders,
  };
}

function isAreas(value: unknown): value is Areas {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof Areas, unknown>>;
  return (
    typeof v.module === 'string' &&
    Array.isArray(v.projectors) &&
    Array.isArray(v.collections) &&
    Array.isArray(v.upcasters) &&
    typeof v.personalData === 'object' &&
    typeof v.views === 'object'
  );
}

/** The areas a composition module exports (in a worker thread: the module named by the API thread's `Areas.module`). */
export async function importAreas(module: string): Promise<Areas> {
  const exported = ((await import(module)) as Record<string, unknown>)[AREAS_EXPORT];
  if (!isAreas(exported)) throw new Error(`${module} exports no areas (composeAreas) as "${AREAS_EXPORT}"`);
  return exported;
}
