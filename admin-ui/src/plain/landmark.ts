/**
 * The landmark (main, header, footer, nav, aside) that holds `element`: where a menu or a list of choices opens, rather
 * than at the end of <body> outside every landmark (axe `region`). Its own module: the menus (`menus.tsx`) load late.
 */
export function landmarkOf(element: Element | null | undefined): HTMLElement | undefined {
  return element?.closest<HTMLElement>('main, header, footer, nav, aside') ?? undefined;
}

/**
 * The props of a MUI menu (or a select's menu) that opens in the landmark of `element()` (read when it opens), its page
 * not locked while it is open: one place for every menu of the console.
 */
export function inLandmarkOf(element: () => Element | null | undefined): {
  readonly container: () => HTMLElement | null;
  readonly disableScrollLock: true;
} {
  return { container: () => landmarkOf(element()) ?? null, disableScrollLock: true };
}
