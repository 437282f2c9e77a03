import type { Page } from 'puppeteer-core';

/** How many of a page's latest problems a failed wait names. */
const KEPT = 12;

/**
 * Makes a failed `waitForSelector` say what the page was doing: its address, the start of its text, and its latest
 * problems (script errors, console errors, failed requests, answers of 400 and above). A wait that times out in CI,
 * where only the test output is kept, then tells a console that did not render from a list that did not load.
 */
export function explainFailedWaits(page: Page): void {
  const problems: string[] = [];
  const note = (problem: string) => {
    problems.push(`${new Date().toISOString().slice(11, 23)} ${problem.slice(0, 300)}`);
    if (problems.length > KEPT) problems.shift();
  };
  page.on('pageerror', (error) => note(`script error: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });

  const wait = page.waitForSelector.bind(page);
  page.waitForSelector = (async (selector: string, options?: Parameters<Page['waitForSelector']>[1]) => {
    try {
      return await wait(selector, options);
    } catch (error) {
      const shown = await page
        .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 400))
        .catch((e: unknown) => `(unreadable: ${e instanceof Error ? e.message : String(e)})`);
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${message}\n  at ${page.url()}\n  the page shows: ${shown || '(nothing)'}\n  its latest problems:\n    ${problems.join('\n    ') || '(none)'}`,
        { cause: error },
      );
    }
  }) as Page['waitForSelector'];
}
