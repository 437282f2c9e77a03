import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chooseLanguage, screenshot, signIn, tid, waitForPath } from './support/console.js';
import { CHROME_ARGS, startProduct, type Product } from './support/product.js';
import { setUpCooperative, seedMember } from './support/seed.js';

/*
 * Refusals that explain themselves (issue 43): annulling a posting that would leave less than the minimum holding is
 * refused by the API on `annulPeer`, a field the annulment form does not show; the console showed only "Das Formular
 * ist ungültig". It now shows the rule itself.
 */

async function waitForDialog(page: Page): Promise<void> {
  await page.waitForSelector(tid('confirm-dialog'), { visible: true });
  await page.waitForFunction(() => {
    const container = document.querySelector('[data-testid="confirm-dialog"] .MuiDialog-container');
    return !!container && getComputedStyle(container).opacity === '1';
  });
}

describe('a refused annulment', () => {
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

  it('below the minimum holding names the rule, not "Das Formular ist ungültig"', async () => {
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token, { minimumShares: 1 });
    const member = await seedMember(product, token, { shareAmount: 1 });
    const more = await product.api('/balances', {
      method: 'POST',
      token,
      body: {
        member,
        type: 1,
        quantity: 1,
        date: '2021-01-04',
        approvalDate: '2021-01-04',
        interestBegin: '2021-01-04',
      },
    });
    expect(more.status).toBeLessThan(300);
    const postingId = (more.body as { id: string }).id;
    // The cooperative raises its minimum to three shares: taking back the second share would leave one.
    await setUpCooperative(product, token, { minimumShares: 3 });

    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'load' });
    await chooseLanguage(page, 'de');
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/balances/new/type/5/peer/${encodeURIComponent(postingId)}`, {
      waitUntil: 'load',
    });
    await page.waitForSelector(tid('save'), { visible: true });
    await page.click(tid('save'));
    await waitForDialog(page);
    await page.click(tid('confirm-ok'));
    const shown = await page.waitForFunction(
      () => {
        const texts = Array.from(document.querySelectorAll('.MuiSnackbar-root, [role="alert"]')).map(
          (e) => e.textContent ?? '',
        );
        return (
          texts.find((t) => t.includes('verbleiben') || t.includes('ungültig') || t.includes('markierten')) ?? false
        );
      },
      { timeout: 20_000 },
    );
    const text = String(await shown.jsonValue());
    await screenshot(page, 'refusal-annul-minimum-de');
    expect(text).toContain('Nach der Buchung müssen mindestens');
    expect(text).not.toContain('Das Formular ist ungültig');
    expect(where(page)).toContain('/balances/new/type/5/peer/');
    await page.close();
  }, 120_000);
});

function where(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
