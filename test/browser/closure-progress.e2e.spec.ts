import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { accessibilityProblems } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';
import { businessYear } from './support/dates.js';

/**
 * Issue 40, decision 199: the year's closure runs as the task `dividendClosure`, and its progress (members written of
 * the closure's) shows as a bar while it runs: on the confirmation screen while Yes waits, on the closures screen of the
 * closure shown closing, and in the task list. The closure is held after its second step by the test-only switch
 * `COOP_TEST_PAUSE_AT` (steps of one event: the declaration, then one member each), never by timing.
 */

const year = businessYear() - 1;

describe('the closure’s progress in the console', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct({
      COOPERATIVE_NAME: 'Test eG',
      CLOSURE_CHUNK_EVENTS: '1',
      COOP_TEST_PAUSE_AT: 'closure:step-2',
    });
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    await seedMember(product, token);
    await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      givenName: 'Anna',
      name: 'Acker',
      iban: 'DE02120300000000202051',
    });
    await seedMember(product, token, { givenName: 'Carl', name: 'Cramer', iban: 'DE12500105170648489890' });
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('shows the progress bar on the confirmation screen, the closures screen and the task list', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/dividend/annualClosure?year=${year}&type=percent&amount=4`);
    await page.waitForFunction(() => {
      const yes = document.querySelector('[data-testid="annual-closure-yes"]') as HTMLButtonElement | null;
      return yes !== null && !yes.disabled;
    });
    await page.click(tid('annual-closure-yes'));

    // Held after its second step: the declaration and the first of three members written.
    const bar = `${tid('dividend-closure-progress')}[data-done="1"][data-total="3"]`;
    await page.waitForSelector(bar, { visible: true, timeout: 60_000 });
    expect(await textOf(page, tid('dividend-closure-progress-text'))).toBe('Closing the year: 1 of 3 members written');
    expect(
      await page.$eval(`${bar} [role="progressbar"]`, (el) => [
        el.getAttribute('aria-valuenow'),
        el.getAttribute('aria-label'),
      ]),
    ).toEqual(['33', 'Closing the year: 1 of 3 members written']);
    expect(await accessibilityProblems(page)).toEqual([]);

    // The closures screen opens the closure shown closing, with the same bar.
    await page.goto(`${product.baseUrl}/dividend/closures`);
    await waitForPath(page, (p) => /^\/dividend\/closures\/[^/]+$/.test(p), 'the closure');
    await waitForText(page, tid('dividend-closure-status'), 'Closing');
    await page.waitForSelector(bar, { visible: true, timeout: 60_000 });
    expect(await accessibilityProblems(page)).toEqual([]);

    // The task list: the closure's task with its progress.
    await page.goto(`${product.baseUrl}/tasks`);
    await waitForText(page, tid('task-progress-text'), '1 of 3');
    expect(
      await page.$eval(`${tid('task-progress')} [role="progressbar"]`, (el) => el.getAttribute('aria-valuenow')),
    ).toBe('33');
    await page.close();
  }, 180_000);
});
