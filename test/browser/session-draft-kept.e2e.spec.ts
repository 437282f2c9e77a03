import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { fill, screenshot, signIn, tid, waitForPath } from './support/console.js';
import { waitForNotification } from './support/messages.js';
import { startProduct, type Product } from './support/product.js';
import { apiOk, memberBody, seedMember, setUpCooperative } from './support/seed.js';

/*
 * Input typed before the session ended unasked (decision 426): a clerk typed a new city, the session ended on the server
 * (idle time, a sign-out elsewhere), the save was refused "not saved" and the sign-in page came. Signing in again brought
 * the clerk back to the form, empty of what was typed. It is now back in the form, for the same user only.
 */
describe('input typed before the session ended', () => {
  let product: Product;
  const CLERK = { username: 'clerk', password: 'Sachbearbeitung-1' };
  beforeAll(async () => {
    product = await startProduct();
    const admin = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, admin);
    await apiOk(product, admin)('/users', { ...CLERK, passwordRepeat: CLERK.password, roles: ['ROLE_USER'] });
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  /** A member in Berlin, seeded with a new token: ending the console's session ends every token of the admin. */
  const berliner = async (): Promise<string> =>
    seedMember(product, await product.apiLogin('admin', product.adminPassword), { city: 'Berlin' });

  /** Opens the member's form, types a city, ends the session on the server and saves: refused, sign-in page shown. */
  async function typeThenLoseSession(memberId: string): Promise<Page> {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(`/members/${memberId}`)}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/members/${memberId}`, 'the member form');
    await page.waitForSelector('form input[name="city"]');
    await fill(page, 'input[name="city"]', 'Potsdam');
    const token = await page.evaluate(() => localStorage.getItem('coop.token'));
    expect((await product.api('/logout', { method: 'POST', token: token! })).status).toBe(204);
    await page.click(tid('save'));
    await waitForNotification(page, 'not saved');
    await waitForPath(page, (p) => p.startsWith('/login?redirect='), 'the sign-in page');
    return page;
  }

  const cityOf = async (memberId: string): Promise<string> => {
    const fresh = await product.apiLogin('admin', product.adminPassword);
    return ((await product.api(`/members/${memberId}`, { token: fresh })).body as { city: string }).city;
  };

  it('puts it back when the same user signs in again, and saves it then', async () => {
    const memberId = await berliner();
    const page = await typeThenLoseSession(memberId);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/members/${memberId}`, 'the member form again');
    await waitForNotification(page, 'What you entered before the sign-out is back in the form');
    await page.waitForFunction(
      () => (document.querySelector('form input[name="city"]') as HTMLInputElement | null)?.value === 'Potsdam',
    );
    await screenshot(page, 'session-draft-restored');
    expect(await cityOf(memberId)).toBe('Berlin');
    await page.click(tid('save'));
    await waitForNotification(page, 'saved');
    await waitForPath(page, (p) => !p.startsWith(`/members/${memberId}`), 'leaving the saved form');
    expect(await cityOf(memberId)).toBe('Potsdam');
    await page.browserContext().close();
  }, 90_000);

  it('is refused on saving when the member was changed meanwhile, not written over it', async () => {
    const memberId = await berliner();
    const page = await typeThenLoseSession(memberId);
    const fresh = await product.apiLogin('admin', product.adminPassword);
    const meanwhile = await product.api(`/members/${memberId}`, {
      method: 'PUT',
      token: fresh,
      body: memberBody({ city: 'Hamburg' }),
    });
    expect(meanwhile.status).toBe(200);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/members/${memberId}`, 'the member form again');
    await waitForNotification(page, 'What you entered before the sign-out is back in the form');
    await page.click(tid('save'));
    await waitForNotification(page, 'Someone else changed this member while you were editing');
    expect(await cityOf(memberId)).toBe('Hamburg');
    await page.browserContext().close();
  }, 90_000);

  it('never shows it to another user signing in at the same screen', async () => {
    const memberId = await berliner();
    const page = await typeThenLoseSession(memberId);
    await signIn(page, CLERK.username, CLERK.password);
    await waitForPath(page, (p) => p === `/members/${memberId}`, 'the member form for the clerk');
    await page.waitForFunction(
      () => (document.querySelector('form input[name="city"]') as HTMLInputElement | null)?.value === 'Berlin',
    );
    expect(await page.evaluate(() => document.body.innerText.includes('before the sign-out'))).toBe(false);
    await page.browserContext().close();
  }, 90_000);
});
