import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { pageOverflow, screenshot, signedInAt, tid, visit } from './support/console.js';
import { axeViolations } from './support/accessibility.js';
import { businessYear } from './support/dates.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * Issue 43 "At 1024 × 768" for the annual dividend, in German (the longest words): the calculation (with a member whose
 * missing tax id refuses the closure), step 2, a closure that credited dividends to the Geschäftsguthaben (its widest
 * list) and a member's dividends fit the window: the page does not scroll sideways, no list scrolls inside its box, and
 * no list reaches past its card (a card cuts what sticks out: the calculation's last columns were cut so). No axe
 * violation (any impact) on them either.
 */
const year = businessYear() - 1;

/**
 * How far the widest table in `scope` reaches past a box that clips it (its own scrolling box, or a card), in pixels: 0
 * when every table is shown whole without scrolling sideways.
 */
function cutTables(page: Page, scope: string): Promise<number> {
  return page.evaluate(
    (within: string) =>
      Math.max(
        0,
        ...Array.from(document.querySelectorAll(`${within} table`)).flatMap((table) => {
          const right = table.getBoundingClientRect().right;
          const cuts: number[] = [];
          for (let box = table.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
            const style = getComputedStyle(box);
            if (style.overflowX === 'visible') continue;
            cuts.push(Math.round(right - (box.getBoundingClientRect().right - parseFloat(style.borderRightWidth))));
          }
          return cuts;
        }),
      ),
    scope,
  );
}

describe('the annual dividend at 1024 × 768 in German', () => {
  let product: Product;
  let token: string;
  let closure: string;
  let credited: string;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Dividende Layout eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    // The widest values of a real list: a long name, a five-figure holding, church tax, an exemption order.
    credited = await seedMember(product, token, {
      givenName: 'Anna-Katharina',
      name: 'Acker-Großmann-Wiesenthal',
      shareAmount: 63,
      manualTaxId: '47036892816',
      churchId: 'rk',
      churchTaxRate: 9,
    });
    await seedMember(product, token, { givenName: 'Clara', name: 'Dorn', iban: 'DE02120300000000202051' });
    // Bernd has an exemption order from last year but no tax id: the calculation of last year lists him with the mark
    // that he refuses the closure.
    const bernd = await seedMember(product, token, { shareAmount: 12 });
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
    // Issue 45: Anna's initial shares half paid in, so the closure of 2020 credits her dividend to them (the list's
    // credit under the payout).
    const initial = await product.api(`/balances?filter=member:${credited},type:0`, { token });
    const [share] = initial.body as { id: string; amount: number }[];
    const paid = await product.api(`/shares/${share!.id}`, {
      method: 'PUT',
      token,
      body: { rueckpfleinzahlung: Math.floor(share!.amount / 2) },
    });
    expect(paid.status).toBe(200);
    const closed = await product.api('/dividend/store', {
      method: 'POST',
      token,
      body: { year: '2020', type: 'percent', amount: '10', decision_date: '2021-01-10', payment_date: '2021-01-15' },
    });
    expect([closed.status, (closed.body as { creditedAmount: number }).creditedAmount > 0]).toEqual([201, true]);
    closure = (closed.body as { id: string }).id;
  }, 120_000);

  afterAll(async () => {
    await product?.close();
  });

  it('shows the calculation, step 2, the closure and a member’s dividends without sideways scrolling or cut columns', async () => {
    const page = await signedInAt(product, '/', { locale: 'de', width: 1024, password: product.adminPassword });
    const calc = `year=${year}&type=percent&amount=4`;
    // Name, address, a mark of the screen with data, the region measured (the member page: its dividends).
    const screens: Array<[string, string, string, string]> = [
      ['calculation', `/dividend/calculator?${calc}`, tid('dividend-member-problem'), 'main'],
      ['step 2', `/dividend/annualClosure?${calc}`, tid('annual-closure-question'), 'main'],
      ['closure', `/dividend/closures/${closure}`, tid('dividend-closure-credited'), 'main'],
      ['member', `/member/${credited}`, tid('member-dividend'), tid('member-dividends')],
    ];
    const found: Record<string, unknown> = {};
    for (const [name, path, ready, scope] of screens) {
      await visit(page, path);
      await page.waitForSelector(ready, { visible: true });
      await page.waitForFunction(() => !document.querySelector('[data-testid="loading-spinner"]'));
      const measured = { page: await pageOverflow(page), cut: await cutTables(page, scope) };
      await screenshot(page, `dividend-layout-1024-${name.replace(/\W+/g, '-')}-de`);
      const violations = await axeViolations(page);
      if (measured.page + measured.cut > 0 || violations.length > 0) found[name] = { ...measured, violations };
    }
    expect(found).toEqual({});
    await page.browserContext().close();
  }, 120_000);
});
