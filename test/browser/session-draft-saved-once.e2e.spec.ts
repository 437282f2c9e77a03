import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { fill, signIn, tid, waitForPath } from './support/console.js';
import { waitForNotification } from './support/messages.js';
import { startProduct, type Product } from './support/product.js';

/*
 * Input kept across a session's unasked end (decision 426) goes back into the form with the `masterTag` it was typed
 * under, also when the record is read anew. On a form that stays open after its save (the cooperative's screen), the
 * save's answer is such a read: the draft and its old tag went back into the form once more, so the next save from the
 * open form was refused "changed meanwhile" though nobody else had changed anything.
 */
describe('a restored draft once saved', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  const put = (page: Page): Promise<HTTPResponse> =>
    page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/cooperatives/'), {
      timeout: 60_000,
    });
  const save = async (page: Page): Promise<HTTPResponse> => {
    const answer = put(page);
    await page.$eval(tid('save'), (el) => el.closest('form')?.requestSubmit());
    return answer;
  };
  const cityIs = (page: Page, city: string) =>
    page.waitForFunction(
      (c: string) => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === c,
      {},
      city,
    );

  it('is saved once; the next save from the open form carries the tag of that save’s answer and stands', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/cooperative`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/cooperative', '/cooperative');
    await page.waitForSelector('input[name="iban"]');
    const values: Record<string, string> = {
      fullName: 'Test Wohnungsgenossenschaft eG',
      address: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      taxId: '1121081508150',
      contactPerson: 'Erika Mustermann',
      email: 'info@test-eg.de',
      url: 'https://test-eg.de',
      bankname: 'Testbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      balanceCost: '250,00',
    };
    for (const [field, value] of Object.entries(values)) await fill(page, `input[name="${field}"]`, value);
    expect((await save(page)).status()).toBe(200);
    await cityIs(page, 'Berlin');

    // A change typed, the session ended on the server, the save refused: the sign-in page.
    await fill(page, 'input[name="city"]', 'Potsdam');
    const token = await page.evaluate(() => localStorage.getItem('coop.token'));
    expect((await product.api('/logout', { method: 'POST', token: token! })).status).toBe(204);
    await page.$eval(tid('save'), (el) => el.closest('form')?.requestSubmit());
    await waitForNotification(page, 'not saved');
    await waitForPath(page, (p) => p.startsWith('/login?redirect='), 'the sign-in page');

    // Signed in again: the draft is back and is saved.
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/cooperative', '/cooperative again');
    await waitForNotification(page, 'What you entered before the sign-out is back in the form');
    await cityIs(page, 'Potsdam');
    const restoredSave = await save(page);
    expect(restoredSave.status()).toBe(200);
    const savedTag = ((await restoredSave.json()) as { masterTag: string }).masterTag;

    // The form stays open: a further change is saved with the tag of that answer, not the draft's.
    await cityIs(page, 'Potsdam');
    await new Promise((r) => setTimeout(r, 500));
    await fill(page, 'input[name="city"]', 'Leipzig');
    const next = await save(page);
    const sent = (JSON.parse(next.request().postData() ?? '{}') as { masterTag?: unknown }).masterTag;
    expect({ status: next.status(), tag: sent }).toEqual({ status: 200, tag: savedTag });
    await page.browserContext().close();
  }, 120_000);
});
