import type { Page } from 'puppeteer-core';

/**
 * How a table fits its region at the page's width: the sideways overflow of the region, whether the element `action`
 * lies within it, and whether the element `file` stays on one line (with its title).
 */
export function tableFit(
  page: Page,
  ids: { readonly table: string; readonly action: string; readonly file: string },
): Promise<{ overflow: number; actionVisible: boolean; fileOneLine: boolean; title: string }> {
  return page.evaluate(({ table, action, file }) => {
    const region = (document.querySelector(`[data-testid="${table}"]`) as HTMLElement).parentElement as HTMLElement;
    const button = (document.querySelector(`[data-testid="${action}"]`) as HTMLElement).getBoundingClientRect();
    const name = document.querySelector(`[data-testid="${file}"]`) as HTMLElement;
    return {
      overflow: region.scrollWidth - region.clientWidth,
      actionVisible: button.right <= region.getBoundingClientRect().right,
      fileOneLine: name.getBoundingClientRect().height < 40,
      title: name.title,
    };
  }, ids);
}
