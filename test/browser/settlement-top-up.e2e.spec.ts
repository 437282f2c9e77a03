import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chooseLanguage,
  clickElement,
  fill,
  signIn,
  textOf,
  tid,
  waitForPath,
  waitForText,
} from './support/console.js';
import { accessibilityCheck } from './support/accessibility.js';
import { businessYear, german, notAfterToday } from './support/dates.js';
import { startProduct, type Product } from './support/product.js';
import { seedLeaver, setUpCooperative } from './support/seed.js';

/**
 * The top-up of a paid settlement in the console (decision 370): last year's leaver paid in 250,00 € of 500,00 € and
 * was paid out 250,00 €; the register then corrected up to 500,00 € paid in. The row names the top-up owed and can be
 * selected again; the check and the payout take the 250,00 € owed alone, and the row then shows the top-up in the
 * amount paid, in German and English, free of axe violations.
 */
const year = businessYear() - 1;
// The payout on 15 January of this year and the top-up on 20 January, each today when its day is still to come (both
// are refused on a day after today): on 1 to 14 January both are today, a top-up may be dated on its payout's day.
const payoutDay = notAfterToday(`${year + 1}-01-15`);
const topUp = german(notAfterToday(`${year + 1}-01-20`));

describe('the top-up of a paid settlement in the console', () => {
  let product: Product;
  let token: string;
  let settlementId: string;
  const found: Record<string, string[]> = {};
  const check = accessibilityCheck(found, 'settlement-top-up');

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    const leaver = await seedLeaver(product, token, year, { givenName: 'Nora', name: 'Nachzahler', paid: 25_000 });
    settlementId = leaver.settlementId;
    const paid = await product.api('/settlements/pay', {
      method: 'POST',
      token,
      body: { ids: [settlementId], payoutDate: payoutDay },
    });
    expect(paid.status).toBe(201);
    const dues = await product.api(`/members/${leaver.member}/share-dues`, { token });
    const admission = (dues.body as { id: string }[])[0]!.id;
    const corrected = await product.api(`/shares/${admission}`, {
      method: 'PUT',
      token,
      body: { rueckpfleinzahlung: 50_000, interestEnd: null },
    });
    expect(corrected.status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('shows the top-up owed, pays only it, and shows it in the amount paid', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await clickElement(page, tid('dashboard-settlements'));
    await waitForPath(page, (p) => p === '/settlements', 'the settlements');
    const row = (testId: string) => `[data-id="${settlementId}"] ${tid(testId)}`;
    await waitForText(page, row('settlement-paid'), `Ausgezahlt am ${german(payoutDay)}`);
    await waitForText(page, row('settlement-owed'), 'Nachzahlung fällig: 250,00 € noch auszuzahlen');
    expect(await textOf(page, row('settlement-amount'))).toBe('250,00 €');
    await check(page, 'Nachzahlung fällig');

    await page.click(row('settlement-select'));
    await fill(page, tid('settlement-payout-date'), topUp);
    await page.click(tid('settlement-check'));
    await waitForText(page, tid('settlement-check-result'), '1 Auseinandersetzung, insgesamt 250,00 €');
    await page.click(tid('settlement-record'));
    await waitForText(page, tid('settlement-confirm-text'), 'insgesamt 250,00 €');
    await page.click(tid('settlement-confirm-yes'));
    await waitForText(page, row('settlement-top-up'), `davon Nachzahlung 250,00 € am ${topUp}`);
    expect(await textOf(page, row('settlement-amount'))).toContain('500,00 €');
    expect(await page.$$(tid('settlement-owed'))).toHaveLength(0);
    expect(await page.$$(tid('settlement-select'))).toHaveLength(0);
    await check(page, 'Nachzahlung erfasst');

    await chooseLanguage(page, 'en');
    await waitForText(page, row('settlement-top-up'), `incl. top-up 250,00 € on ${topUp}`);
    await check(page, 'top-up recorded');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 120_000);
});
