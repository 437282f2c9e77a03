import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { textsFromNow } from './support/notices.js';
import { signIn, tid, waitForPath } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { apiOk, cooperativeBody, seedMember, setUpCooperative } from './support/seed.js';

/*
 * The console's data cache belongs to the user who loaded it. A clerk signed out in another tab of the same browser
 * (the token in localStorage is shared) sends this tab to the sign-in page without react-admin's logout, which is what
 * cleared the query cache; the next user signing in there, a clerk of another cooperative, was shown the previous
 * user's member list (names, addresses, bank accounts) until the list had loaded again.
 */
describe("the console never shows the previous user's data", () => {
  let product: Product;
  const password = 'Quittengelee-Fahrrad-93';
  beforeAll(async () => {
    product = await startProduct();
    const admin = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, admin);
    await seedMember(product, admin, { name: 'Vorgängerin', givenName: 'Verena' });
    const other = await apiOk(product, admin)('/cooperatives', cooperativeBody({ name: 'Andere eG' }));
    await apiOk(product, admin)('/users', {
      username: 'other-clerk',
      password,
      passwordRepeat: password,
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      cooperative: other.id,
    });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  it('signed out in another tab, the next user signing in sees none of the members of the one before', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login?redirect=%2Fmembers`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/members', 'the member list');
    await page.waitForFunction(
      (sel: string) => document.querySelector(sel)?.textContent?.includes('Vorgängerin'),
      {},
      tid('members-list'),
    );

    // The same browser, another tab: sign out there.
    const other = await page.browserContext().newPage();
    await other.goto(`${product.baseUrl}/logout`);
    await other.waitForSelector(tid('login-username'), { visible: true });
    await other.close();

    await waitForPath(page, (p) => p.startsWith('/login'), 'the sign-in page in the first tab');
    const shownTexts = await textsFromNow(page);
    await signIn(page, 'other-clerk', password);
    await waitForPath(page, (p) => p === '/members', "the other cooperative's member list");
    await page.waitForSelector(tid('members-list'));
    await new Promise((r) => setTimeout(r, 2000));
    const leaked = (await shownTexts()).filter((text) => text.includes('Vorgängerin'));
    expect(leaked.map((text) => text.slice(0, 300))).toEqual([]);
    await page.browserContext().close();
  }, 60_000);
});
