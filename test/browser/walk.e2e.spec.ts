import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { axeViolations } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * A clerk's walk through the console in German (issue 22): every screen free of accessibility violations (axe-core,
 * any impact), the top menu whole at 1024 px, and the words for a partial termination and for withdrawing a pending end.
 */

/** The product whose console the walk opens: its output goes into a failure's message. */
let server: { output(): string } | undefined;

/** A failed wait, with the end of the product's own output. */
function withOutput(error: unknown): never {
  const said = server?.output().slice(-3000) ?? '';
  const message = error instanceof Error ? error.message : String(error);
  throw new Error(`${message}\n  the product said last:\n${said || '(nothing)'}`, { cause: error });
}

/**
 * Opens `path` and waits until its heading is there and its requests are done. A screen that does not come names the
 * end of the product's own output too. This walk's first test failed under CPU load (3 in 9 beside three CPU-bound
 * processes): the reload below cut off the console's first ping, and the console took the aborted ping for an ended
 * session and signed out on the server, which ended the reloaded page's token too. Fixed in `SessionKeeper.tsx`;
 * `session.e2e.spec.ts` cuts a ping off on purpose.
 */
async function open(page: Page, baseUrl: string, path: string, ready: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector(ready, { visible: true }).catch(withOutput);
  // The console pings the API now and then, so the network is never idle: the top bar's spinner tells the requests.
  await page.waitForFunction(() => !document.querySelector('[data-testid="loading-spinner"]')).catch(withOutput);
  await new Promise((r) => setTimeout(r, 300));
}

/** The differences from the seed's default member: a woman in the Birkenweg with her own IBAN. */
const person = (givenName: string, name: string, iban: string, extra: Record<string, unknown> = {}) => ({
  salutation: 'Frau',
  postalSalutation: 'female',
  givenName,
  name,
  birthDate: '1975-02-03',
  street: 'Birkenweg',
  streetHomeNumber: '3',
  iban,
  ...extra,
});

describe("a clerk's walk through the console in German", () => {
  let product: Product;
  let token: string;
  /** Anna Acker: a member who gave notice today (pending). */
  let anna: string;
  /** Berta Bach: a member excluded today (pending). */
  let berta: string;
  /** Clara Dorn: a member without an end. */
  let clara: string;
  /** Stadtwerke Musterstadt GmbH: a legal entity. */
  let firm: string;
  const today = businessToday();

  async function post(body: Record<string, unknown>): Promise<void> {
    const res = await product.api('/balances', {
      method: 'POST',
      token,
      body: { approvalDate: today, interestBegin: today, ...body },
    });
    expect([res.status, res.body]).toEqual([201, expect.anything()]);
  }

  async function germanPage(width = 1366): Promise<Page> {
    const page = await product.newPage();
    await page.setViewport({ width, height: 900 });
    await page.goto(`${product.baseUrl}/login`);
    // The language is the browser's choice, kept in react-admin's store (admin-ui/src/i18n/locale.ts).
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await waitForText(page, 'h1', 'Willkommen');
    return page;
  }

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    server = product;
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    anna = await seedMember(product, token, person('Anna', 'Acker', 'DE89370400440532013000'));
    berta = await seedMember(product, token, person('Berta', 'Bach', 'DE02120300000000202051'));
    clara = await seedMember(product, token, person('Clara', 'Dorn', 'DE02500105170137075030'));
    firm = await seedMember(
      product,
      token,
      person('', 'Stadtwerke Musterstadt GmbH', 'DE02100500000054540402', {
        legalForm: 1,
        givenName: null,
        salutation: null,
        postalSalutation: 'company',
        birthDate: null,
        civilStatus: null,
        title: null,
      }),
    );
    await post({ member: anna, type: 8, date: today, noticeDate: today });
    await post({ member: berta, type: 7, date: today, noticeDate: today, dispatchDate: today });
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('finds no accessibility violation (axe, any impact) on the screens a clerk uses', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await open(page, product.baseUrl, '/login', tid('login-username'));
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const violations = await axeViolations(page);
      if (violations.length > 0) {
        found[name] = violations;
        await screenshot(page, `walk-axe-${name.replace(/\W+/g, '-')}`);
      }
    };
    await check('/login');
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');

    const screens: Array<[string, string]> = [
      ['/', 'h1'],
      ['/members', tid('members-row')],
      [`/member/${anna}`, tid('member-withdraw-notice')],
      [`/member/${firm}`, tid('member-title')],
      [`/members/${clara}`, 'input[name="name"]'],
      ['/members/new', 'input[name="name"]'],
      [`/balances/new/type/2/member/${clara}`, 'input[name="quantity"]'],
      [`/balances/new/type/7/member/${clara}`, 'input[name="dispatchDate"]'],
      [`/balances/new/type/8/member/${clara}`, 'input[name="noticeDate"]'],
      ['/balances', tid('balances-list')],
      ['/shares', tid('shares-row')],
      ['/exemption-orders', 'h1'],
      [`/exemption-orders/new/member/${clara}`, 'input[name="amount"]'],
      ['/non-assessments', 'h1'],
      ['/cooperative', 'input[name="fullName"]'],
      ['/administration', 'h1'],
      ['/users', 'h1'],
    ];
    for (const [path, ready] of screens) {
      await open(page, product.baseUrl, path, ready);
      await check(path);
    }
    // Reached by a click: the withdrawal of Anna's notice, one entry of the share register.
    await open(page, product.baseUrl, `/member/${anna}`, tid('member-withdraw-notice'));
    await page.click(tid('member-withdraw-notice'));
    await page.waitForSelector(tid('annul-intro'), { visible: true });
    await check('withdrawal of a notice');
    await open(page, product.baseUrl, '/shares', tid('shares-edit'));
    await page.click(tid('shares-edit'));
    await waitForPath(page, (p) => p.startsWith('/shares/'), 'a share');
    await page.waitForSelector(tid('form-title'), { visible: true });
    await check('a share');
    // The member lookup's list of choices, open.
    await open(page, product.baseUrl, '/shares', tid('shares-row'));
    await page.type(tid('shares-filter-member'), 'Dorn');
    await page.waitForSelector(tid('shares-filter-member-option'), { visible: true });
    await check('/shares with the member lookup open');
    expect(found).toEqual({});
  }, 180_000);

  it('shows every entry of the top menu at 1024 px', async () => {
    const page = await germanPage(1024);
    await page.waitForSelector(tid('menu-users'), { visible: true });
    await screenshot(page, 'walk-menu-1024-de');
    const cut = await page.evaluate(() => {
      const nav = document.querySelector('nav.cl-nav')!.getBoundingClientRect();
      return Array.from(document.querySelectorAll<HTMLElement>('nav.cl-nav a'))
        .filter((a) => {
          const r = a.getBoundingClientRect();
          return r.width === 0 || r.left < nav.left - 0.5 || r.right > nav.right + 0.5 || r.right > window.innerWidth;
        })
        .map((a) => a.innerText);
    });
    expect(cut).toEqual([]);
  }, 60_000);

  it('calls type 2 a partial termination and names the withdrawal of each pending end after it', async () => {
    const page = await germanPage();
    await open(page, product.baseUrl, `/member/${clara}`, tid('member-action-2'));
    expect(await textOf(page, tid('member-action-2'))).toBe('Anteile kündigen');
    await open(page, product.baseUrl, `/balances/new/type/2/member/${clara}`, 'input[name="quantity"]');
    await waitForText(page, tid('form-title'), 'Neue Buchung: Teilkündigung');

    await open(page, product.baseUrl, `/member/${anna}`, tid('member-withdraw-notice'));
    expect(await textOf(page, tid('member-withdraw-notice'))).toBe('Kündigung zurücknehmen');
    await open(page, product.baseUrl, `/member/${berta}`, tid('member-withdraw-notice'));
    expect(await textOf(page, tid('member-withdraw-notice'))).toBe('Ausschluss aufheben');
    expect(await textOf(page, tid('member-actions-closed'))).not.toContain('Kündigung');
    await page.click(tid('member-withdraw-notice'));
    await waitForText(page, tid('form-title'), 'Ausschluss aufheben');
    await screenshot(page, 'walk-withdraw-exclusion-de');
  }, 60_000);

  it("titles a legal entity's tax section without the church (a firm pays no church tax)", async () => {
    const page = await germanPage();
    const sections = async () => page.$$eval('form h2', (hs) => hs.map((h) => h.textContent ?? ''));
    await open(page, product.baseUrl, `/members/${firm}`, 'input[name="name"]');
    expect(await sections()).toContain('Steuer');
    expect(await sections()).not.toContain('Steuer und Kirche');
    await open(page, product.baseUrl, `/members/${clara}`, 'input[name="name"]');
    expect(await sections()).toContain('Steuer und Kirche');
  }, 60_000);
});
