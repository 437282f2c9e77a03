import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { chooseLanguage, screenshot, signIn, waitForPath } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/*
 * One label for the rows per page (QA review): the tasks and the notifications (`common/AddressPagination.tsx`) said
 * react-admin's "Zeilen pro Seite:" / "Rows per page:" with a colon, every other list "Zeilen pro Seite" without one.
 */

/** The rows-per-page label of the page's list, once shown. */
async function rowsLabel(page: Page, start: string): Promise<string> {
  const handle = await page.waitForFunction(
    (s: string) => {
      const leaf = Array.from(document.querySelectorAll('main p, main span, main div, main label')).find(
        (el) => el.children.length === 0 && (el.textContent ?? '').trim().startsWith(s),
      );
      return leaf ? (leaf.textContent ?? '').trim() : false;
    },
    {},
    start,
  );
  return String(await handle.jsonValue());
}

describe('the rows-per-page label', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct();
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    await seedMember(product, token);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('is the same on the members, tasks and notifications lists, in German and English', async () => {
    const page = await product.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${product.baseUrl}/login`, { waitUntil: 'load' });
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    const found: Record<string, string> = {};
    for (const [locale, start] of [
      ['de', 'Zeilen pro Seite'],
      ['en', 'Rows per page'],
    ] as const) {
      for (const path of ['/members', '/tasks', '/notifications']) {
        await page.goto(`${product.baseUrl}${path}`, { waitUntil: 'load' });
        if (path === '/members') await chooseLanguage(page, locale);
        found[`${locale} ${path}`] = await rowsLabel(page, start);
        await screenshot(page, `rows-per-page-${locale}${path.replace(/\//g, '-')}`);
      }
    }
    await page.browserContext().close();
    expect(found).toEqual({
      'de /members': 'Zeilen pro Seite',
      'de /tasks': 'Zeilen pro Seite',
      'de /notifications': 'Zeilen pro Seite',
      'en /members': 'Rows per page',
      'en /tasks': 'Rows per page',
      'en /notifications': 'Rows per page',
    });
  }, 180_000);
});
