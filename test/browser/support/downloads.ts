import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';

/**
 * Clicks `selector` and waits for the file the browser downloads into `dir` (set up with Browser.setDownloadBehavior):
 * its name and bytes. Chrome overwrites a file of the same name, so a changed time counts as new too. Without a file
 * within 30 s it fails and says what the page showed (alerts, snackbars, the exports' messages).
 */
export async function downloaded(page: Page, dir: string, selector: string): Promise<{ name: string; bytes: Buffer }> {
  const stamp = async (f: string) => (await stat(join(dir, f))).mtimeMs;
  const before = new Map(await Promise.all((await readdir(dir)).map(async (f) => [f, await stamp(f)] as const)));
  await page.click(selector);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const fresh: string[] = [];
    for (const f of await readdir(dir))
      if (!f.endsWith('.crdownload') && before.get(f) !== (await stamp(f).catch(() => -1))) fresh.push(f);
    if (fresh.length > 0) {
      // Chrome renames the partial file when it is complete: give it a moment to be written through.
      await new Promise((r) => setTimeout(r, 200));
      return { name: fresh[0]!, bytes: await readFile(join(dir, fresh[0]!)) };
    }
    if (Date.now() > deadline) {
      const shown = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role="alert"], .MuiSnackbar-root, [data-testid^="export-"]'))
          .map((el) => (el as HTMLElement).innerText)
          .join(' | '),
      );
      throw new Error(
        `no download after clicking ${selector}; files: ${[...before.keys()].join(', ')}; shown: ${shown}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
