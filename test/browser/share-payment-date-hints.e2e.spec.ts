import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import type { Page } from 'puppeteer-core';
import { clickElement, screenshot, signedInAt, tid } from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { seedMoneyWalk } from './support/money-walk.js';
import { startProduct, type Product } from './support/product.js';

/*
 * The dates a clerk types on a member's payments card say their format, as every other date of the console does
 * ("tt.mm.jjjj" under the field): the payment's date received and the instalments' due dates had an empty line under
 * them, so "31.2.26" or "2026-02-31" was typed and refused only after saving (found on the demo cooperative).
 */

/** The text under the input (its helper text, found through aria-describedby). */
const under = (page: Page, input: string): Promise<string> =>
  page.$eval(
    input,
    (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? '(none)',
  );

describe("the payment and instalment dialogs' dates", () => {
  let product: Product;
  let anna: string;

  beforeAll(async () => {
    product = await startProduct();
    ({ anna } = await seedMoneyWalk(product, businessToday()));
  }, 120_000);

  afterAll(async () => {
    await product?.close();
  });

  const pairs: ReadonlyArray<readonly ['de' | 'en', number, string]> = [
    ['de', 1024, 'tt.mm.jjjj'],
    ['en', 1440, 'dd.mm.yyyy'],
  ];
  for (const [locale, width, hint] of pairs) {
    it(`say their format (${locale}, ${width} px)`, async () => {
      const page = await signedInAt(product, `/member/${anna}`, { locale, width, password: product.adminPassword });
      await clickElement(page, tid('member-share-payment'));
      await page.waitForSelector(tid('share-payment-dialog'), { visible: true });
      const payment = await under(page, tid('share-payment-date'));
      await settled(page);
      await screenshot(page, `share-payment-date-hint-${locale}-${width}`);
      const paymentAxe = await accessibilityProblems(page);
      await page.click(tid('share-payment-cancel'));
      await page.waitForSelector(tid('share-payment-dialog'), { hidden: true });
      await clickElement(page, tid('member-share-plan'));
      await page.waitForSelector(tid('share-instalments-dialog'), { visible: true });
      const dues = await page.$$eval(`${tid('share-instalments-dialog')} input`, (inputs) =>
        inputs
          .filter((i) => i.getAttribute('maxlength') === '10')
          .map((i) => document.getElementById(i.getAttribute('aria-describedby') ?? '')?.textContent?.trim() ?? ''),
      );
      await settled(page);
      await screenshot(page, `share-instalments-date-hint-${locale}-${width}`);
      expect({ payment, dues, axe: [...paymentAxe, ...(await accessibilityProblems(page))] }).toEqual({
        payment: hint,
        dues: [hint, hint],
        axe: [],
      });
      await page.browserContext().close();
    }, 60_000);
  }
});
