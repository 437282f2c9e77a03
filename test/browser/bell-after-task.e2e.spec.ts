import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { clickElement, screenshot, signedInAt, tid, waitForPath } from './support/console.js';
import { accessibilityProblems } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * The top bar's unread count follows a task's end as the dashboard does (console walk at 1440 and 1024 px): after a
 * KiStAM task had gone on to wait for its answer file, the running-task indicator was gone within 2 s, but the bell
 * showed the old count until its next 15-second poll (and the dashboard's card its old list until the next navigation).
 * The product leaves its tasks to a worker the test starts once the console has seen the task queued: so the task
 * ends while the dashboard is open, however fast it runs.
 */

/** What the clerk sees: the running-task indicator, the bell's count ('' without one), the card's notifications. */
const shown = (page: Page): Promise<{ running: boolean; bell: string; card: number }> =>
  page.evaluate(() => ({
    running: !!document.querySelector('[data-testid="tasks-running"]'),
    bell: document.querySelector('[data-testid="notifications-unread"]')?.textContent?.trim() ?? '',
    card: document.querySelectorAll('[data-testid="dashboard-notification"]').length,
  }));

describe('the bell after a task ends', () => {
  let product: Product;
  let token: string;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Glocke eG', TASKS_RUN_IN: 'worker' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    // One member asked about, one without a tax id (a KiStAM error): the run raises notifications at its end.
    await seedMember(product, token, { manualTaxId: '47036892816' });
    await seedMember(product, token, { givenName: 'Anna', name: 'Acker', iban: 'DE02120300000000202051' });
    const elma = await product.api('/elmanumbers', {
      method: 'POST',
      token,
      body: { elmaProcess: 'km', elmaNumber: '12345678901' },
    });
    expect(elma.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  /** The newest KiStAM task's state, as the API says it. */
  const kistamState = async (): Promise<string> => {
    const res = await product.api(`/tasks?filter=${encodeURIComponent('kind:kistam')}&order_by=-queuedAt&limit=1`, {
      token,
    });
    return ((res.body as Array<{ state: string }> | null) ?? [])[0]?.state ?? '';
  };

  /** The unread notifications, as the API counts them. */
  const unreadInApi = async (): Promise<number> =>
    ((await product.api('/notifications?filter=seen:0&limit=100', { token })).body as unknown[] | null)?.length ?? 0;

  for (const [locale, width] of [
    ['en', 1440],
    ['de', 1024],
  ] as const) {
    it(`shows the new count as soon as the task's end is seen, as the dashboard does (${locale}, ${width} px)`, async () => {
      // Everything seen first: the count starts from nothing.
      const all = ((await product.api('/notifications?limit=100', { token })).body as Array<{ id: string }>) ?? [];
      await product.api('/notifications/mark-seen', { method: 'POST', token, body: { ids: all.map((n) => n.id) } });
      const page = await signedInAt(product, '/', { locale, width, password: product.adminPassword });
      await page.waitForSelector(tid('dashboard-notifications-empty'), { visible: true });
      await clickElement(page, tid('dashboard-start-kistam'));
      await waitForPath(page, (p) => p === '/dashboard/kistam', 'the KiStAM confirmation');
      await page.waitForSelector(tid('kistam-yes'), { visible: true });
      await page.click(tid('kistam-yes'));
      await waitForPath(page, (p) => p === '/', 'the dashboard again');
      // The dashboard with the task queued: the indicator, the started notice in the card and on the bell.
      await page.waitForFunction(
        () =>
          !!document.querySelector('[data-testid="tasks-running"]') &&
          document.querySelector('[data-testid="notifications-unread"]')?.textContent?.trim() === '1' &&
          document.querySelectorAll('[data-testid="dashboard-notification"]').length === 1,
      );
      await screenshot(page, `bell-task-queued-${locale}-${width}`);
      // The task runs and ends (it waits for the answer file), its notifications raised with its end.
      const stopWorker = await product.startTaskWorker();
      const deadline = Date.now() + 30_000;
      while ((await kistamState()) !== 'waiting' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await stopWorker();
      expect(await kistamState()).toBe('waiting');
      const unread = await unreadInApi();
      expect(unread).toBeGreaterThan(1);
      // Within one poll of the task list (2 s) and a request, not the bell's own 15 s: the indicator gone, the bell and
      // the dashboard's card at the API's count.
      const expected = { running: false, bell: String(unread), card: Math.min(unread, 5) };
      const seen = await page
        .waitForFunction(
          (want: { running: boolean; bell: string; card: number }) => {
            const bell = document.querySelector('[data-testid="notifications-unread"]')?.textContent?.trim() ?? '';
            const card = document.querySelectorAll('[data-testid="dashboard-notification"]').length;
            const running = !!document.querySelector('[data-testid="tasks-running"]');
            return bell === want.bell && card === want.card && running === want.running;
          },
          { timeout: 6_000, polling: 100 },
          expected,
        )
        .then(
          () => true,
          () => false,
        );
      await screenshot(page, `bell-after-task-${locale}-${width}`);
      expect(seen ? expected : await shown(page)).toEqual(expected);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.browserContext().close();
    }, 120_000);
  }
});
