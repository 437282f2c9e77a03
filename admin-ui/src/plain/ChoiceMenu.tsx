import { lazy, Suspense } from 'react';
import type { MenuChoice } from './menus';

export type { MenuChoice } from './menus';

/** MUI's menu, loaded when a menu is first opened (`menus.tsx`, issue 43); starting it early saves the wait. */
export const loadMenus = () => import('./menus');
const ChoiceMenuList = lazy(loadMenus);

/** For a menu's button (`onPointerEnter`, `onFocus`): the menu's code starts loading before the click. */
export function preloadMenus(): void {
  loadMenus().catch(() => undefined);
}

/**
 * The menu of a one-of-several choice drawn as a plain button (the language, the rows per page): MUI's menu as a
 * listbox, built only while open (`anchor` set), marking the current choice. Choosing closes it and calls `onChoose`
 * only when the choice changes. Its code comes with the first opening (or `loadMenus` when the pointer reaches the
 * button), not with the first screen.
 */
export function ChoiceMenu<T>({
  anchor,
  onClose,
  choices,
  current,
  onChoose,
  listLabel,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  choices: readonly MenuChoice<T>[];
  current: T;
  onChoose: (value: T) => void;
  /** How the listbox is named: `aria-label` or `aria-labelledby`. */
  listLabel: { readonly 'aria-label': string } | { readonly 'aria-labelledby': string };
}) {
  if (!anchor) return null;
  return (
    <Suspense fallback={null}>
      <ChoiceMenuList
        anchor={anchor}
        onClose={onClose}
        choices={choices as readonly MenuChoice<unknown>[]}
        current={current}
        onChoose={onChoose as (value: unknown) => void}
        listLabel={listLabel}
      />
    </Suspense>
  );
}
