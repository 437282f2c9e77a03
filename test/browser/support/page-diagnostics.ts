import type { HTTPRequest, Page } from 'puppeteer-core';

/** How many of a page's latest problems a failed wait names. */
const KEPT = 12;

/**
 * Makes a failed `waitForSelector` or `waitForFunction` say what the page was doing: its address, the start of its
 * text, the requests still open (and for how long), and its latest problems (script errors, console errors, failed
 * requests, answers of 400 and above). A wait that times out in CI, where only the test output is kept, then tells a
 * console that did not render from a list that did not load or a request that hangs.
 */
export function explainFailedWaits(page: Page): void {
  const problems: string[] = [];
  const open = new Map<HTTPRequest, number>();
  const note = (problem: string) => {
    problems.push(`${new Date().toISOString().slice(11, 23)} ${problem.slice(0, 300)}`);
    if (problems.length > KEPT) problems.shift();
  };
  page.on('request', (request) => open.set(request, Date.now()));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('pageerror', (error) => note(`script error: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    open.delete(request);
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });

  const explained = async (error: unknown): Promise<Error> => {
    const shown = await page
      .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 400))
      .catch((e: unknown) => `(unreadable: ${e instanceof Error ? e.message : String(e)})`);
    const now = Date.now();
    const pending = [...open].map(([r, since]) => `${r.method()} ${r.url()} (open ${now - since} ms)`).slice(-KEPT);
    const message = error instanceof Error ? error.message : String(error);
    return new Error(
      `${message}\n  at ${page.url()}\n  the page shows: ${shown || '(nothing)'}\n  requests still open:\n    ${pending.join('\n    ') || '(none)'}` +
        `\n  its latest problems:\n    ${problems.join('\n    ') || '(none)'}`,
      { cause: error },
    );
  };

  /** `wait`, whose failure carries the explanation above. */
  const explaining =
    <A extends unknown[], R>(wait: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await wait(...args);
      } catch (error) {
        throw await explained(error);
      }
    };
  page.waitForSelector = explaining(page.waitForSelector.bind(page)) as Page['waitForSelector'];
  page.waitForFunction = explaining(page.waitForFunction.bind(page)) as Page['waitForFunction'];
}
