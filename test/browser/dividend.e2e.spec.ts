import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chooseLanguage,
  clickElement,
  fill,
  screenshot,
  signIn,
  textOf,
  tid,
  waitForPath,
  waitForText,
  where,
} from './support/console.js';
import { accessibilityCheck } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';
import { businessYear } from './support/dates.js';

/**
 * The annual dividend in the console (issue 23): calculate, see what refuses the closure and fix it, close the year in
 * two steps, see the closure, in English and German; every screen free of axe violations (any impact), with a main
 * landmark, one h1 and no empty table header cell.
 */

/** Waits until the top bar's spinner and the screen's own progress are gone. */
const year = businessYear() - 1;
const calcQuery = `year=${year}&type=percent&amount=4`;

describe('the annual dividend in the console', () => {
  let product: Product;
  let token: string;
  /** Bernd Berger: two shares since 2020, an exemption order of 1.000 € but no tax id (refuses the closure). */
  let bernd: string;
  /** Anna Acker: two shares since 2020, no exemption order (KapESt and Soli withheld). */
  let anna: string;
  const found: Record<string, string[]> = {};
  const check = accessibilityCheck(found, 'dividend');

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    bernd = await seedMember(product, token);
    anna = await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      givenName: 'Anna',
      name: 'Acker',
      iban: 'DE02120300000000202051',
    });
    const order = await product.api('/exemptionorders', {
      method: 'POST',
      token,
      body: {
        member: bernd,
        type: 0,
        joint: false,
        amount: 100_000,
        date: `${year}-01-02`,
        startDate: `${year}-01-01`,
        endDate: null,
      },
    });
    expect(order.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('calculates, shows what refuses the closure with the member to fix, closes the year in two steps and shows the closure (English)', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await clickElement(page, tid('dashboard-calculate-dividend'));
    await waitForPath(page, (p) => p === '/dividend/calculator', 'the calculator');
    await page.waitForSelector(tid('dividend-amount'), { visible: true });
    await check(page, 'calculator (empty)');
    // Step 1's defaults (SPEC 9): last year, percent, 4.
    expect(await page.$eval('input[name="year"]', (el) => (el as HTMLInputElement).value)).toBe(String(year));
    expect(await page.$eval(tid('dividend-amount'), (el) => (el as HTMLInputElement).value)).toBe('4');
    await page.click(tid('dividend-calculate'));
    await waitForPath(page, (p) => p.startsWith(`/dividend/calculator?${calcQuery}`), 'the calculation in the address');
    await waitForText(page, tid('dividend-errors'), 'FSA impossible for this member, no tax id provided!');
    await waitForText(page, tid('dividend-calc-dividend'), '40,00 €');
    expect(await textOf(page, tid('dividend-calc-percent'))).toBe('4,0000 %');
    expect(await page.$eval(tid('dividend-to-closure'), (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    expect(
      await page.$$eval(tid('dividend-error-member'), (els) => els.map((el) => el.getAttribute('data-member-id'))),
    ).toEqual([bernd]);
    await check(page, 'calculator with an error');
    await screenshot(page, 'dividend-calculator-error-en');
    const calculatorAddress = where(page);

    // The error's link opens the member's data: the tax id is entered there.
    await clickElement(page, tid('dividend-error-member-edit'));
    await waitForPath(page, (p) => p === `/members/${bernd}`, "the member's data");
    await fill(page, tid('member-manualTaxId'), '47036892816');
    await clickElement(page, tid('save'));
    await waitForPath(page, (p) => p !== `/members/${bernd}`, 'the form left after saving');

    await page.goto(`${product.baseUrl}${calculatorAddress}`);
    await page.waitForSelector(tid('dividend-calc-figures'));
    await page.click(tid('dividend-calculate'));
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-testid="dividend-errors"]') &&
        !(document.querySelector('[data-testid="dividend-to-closure"]') as HTMLButtonElement).disabled,
    );
    await waitForText(page, tid('dividend-calc-members'), 'Acker, Anna');
    expect(await page.$$eval(tid('dividend-calc-row'), (rows) => rows.length)).toBe(2);
    // The list is searched by the API (a page of the calculation).
    await fill(page, tid('dividend-calc-search'), 'Acker');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="dividend-calc-row"]').length === 1);
    await check(page, 'calculator without errors');

    // Step 2: No goes back to step 1 with its inputs kept.
    await page.click(tid('dividend-to-closure'));
    await waitForPath(page, (p) => p.startsWith('/dividend/annualClosure?'), 'step 2');
    await waitForText(
      page,
      tid('annual-closure-question'),
      `Close the year ${year}? 2 members receive dividends of 40,00 € in total`,
    );
    await check(page, 'annual closure');
    await screenshot(page, 'dividend-annual-closure-en');
    await page.click(tid('annual-closure-no'));
    await waitForPath(page, (p) => p.startsWith(`/dividend/calculator?${calcQuery}`), 'step 1 again');
    await page.waitForSelector(tid('dividend-calc-figures'));
    expect(await page.$eval(tid('dividend-amount'), (el) => (el as HTMLInputElement).value)).toBe('4');

    // Yes closes the year and opens the closure.
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="dividend-to-closure"]') as HTMLButtonElement).disabled,
    );
    await page.click(tid('dividend-to-closure'));
    await waitForPath(page, (p) => p.startsWith('/dividend/annualClosure?'), 'step 2');
    await page.waitForFunction(() => {
      const yes = document.querySelector('[data-testid="annual-closure-yes"]') as HTMLButtonElement | null;
      return yes !== null && !yes.disabled;
    });
    await page.click(tid('annual-closure-yes'));
    await waitForPath(page, (p) => /^\/dividend\/closures\/[^/]+$/.test(p), 'the closure');
    await waitForText(page, 'h1', `Annual closure ${year}`);
    await waitForText(page, tid('dividend-closure-percent'), '4,0000 %');
    expect(await textOf(page, tid('dividend-closure-dividend'))).toBe('40,00 €');
    expect(await textOf(page, tid('dividend-closure-row32-base'))).toBe('–');
    expect(await textOf(page, tid('dividend-closure-row32-tax'))).toBe('–');
    expect(await page.$$eval(tid('dividend-closure-row'), (rows) => rows.length)).toBe(2);
    await check(page, 'closure');
    await screenshot(page, 'dividend-closure-en');

    await page.browserContext().close();
    expect(found).toEqual({});
  }, 180_000);

  it("shows the closure, another year's calculation and a closed year's step 2 in German", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await clickElement(page, tid('dashboard-annual-closures'));
    await waitForPath(page, (p) => /^\/dividend\/closures\/[^/]+$/.test(p), 'the latest closure');
    await waitForText(page, 'h1', `Jahresabschluss ${year}`);
    await waitForText(page, tid('dividend-closure-tax-return'), 'Solidaritätszuschlag');
    await check(page, 'Abschluss');
    await screenshot(page, 'dividend-closure-de');

    // Another year is calculated in German; the closed year's step 2 names why it cannot be closed again.
    await page.goto(`${product.baseUrl}/dividend/calculator?year=${year - 1}&type=amount&amount=100`);
    await page.waitForSelector(tid('dividend-calc-figures'));
    await waitForText(page, tid('dividend-result'), `Ergebnis für ${year - 1}`);
    await check(page, 'Berechnung');
    await screenshot(page, 'dividend-calculator-de');
    await page.goto(`${product.baseUrl}/dividend/annualClosure?year=${year}&type=percent&amount=4`);
    await page.waitForSelector(tid('annual-closure-question'));
    await check(page, 'Jahresabschluss');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 180_000);

  it("lists the closed year's dividend on the member dashboard, in German and English", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/member/${anna}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/member/${anna}`, "Anna's dashboard");
    await waitForText(page, tid('member-dividends'), 'Dividenden');
    await waitForText(page, tid('member-dividend'), String(year));
    // Anna has no exemption order: 20,00 € gross, 5,00 € KapESt, 0,27 € Soli, 14,73 € net.
    expect(await textOf(page, tid('member-dividend-net'))).toBe('14,73 €');
    await check(page, 'Mitglied');
    await chooseLanguage(page, 'en');
    await waitForText(page, tid('member-dividends'), 'Dividends');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 90_000);
});
