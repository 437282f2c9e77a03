import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, tid, waitForPath, waitForText, where } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/** The differences from the seed's default member for `POST /members`: `Zeile, <givenName>` with the given number. */
function zeile(memberNr: number, givenName: string): Record<string, unknown> {
  return {
    memberNr,
    salutation: 'Frau',
    postalSalutation: 'female',
    givenName,
    name: 'Zeile',
    birthDate: '1980-04-12',
    shareAmount: 1,
    churchId: 'rk',
    churchTaxRate: 9,
  };
}

/** The member numbers of the list's rows, once they are `expected`. */
async function waitForRows(page: Page, expected: readonly string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (want: string) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('[data-testid="members-row"]'), (r) => r.getAttribute('data-member-nr')),
        ) === want,
      { timeout: 15_000 },
      JSON.stringify(expected),
    );
  } catch (error) {
    const rows = await page.$$eval('[data-testid="members-row"]', (rs) =>
      rs.map((r) => r.getAttribute('data-member-nr')),
    );
    throw new Error(
      `expected the rows ${expected.join(', ')}, found ${rows.join(', ')} at ${where(page)} (${String(error)})`,
    );
  }
}

/** The list's state as the screen shows it: the search text, the exited switch, and the address's parameters. */
async function shownState(page: Page): Promise<{ search: string; exited: boolean; address: Record<string, string> }> {
  const search = await page.$eval(tid('members-search'), (el) => (el as HTMLInputElement).value);
  const exited = await page.$eval(tid('members-show-exited'), (el) => (el as HTMLInputElement).checked);
  return { search, exited, address: Object.fromEntries(new URL(page.url()).searchParams) };
}

describe('lists keep their state in the address', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    const token = await product.apiLogin('admin', product.adminPassword);
    // A share price, without which no member is admitted.
    await setUpCooperative(product, token);
    // 23 members "Zeile" (901-923) and one who has exited (999): 24 with exited members, two pages of 20.
    for (let i = 1; i <= 23; i += 1) await seedMember(product, token, zeile(900 + i, `A${String(i).padStart(2, '0')}`));
    const gone = await seedMember(product, token, zeile(999, 'Z99'));
    const exit = await product.api('/balances', {
      method: 'POST',
      token,
      body: { member: gone, type: 8, date: '2021-06-30', approvalDate: '2021-06-30', interestBegin: '2021-06-30' },
    });
    expect(exit.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('comes back to the same search, exited switch and page after a member and Back, and after a reload', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/members`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/members', '/members');
    await page.waitForSelector(tid('members-row'));

    await page.click(tid('members-show-exited'));
    await waitForPath(page, (p) => p.includes('exited=1'), 'the exited switch in the address');
    await page.type(tid('members-search'), 'zeile');
    await waitForPath(page, (p) => p.includes('q=zeile'), 'the search in the address');
    await waitForText(page, tid('members-pagination'), '1–20 of 24');
    await page.click('[data-testid="members-pagination"] .cl-pagination-actions button:last-child');
    await waitForPath(page, (p) => p.includes('page=2'), 'the second page in the address');
    const secondPage = ['921', '922', '923', '999'];
    await waitForRows(page, secondPage);
    const expected = { search: 'zeile', exited: true, address: { exited: '1', q: 'zeile', page: '2' } };
    expect(await shownState(page)).toEqual(expected);
    await screenshot(page, 'lists-members-page-2');

    // To a member and Back: the same page of the same search, exited members still shown.
    await page.click(tid('member-open-999'));
    await waitForPath(page, (p) => p.startsWith('/member/'), 'the member dashboard');
    await page.waitForSelector(tid('member-title'));
    await page.goBack();
    await waitForPath(page, (p) => p.startsWith('/members?'), 'the list again');
    await waitForRows(page, secondPage);
    expect(await shownState(page)).toEqual(expected);
    await waitForText(page, tid('members-pagination'), '21–24 of 24');

    // A reload: the same again.
    await page.reload();
    await page.waitForSelector(tid('members-row'));
    await waitForRows(page, secondPage);
    expect(await shownState(page)).toEqual(expected);

    // Switching exited members off goes back to the first page of the search, and says so in the address.
    await page.click(tid('members-show-exited'));
    await waitForPath(page, (p) => !p.includes('exited=1') && !p.includes('page=2'), 'the switch off, first page');
    await waitForText(page, tid('members-pagination'), '1–20 of 23');
    expect((await shownState(page)).address).toEqual({ q: 'zeile' });
    await page.close();
  });

  it("keeps the users list's search when a user is chosen beside it", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/users`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p.startsWith('/users/'), 'the first user');
    await page.type(tid('users-search'), 'adm');
    await waitForPath(page, (p) => p.endsWith('?q=adm'), 'the search in the address');
    await page.click(tid('user-details-admin'));
    await waitForPath(page, (p) => /^\/users\/[^/?]+\?q=adm$/.test(p), 'the user, the search kept');
    expect(await page.$eval(tid('users-search'), (el) => (el as HTMLInputElement).value)).toBe('adm');
    await page.close();
  });

  it("filters the postings by a date range kept in the address, and finds a member's rows in the share register", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/balances`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/balances', '/balances');
    await page.waitForSelector(tid('balances-row'));

    // A date that is none is said at the field and not applied; then from 01.06.2021 only the exit of 999 is left.
    await page.type(tid('balances-filter-to'), '31.02.2021');
    await page.keyboard.press('Enter');
    await waitForText(page, '.MuiFormHelperText-root.Mui-error', 'Invalid date');
    expect(new URL(page.url()).searchParams.has('to')).toBe(false);
    await page.click(tid('balances-filter-to'), { count: 3 });
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await page.type(tid('balances-filter-from'), '01.06.2021');
    await page.keyboard.press('Enter');
    await waitForPath(page, (p) => p.includes('from=2021-06-01'), 'the start date in the address');
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="balances-row"]'), (r) =>
        r.getAttribute('data-type'),
      );
      return rows.length === 1 && rows[0] === '8';
    });
    await screenshot(page, 'lists-postings-from');
    await page.reload();
    await page.waitForSelector('[data-testid="balances-row"][data-type="8"]');
    expect(await page.$eval(tid('balances-filter-from'), (el) => (el as HTMLInputElement).value)).toBe('01.06.2021');
    expect(await page.$$eval(tid('balances-row'), (rows) => rows.length)).toBe(1);

    // The share register names each row's member; a member number searched lists that member's rows first.
    await page.goto(`${product.baseUrl}/shares`);
    await page.waitForSelector(tid('shares-row'));
    await page.type(tid('shares-search'), 'Z99 zeile');
    await waitForPath(page, (p) => p.includes('q=Z99+zeile'), 'the search in the address');
    await page.waitForFunction(() => {
      const names = Array.from(document.querySelectorAll('[data-testid="shares-member-name"]'), (c) =>
        (c as HTMLElement).innerText.trim(),
      );
      return names.length === 2 && names.every((n) => n === 'Zeile, Z99');
    });
    await screenshot(page, 'lists-share-register-search');
    await page.close();
  });
});
