import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chooseLanguage, screenshot, signIn, tid, waitForPath, waitForText } from './support/console.js';
import { CHROME_ARGS, startProduct, type Product } from './support/product.js';
import { setUpCooperative } from './support/seed.js';

/*
 * A new cooperative shows what must be set up first (issue 43): the dashboard lists each missing setting with a link to
 * where it is set, instead of "not set" scattered over its cards; a step done disappears, and with none open the list
 * is gone.
 */

async function openSteps(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid^="setup-link-"]', (links) =>
    links.map((a) => a.getAttribute('data-testid')!.replace('setup-link-', '')),
  );
}

async function dashboard(page: Page, product: Product): Promise<void> {
  await page.goto(`${product.baseUrl}/`, { waitUntil: 'load' });
  await page.waitForSelector(tid('dashboard-cooperative-card'), { visible: true });
}

/** Waits until the checklist lists exactly `steps` (none: the cooperative card shows its tax number and no checklist). */
async function waitForSteps(page: Page, steps: readonly string[]): Promise<void> {
  if (steps.length === 0) {
    await page.waitForFunction(
      () => document.querySelector('[data-testid="cooperative-taxId"]')?.textContent === '1121081508150',
    );
    // The approval numbers answer beside the cooperative; a checklist would show within a moment.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await page.$(tid('setup-checklist'))).toBeNull();
    return;
  }
  await page.waitForFunction(
    (want: string) =>
      JSON.stringify(
        Array.from(document.querySelectorAll('[data-testid^="setup-link-"]')).map((a) =>
          a.getAttribute('data-testid')!.replace('setup-link-', ''),
        ),
      ) === want,
    {},
    JSON.stringify(steps),
  );
}

describe('setup checklist on the dashboard of a new cooperative', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROME_ARGS,
      defaultViewport: { width: 1366, height: 860 },
    });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('says on the cooperative card what is missing and where it is entered, not "not set" (issue 43)', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'load' });
    await chooseLanguage(page, 'en');
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector(tid('cooperative-taxId-missing'), { visible: true });
    const card = await page.$eval(tid('dashboard-cooperative-card'), (el) => el.textContent ?? '');
    expect(card).not.toMatch(/not set/i);
    await waitForText(page, tid('cooperative-taxId-missing'), 'Missing – enter it under “Master data”');
    await waitForText(page, tid('cooperative-balanceCost-missing'), 'Missing – enter it under “Shares”');
    await screenshot(page, 'cooperative-card-missing-en');
    // The link leads to the form with that very field focused.
    await page.click(tid('cooperative-taxId-missing'));
    await waitForPath(page, (p) => p === '/cooperative?field=taxId', 'the cooperative form at the tax number');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'cooperative-taxId');
    await page.close();
  }, 60_000);

  it('lists the missing settings with links, and each disappears once it is set', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'load' });
    await chooseLanguage(page, 'de');
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector(tid('setup-checklist'), { visible: true });
    await waitForText(page, '#setup-checklist-title', 'Zuerst die Genossenschaft einrichten');
    expect(await openSteps(page)).toEqual(
      expect.arrayContaining(['balanceCost', 'bankAccount', 'taxId', 'taxOffice', 'elmaNumberFs', 'elmaNumberKm']),
    );
    await waitForText(page, tid('setup-link-balanceCost'), 'Preis eines Geschäftsanteils');
    await screenshot(page, 'setup-checklist-de');

    // Each link leads to where the setting is made.
    await page.click(tid('setup-link-balanceCost'));
    await waitForPath(page, (p) => p === '/cooperative', 'the cooperative form');
    await page.waitForSelector(tid('cooperative-balanceCost'), { visible: true });
    await dashboard(page, product);
    await page.waitForSelector(tid('setup-link-elmaNumberKm'), { visible: true });
    await page.click(tid('setup-link-elmaNumberKm'));
    await waitForPath(page, (p) => p === '/elma-number/new', 'a new approval number');

    // The cooperative's data and the church-tax approval number set: only the FSA approval number is left.
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    const km = await product.api('/elmanumbers', {
      method: 'POST',
      token,
      body: { elmaProcess: 'km', elmaNumber: '12345678901' },
    });
    expect(km.status).toBeLessThan(300);
    await dashboard(page, product);
    await waitForSteps(page, ['elmaNumberFs']);
    expect(await openSteps(page)).toEqual(['elmaNumberFs']);

    // Everything set: no checklist.
    const fs = await product.api('/elmanumbers', {
      method: 'POST',
      token,
      body: { elmaProcess: 'fs', elmaNumber: '31234567' },
    });
    expect(fs.status).toBeLessThan(300);
    await dashboard(page, product);
    await waitForSteps(page, []);
    await page.close();
  }, 120_000);
});
