import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chooseLanguage,
  screenshot,
  signIn,
  textOf,
  tid,
  waitForPath,
  waitForText,
  waitForTitle,
  where,
} from './support/console.js';
import { startProduct, type Product } from './support/product.js';

describe('console session, languages and roles', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  }, 90_000);
  afterAll(async () => {
    await product?.close();
  });

  it('a protected page sends to login with redirect, signs in back to it, and logout returns to login with a redirect', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/administration`);
    await waitForPath(
      page,
      (p) => p === '/login?redirect=%2Fadministration',
      'the login page with redirect=/administration',
    );
    await waitForTitle(page, 'Sign in · Coop Ledger');
    expect(await page.$(tid('login-link'))).not.toBeNull();
    expect(await page.$(tid('menu-administration'))).toBeNull();

    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/administration', 'the redirect target /administration');
    await page.waitForSelector(tid('elma-numbers-card'));
    await waitForTitle(page, 'Administration · Coop Ledger');
    expect(await textOf(page, tid('logout-link'))).toBe('admin');
    expect(await page.evaluate(() => localStorage.getItem('coop.token'))).toMatch(/^ey/);
    // The cooperative's idle time, 30 minutes by default (issue 38).
    expect(await textOf(page, tid('token-countdown'))).toMatch(/^Session ends in (29:\d\d|30:00)$/);
    await screenshot(page, 'session-signed-in');

    await page.click(tid('logout-link'));
    await waitForPath(page, (p) => p === '/login?redirect=%2Fadministration', 'the login page after logout');
    expect(await page.evaluate(() => localStorage.getItem('coop.token'))).toBeNull();
    expect(await page.$(tid('token-countdown'))).toBeNull();

    // Signed out, a deep link still goes through login and lands where it pointed.
    await page.goto(`${product.baseUrl}/users`);
    await waitForPath(page, (p) => p === '/login?redirect=%2Fusers', 'the login page with redirect=/users');
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => /^\/users\/[0-9a-f-]{36}$/.test(p), 'the first user after /users');
    await page.waitForSelector(tid('users-list'));
    await screenshot(page, 'session-redirect-users');
    await page.browserContext().close();
  }, 60_000);

  it('a ping cut off (a reload, a lost connection) keeps the session: only the server refusing it signs out', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    // The console's pings are paused (Chrome's Fetch domain pauses only what it names) and then cut off, as a reload
    // under load cut one off in the walk: the console took the aborted ping for an ended session and signed out on the
    // server, which ends every token of the user, the reloaded page's too.
    const paused: string[] = [];
    const cdp = await page.createCDPSession();
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/v1/ping*', requestStage: 'Request' }] });
    cdp.on('Fetch.requestPaused', (event) => void paused.push(event.requestId));
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await waitForText(page, 'h1', 'Welcome, admin');
    for (let i = 0; i < 100 && paused.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(paused.length).toBeGreaterThan(0);
    const token = await page.evaluate(() => localStorage.getItem('coop.token'));

    for (const requestId of paused.splice(0))
      await cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(where(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('coop.token'))).not.toBeNull();
    // Still signed in on the server: the token of the cut-off ping works, and after a reload the console is there.
    expect((await product.api('/ping', { token: token ?? '' })).status).toBe(200);
    await cdp.send('Fetch.disable');
    await page.reload();
    await waitForText(page, 'h1', 'Welcome, admin');
    expect(where(page)).toBe('/');
    await page.browserContext().close();
  }, 60_000);

  it('a wrong password shows the server message and keeps the clerk on the login page', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login?redirect=%2Fadministration`);
    await signIn(page, 'admin', 'not-the-password');
    await page.waitForSelector(tid('login-error'));
    expect(await textOf(page, tid('login-error'))).toBe('Invalid username or password');
    expect(where(page)).toBe('/login?redirect=%2Fadministration');
    expect(await page.evaluate(() => localStorage.getItem('coop.token'))).toBeNull();
    await screenshot(page, 'session-wrong-password');
    await page.browserContext().close();
  }, 60_000);

  it('the language choice changes visible labels and survives a reload', async () => {
    const page = await product.newPage();
    // The console's scripts as loaded (issue 43, decision 227): English is the shell's language, German comes only when shown.
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        void res.text().then(
          (body) => scripts.push(body),
          () => undefined,
        );
    });
    const loaded = (text: string) => scripts.some((body) => body.includes(text));
    // A response's body is read after the page has used it: wait for the language shown before asking about the other.
    const waitLoaded = async (text: string) => {
      for (let i = 0; i < 100 && !loaded(text); i++) await new Promise((r) => setTimeout(r, 50));
      return loaded(text);
    };
    const GERMAN = 'Verwaltung für eingetragene Genossenschaften';
    const ENGLISH = 'Back office for registered cooperatives';
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector(tid('menu-administration'));
    expect(await textOf(page, tid('menu-administration'))).toBe('Administration');
    expect([await waitLoaded(ENGLISH), loaded(GERMAN)]).toEqual([true, false]);

    await chooseLanguage(page, 'de');
    await waitForText(page, tid('menu-administration'), 'Verwaltung');
    expect(await textOf(page, tid('menu-users'))).toBe('Benutzer');
    await waitForTitle(page, 'Übersicht · Coop Ledger');
    expect(await waitLoaded(GERMAN)).toBe(true);

    scripts.length = 0;
    await page.reload();
    await page.waitForSelector(tid('menu-administration'));
    await waitForText(page, tid('menu-administration'), 'Verwaltung');
    await waitForText(page, 'h1', 'Willkommen, admin');
    expect(await waitLoaded(GERMAN)).toBe(true);
    await screenshot(page, 'session-german');

    await chooseLanguage(page, 'en');
    await waitForText(page, tid('menu-administration'), 'Administration');
    await page.reload();
    await waitForText(page, tid('menu-administration'), 'Administration');
    await page.browserContext().close();
  }, 60_000);

  it('a user without ROLE_ADMIN sees no users menu and is refused at /users', async () => {
    const adminToken = await product.apiLogin('admin', product.adminPassword);
    const created = await product.api('/users', {
      method: 'POST',
      token: adminToken,
      body: {
        username: 'clerk',
        password: 'Buchhaltung-Pass-1',
        passwordRepeat: 'Buchhaltung-Pass-1',
        roles: ['ROLE_USER'],
      },
    });
    expect(created.status).toBe(201);

    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'clerk', 'Buchhaltung-Pass-1');
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector(tid('menu-administration'));
    expect(await page.$(tid('menu-users'))).toBeNull();
    expect(await textOf(page, tid('logout-link'))).toBe('clerk');

    await page.goto(`${product.baseUrl}/users`);
    await page.waitForSelector(tid('access-denied'));
    expect(await textOf(page, tid('access-denied'))).toContain('Access denied');
    expect(await page.$(tid('users-list'))).toBeNull();
    expect(where(page)).toBe('/users');
    await waitForTitle(page, 'Access denied · Coop Ledger');
    await screenshot(page, 'session-access-denied');

    await page.goto(`${product.baseUrl}/users/new`);
    await page.waitForSelector(tid('access-denied'));
    expect(await page.$(tid('user-form'))).toBeNull();
    await page.browserContext().close();
  }, 60_000);
});
