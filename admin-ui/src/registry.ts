import type { Permission } from '@coop/contracts/console';
import { lazy, type ComponentType } from 'react';
import type { en } from './i18n/en';
import type { IconName } from './plain/icons';
import type { Claims } from './session/session';

/** A key of `coop.title.*` (the page title of a screen). */
export type TitleKey = `coop.title.${keyof typeof en.coop.title}`;
/** A key of `coop.menu.*` (the label of a menu entry). */
export type MenuLabelKey = `coop.menu.${keyof typeof en.coop.menu}`;

/**
 * A screen loaded on demand: `load` starts its module's download (the preload before React renders), `Component`
 * is the `React.lazy` wrapper the route renders. The build bundles the screens with the shell (vite.config.ts,
 * decision 26); the structure keeps a split build possible.
 */
export interface LazyScreen {
  readonly load: () => Promise<unknown>;
  readonly Component: ComponentType;
}

/** A screen from its module: the default export, or the export `pick` chooses. */
export function lazyScreen<M extends { readonly default: ComponentType }>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType = (module) => module.default,
): LazyScreen {
  return { load, Component: lazy(() => load().then((module) => ({ default: pick(module) }))) };
}

/** One route of the console (SPEC 2): a react-router path and the screen it shows to a signed-in clerk. */
export interface ScreenRoute {
  /** react-router path pattern, e.g. `/members/:id`. */
  readonly path: string;
  readonly screen: LazyScreen;
  /** Only a clerk whose roles grant the permission (the one matrix, `contracts/src/permissions.ts`) opens it; others see "Access denied". */
  readonly permission?: Permission;
  /** The page title, fixed or chosen by the path's parameters (`/users/new` is "New user"). */
  readonly title: TitleKey | ((params: Readonly<Record<string, string | undefined>>) => TitleKey);
  /**
   * Requests the screen makes first, started before React renders (`main.tsx`) for a signed-in clerk, so the
   * answer travels while the shell renders (`api()` takes it once).
   */
  readonly prefetch?: (session: Claims) => void;
}

/** A top-menu entry (SPEC 2, 9); shown only to signed-in clerks whose roles grant `permission`. */
export interface MenuEntry {
  readonly path: string;
  readonly label: MenuLabelKey;
  /** The spec's menu position; entries of equal order keep the order of the resource list. */
  readonly order: number;
  readonly icon: IconName;
  readonly permission?: Permission;
  readonly testId: string;
  /** Further path prefixes that belong to the entry (highlighted there too). */
  readonly also?: readonly string[];
}

/**
 * A business resource of the console, exported by its folder's `index.ts`: its routes (first match wins for the
 * title and the preload, so a fixed path comes before a parameter at the same place) and its menu entry.
 */
export interface ConsoleResource {
  readonly name: string;
  readonly routes: readonly ScreenRoute[];
  readonly menu?: MenuEntry;
}
