import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chooseLanguage, screenshot, signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { accessibilityCheck } from './support/accessibility.js';
import { businessYear, notAfterToday } from './support/dates.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * Money paid after the end's day in the console (decision 414): a member of two shares of 250,00 € paid in 300,00 €,
 * then 200,00 € on 15 January of this year, and only then was a death of last March recorded (the membership ended at
 * last year's end). The general meeting takes a loss share of 10 %: of the 300,00 € Geschäftsguthaben, 30,00 €. The
 * row names the 200,00 € in the holding as paid after the end and refunded whole, and the amount is 470,00 €, in German
 * and English, free of axe violations.
 */
const year = businessYear() - 1;
const latePayment = notAfterToday(`${year + 1}-01-15`);

describe('money paid after the end in the settlements list', () => {
  let product: Product;
  let token: string;
  let settlementId: string;
  const found: Record<string, string[]> = {};
  const check = accessibilityCheck(found, 'settlement-late-money');

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    const member = await seedMember(product, token, { givenName: 'Sepp', name: 'Spät', paid: 30_000 });
    const payment = await product.api(`/members/${member}/share-payments`, {
      method: 'POST',
      token,
      body: { date: latePayment, amount: 20_000, method: 'transfer' },
    });
    expect(payment.status).toBe(201);
    const death = await product.api('/balances', {
      method: 'POST',
      token,
      body: {
        member,
        type: 6,
        date: `${year}-03-10`,
        approvalDate: `${year}-03-10`,
        interestBegin: `${year}-03-10`,
        noticeDate: `${year}-03-10`,
      },
    });
    expect(death.status).toBe(201);
    settlementId = `${member}.${(death.body as { id: string }).id}`;
    const loss = await product.api('/settlements/loss-shares', {
      method: 'PUT',
      token,
      body: { year, kind: 'percent', percent: '10', decisionDate: notAfterToday(`${year + 1}-05-20`) },
    });
    expect(loss.status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('names the late money in the holding, takes the loss share of the rest and refunds it in the amount', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/settlements?year=${year}`);
    const row = (testId: string) => `[data-id="${settlementId}"] ${tid(testId)}`;
    await waitForText(
      page,
      row('settlement-paid-after-end'),
      'davon 200,00 € nach dem Ende eingezahlt, voll erstattet',
    );
    expect(await textOf(page, row('settlement-loss-share'))).toBe('30,00 €');
    expect(await textOf(page, row('settlement-amount'))).toBe('470,00 €');
    await check(page, 'Einzahlung nach dem Ende');
    await screenshot(page, 'settlement-late-money-de');

    await chooseLanguage(page, 'en');
    await waitForText(page, row('settlement-paid-after-end'), 'incl. 200,00 € paid after the end, refunded whole');
    await check(page, 'paid after the end');
    await screenshot(page, 'settlement-late-money-en');
    await page.setViewport({ width: 1024, height: 768 });
    await check(page, 'paid after the end at 1024 px');
    await screenshot(page, 'settlement-late-money-en-1024');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 120_000);
});
