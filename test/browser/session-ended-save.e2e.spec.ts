import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { textsFromNow } from './support/notices.js';
import { fill, signIn, tid, waitForPath } from './support/console.js';
import { waitForNotification } from './support/messages.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/*
 * A save the server refuses because the session has ended (signed out elsewhere, the password or the roles changed, the
 * idle time passed on the server): react-admin signs out and answers the save with an empty record, so the form took it
 * for saved, said "Member saved" and left, and nothing was saved. The clerk must be told that the change was not saved.
 */
describe('a save after the session ended', () => {
  let product: Product;
  let memberId: string;
  beforeAll(async () => {
    product = await startProduct();
    const admin = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, admin);
    memberId = await seedMember(product, admin, { city: 'Berlin' });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  it('says the change was not saved, never that it was', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(`/members/${memberId}`)}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/members/${memberId}`, 'the member form');
    await page.waitForSelector('form input[name="city"]');
    await fill(page, 'input[name="city"]', 'Potsdam');

    // The session ends on the server (as a sign-out in another browser ends every token of the user).
    const token = await page.evaluate(() => localStorage.getItem('coop.token'));
    expect((await product.api('/logout', { method: 'POST', token: token! })).status).toBe(204);

    const shownTexts = await textsFromNow(page);
    await page.click(tid('save'));
    await waitForNotification(page, 'not saved');
    const shown = await shownTexts();
    expect(shown.filter((text) => /Member \d* ?saved/.test(text)).map((t) => t.slice(-200))).toEqual([]);
    await waitForPath(page, (p) => p.startsWith('/login?redirect='), 'the sign-in page');

    const fresh = await product.apiLogin('admin', product.adminPassword);
    const after = await product.api(`/members/${memberId}`, { token: fresh });
    expect((after.body as { city: string }).city).toBe('Berlin');
    await page.browserContext().close();
  }, 60_000);
});
