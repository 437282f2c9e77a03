/**
 * The landmark (main, header, footer, nav, aside) that holds `element`: where a menu or a list of choices opens, rather
 * than at the end of <body> outside every landmark (axe `region`). Its own module: the menus (`menus.tsx`) load late.
 */
export function landmarkOf(element: Element | null | undefined): HTMLElement | undefined {
  return element?.closest<HTMLElement>('main, header, footer, nav, aside') ?? undefined;
}
