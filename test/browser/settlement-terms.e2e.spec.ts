import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { chooseLanguage, fill, signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { accessibilityCheck } from './support/accessibility.js';
import { businessYear, german, notAfterToday } from './support/dates.js';
import { startProduct, type Product } from './support/product.js';
import { seedLeaver, setUpCooperative } from './support/seed.js';

/**
 * The settlement terms in the console (issue 42): on the screen "Auseinandersetzung" the clerk sets the cooperative's
 * payout period and the general meeting's loss share of the year, in German and in English. Each form names an empty
 * required field before saving and shows the server's refusal under its field (a period above 60 months, a percentage
 * above 100, an impossible decision date); saving the
 * loss share asks first; the table then shows the new deadline, loss share and amount (a loss share above the holding
 * lowers the amount to zero, never below). The screens with data, with a refusal and with a confirmation are free of
 * axe violations.
 */
const year = businessYear() - 1;
/** The general meeting's decision: 15 January of this year, or today before then (a day still to come is refused). */
const decided = german(notAfterToday(`${year + 1}-01-15`));

describe('the settlement terms in the console', () => {
  let product: Product;
  let token: string;
  let settlementId: string;
  const found: Record<string, string[]> = {};
  const check = accessibilityCheck(found, 'settlement-terms');
  const cell = (testId: string) => `[data-id="${settlementId}"] ${tid(testId)}`;
  /** The row of the leaver: loss share, amount and deadline as the table shows them. */
  const rowOf = async (page: Page) => [
    await textOf(page, cell('settlement-loss-share')),
    await textOf(page, cell('settlement-amount')),
    await textOf(page, cell('settlement-deadline')),
  ];
  const waitForRow = async (page: Page, expected: string[]) => {
    await page
      .waitForFunction(
        (id: string, want: string[]) => {
          const row = document.querySelector(`[data-id="${id}"]`);
          const text = (t: string) => (row?.querySelector(`[data-testid="${t}"]`)?.textContent ?? '').trim();
          return (
            [text('settlement-loss-share'), text('settlement-amount'), text('settlement-deadline')].join('|') ===
            want.join('|')
          );
        },
        { timeout: 30_000 },
        settlementId,
        expected,
      )
      .catch(async (error: unknown) => {
        throw new Error(
          `row ${JSON.stringify(await rowOf(page))} never became ${JSON.stringify(expected)}: ${String(error)}`,
        );
      });
  };
  const dialogGone = (page: Page, testId: string) =>
    page.waitForFunction((t: string) => !document.querySelector(`[data-testid="${t}"]`), { timeout: 30_000 }, testId);

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    // Notice early in last year: the membership ends at last year's end (two shares of 250,00 €, a holding of 500,00 €).
    ({ settlementId } = await seedLeaver(product, token, year, { givenName: 'Gerda', name: 'Geher' }));
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('sets the payout period and the loss share in German and English, shows each refusal under its field and the effect in the table', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/settlements?year=${year}`);
    await waitForText(page, 'h1', `Auseinandersetzung ${year}`);
    await waitForText(
      page,
      tid('settlement-terms-period'),
      'Auszahlungsfrist: 6 Monate nach dem Ende der Mitgliedschaft',
    );
    await waitForText(page, tid('settlement-terms-loss'), `Verlustanteil ${year}: keiner beschlossen`);
    await waitForRow(page, ['0,00 €', '500,00 €', `30.06.${year + 1}`]);
    await check(page, 'Liste');

    // The payout period: 61 months is refused under the field in the server's words; 3 months moves the deadline.
    await page.click(tid('settlement-period-edit'));
    await fill(page, tid('settlement-period-months'), '61');
    await page.click(tid('settlement-period-save'));
    await waitForText(
      page,
      `${tid('settlement-period-dialog')} .MuiFormHelperText-root.Mui-error`,
      'Darf höchstens 60 sein',
    );
    await check(page, 'Frist abgelehnt');
    await fill(page, tid('settlement-period-months'), '3');
    await page.click(tid('settlement-period-save'));
    await dialogGone(page, 'settlement-period-dialog');
    await waitForText(
      page,
      tid('settlement-terms-period'),
      'Auszahlungsfrist: 3 Monate nach dem Ende der Mitgliedschaft',
    );
    await waitForRow(page, ['0,00 €', '500,00 €', `31.03.${year + 1}`]);

    // The loss share: a percentage above 100 is refused after the confirmation, under its field; 10 % is recorded.
    await page.click(tid('settlement-loss-edit'));
    await fill(page, tid('settlement-loss-percent'), '150');
    // The decision date's hint is written as every other date field's, not "TT.MM.JJJJ".
    expect(
      await page.$eval(
        tid('settlement-loss-date'),
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('tt.mm.jjjj');
    // The decision date left empty is named before anything is asked or sent, as the server would name it.
    await page.click(tid('settlement-loss-save'));
    await waitForText(
      page,
      `${tid('settlement-loss-dialog')} .MuiFormHelperText-root.Mui-error`,
      'Darf nicht leer sein',
    );
    expect(await page.$(tid('settlement-loss-confirm'))).toBeNull();
    await fill(page, tid('settlement-loss-date'), decided);
    await page.click(tid('settlement-loss-save'));
    await waitForText(
      page,
      tid('settlement-loss-confirm'),
      `Ein Verlustanteil von 150 % des Geschäftsguthabens (Beschluss vom ${decided}) mindert das Auseinandersetzungsguthaben der 1 noch offenen Auseinandersetzung von ${year}.`,
    );
    await page.click(tid('confirm-ok'));
    await waitForText(
      page,
      `${tid('settlement-loss-dialog')} .MuiFormHelperText-root.Mui-error`,
      'Ein Prozentsatz über 0 und höchstens 100',
    );
    await check(page, 'Verlustanteil abgelehnt');
    await fill(page, tid('settlement-loss-percent'), '10');
    await page.click(tid('settlement-loss-save'));
    await waitForText(page, tid('settlement-loss-confirm'), 'Ein Verlustanteil von 10 % des Geschäftsguthabens');
    await check(page, 'Verlustanteil bestätigen');
    await page.click(tid('confirm-ok'));
    await dialogGone(page, 'settlement-loss-dialog');
    await waitForText(
      page,
      tid('settlement-terms-loss'),
      `Verlustanteil ${year}: 10 % des Geschäftsguthabens, beschlossen von der Generalversammlung am ${decided}`,
    );
    await waitForRow(page, ['50,00 €', '450,00 €', `31.03.${year + 1}`]);
    await check(page, 'Liste mit Verlustanteil');

    // English: an amount per share with an impossible decision date is refused under the date; 30,00 € per share of
    // two shares is 60,00 €; 300,00 € per share would be 600,00 €, above the holding: the amount is zero, never below.
    await chooseLanguage(page, 'en');
    await waitForText(page, 'h1', `Settlements ${year}`);
    await waitForText(page, tid('settlement-terms-period'), 'Payout period: 3 months after the end of the membership');
    await page.click(tid('settlement-loss-edit'));
    await waitForText(page, tid('settlement-loss-dialog'), `Loss share ${year}`);
    expect(await page.$eval(tid('settlement-loss-percent'), (el) => (el as HTMLInputElement).value)).toBe('10');
    await page.click(tid('settlement-loss-kind-perShare'));
    await fill(page, tid('settlement-loss-amount'), '30,00');
    await fill(page, tid('settlement-loss-date'), `31.02.${year + 1}`);
    await page.click(tid('settlement-loss-save'));
    await waitForText(
      page,
      tid('settlement-loss-confirm'),
      `A loss share of 30,00 € per share (decision of 31.02.${year + 1}) lowers the settlement balance of the 1 settlement of ${year} still due.`,
    );
    await page.click(tid('confirm-ok'));
    await waitForText(page, `${tid('settlement-loss-dialog')} .MuiFormHelperText-root.Mui-error`, 'Invalid date');
    await check(page, 'loss share refused');
    await fill(page, tid('settlement-loss-date'), decided);
    await page.click(tid('settlement-loss-save'));
    await page.click(tid('confirm-ok'));
    await dialogGone(page, 'settlement-loss-dialog');
    await waitForText(
      page,
      tid('settlement-terms-loss'),
      `Loss share ${year}: 30,00 € per share, decided by the general meeting on ${decided}`,
    );
    await waitForRow(page, ['60,00 €', '440,00 €', `31.03.${year + 1}`]);
    await check(page, 'list with loss share');
    await page.click(tid('settlement-loss-edit'));
    await fill(page, tid('settlement-loss-amount'), '300');
    await page.click(tid('settlement-loss-save'));
    await page.click(tid('confirm-ok'));
    await dialogGone(page, 'settlement-loss-dialog');
    await waitForRow(page, ['500,00 €', '0,00 €', `31.03.${year + 1}`]);

    // Withdrawn after its own confirmation: the settlement is paid in full again.
    await page.click(tid('settlement-loss-edit'));
    await page.click(tid('settlement-loss-withdraw'));
    await waitForText(
      page,
      tid('settlement-loss-confirm'),
      `Without a loss share the 1 settlement of ${year} still due is paid in full again.`,
    );
    await page.click(tid('confirm-ok'));
    await dialogGone(page, 'settlement-loss-dialog');
    await waitForText(page, tid('settlement-terms-loss'), `Loss share ${year}: none decided`);
    await waitForRow(page, ['0,00 €', '500,00 €', `31.03.${year + 1}`]);
    await page.browserContext().close();

    // What the API recorded: the period, and the year's decision withdrawn (a withdrawn one is not listed).
    const terms = await product.api('/settlements/terms', { token });
    expect([terms.status, terms.body]).toEqual([200, { payoutPeriodMonths: 3, lossShares: [] }]);
    expect(found).toEqual({});
  }, 240_000);

  it('offers each form only to the roles the API lets save it: the loss share to a clerk, neither to a restricted user', async () => {
    for (const [username, roles] of [
      ['clerk', ['ROLE_USER']],
      ['reader', ['ROLE_RESTRICTED_USER']],
    ] as const) {
      const created = await product.api('/users', {
        method: 'POST',
        token,
        body: { username, password: 'Buchhaltung-Pass-1', passwordRepeat: 'Buchhaltung-Pass-1', roles },
      });
      expect(created.status).toBe(201);
    }
    const buttons = async (username: string) => {
      const page = await product.newPage();
      await page.goto(`${product.baseUrl}/login`);
      await signIn(page, username, 'Buchhaltung-Pass-1');
      await waitForPath(page, (p) => p === '/', 'the dashboard');
      await page.goto(`${product.baseUrl}/settlements?year=${year}`);
      await page.waitForSelector(tid('settlement-terms-period'));
      const shown = [
        (await page.$(tid('settlement-period-edit'))) !== null,
        (await page.$(tid('settlement-loss-edit'))) !== null,
      ];
      await page.browserContext().close();
      return shown;
    };
    expect(await buttons('clerk')).toEqual([false, true]);
    expect(await buttons('reader')).toEqual([false, false]);
  }, 120_000);
});
