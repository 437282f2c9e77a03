import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import type { Page } from 'puppeteer-core';
import {
  choose,
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
import { noticesFromNow } from './support/notices.js';
import { startProduct, type Product } from './support/product.js';
import { cooperativeIdOf, seedMember, setUpCooperative } from './support/seed.js';

/** Issue 22 "Safety nets" in the console: warnings to confirm, possible duplicates, unsaved changes, the own password. */

const MEMBER_ID = /^\/member\/([0-9a-f-]{36})$/;

/** Waits until the dialog with this test id has faded in. */
async function waitForDialog(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(tid(testId), { visible: true });
  await page.waitForFunction(
    (id: string) => {
      const container = document.querySelector(`[data-testid="${id}"] .MuiDialog-container`);
      return !!container && getComputedStyle(container).opacity === '1';
    },
    {},
    testId,
  );
}

async function waitForDialogGone(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id: string) => !document.querySelector(`[data-testid="${id}"]`), {}, testId);
}

/** Fills the new-member form with a valid natural person (the dates left as the form defaults them). */
async function fillNewMember(
  page: Page,
  name: string,
  givenName: string,
  birthDate: string,
  iban: string,
): Promise<void> {
  await page.waitForSelector('form input[name="name"]');
  await choose(page, 'member-salutation', 'Frau');
  await fill(page, 'input[name="givenName"]', givenName);
  await fill(page, 'input[name="name"]', name);
  await fill(page, 'input[name="birthDate"]', birthDate);
  await choose(page, 'member-civilStatus', '0');
  await choose(page, 'member-postalSalutation', 'female');
  await fill(page, 'input[name="street"]', 'Ahornallee');
  await fill(page, 'input[name="streetHomeNumber"]', '3');
  await fill(page, 'input[name="zipCode"]', '10117');
  await fill(page, 'input[name="city"]', 'Berlin');
  await choose(page, 'member-state', 'be');
  await fill(page, 'input[name="bankname"]', 'Testbank');
  await fill(page, 'input[name="iban"]', iban);
  await fill(page, 'input[name="bic"]', 'COBADEFFXXX');
}

/** `dd.MM.yyyy` of the day `days` after today (the browser's calendar, as the form's default dates). */
/** The business day (Europe/Berlin, as the server counts) `days` from today, as typed: `dd.mm.yyyy`. */
function dayFromToday(days: number): string {
  const d = new Date(Date.parse(`${businessToday()}T00:00:00Z`) + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}

describe('safety nets', () => {
  let product: Product;
  let token: string;
  let existingId: string;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Netz eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token, {
      name: 'Netz eG',
      fullName: 'Netz Energiegenossenschaft eG',
      email: 'info@netz-eg.de',
      url: 'https://netz-eg.de',
      interestBeginRule: 'nextMonth',
    });
    existingId = await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      title: undefined, // sent without a title
      givenName: 'Clara',
      name: 'Zwilling',
      birthDate: '1981-02-03',
      iban: 'DE02500105170137075030',
      approvalDate: '2020-01-02',
      interestBegin: '2020-02-01',
    });
    const clerk = await product.api('/users', {
      method: 'POST',
      token,
      body: {
        username: 'clerk',
        password: 'Buchung-first-Pa55',
        passwordRepeat: 'Buchung-first-Pa55',
        roles: ['ROLE_USER', 'ROLE_CHANGE_OWN_PASSWORD'],
      },
    });
    expect(clerk.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('a future entry date asks for a confirmation; cancelled nothing is saved, confirmed the member is created', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/members/new`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/members/new', '/members/new');
    await fillNewMember(page, 'Morgen', 'Mara', '12.12.1990', 'DE02100100100006820101');
    // The interest begin follows the cooperative's rule: the 1st of the month after the entry date.
    const tomorrow = dayFromToday(1);
    await fill(page, 'input[name="entryDate"]', tomorrow);
    await fill(page, 'input[name="approvalDate"]', tomorrow);
    const [, month, year] = tomorrow.split('.').map(Number) as [number, number, number];
    const expectedBegin = month === 12 ? `01.01.${year + 1}` : `01.${String(month + 1).padStart(2, '0')}.${year}`;
    await page.waitForFunction(
      (v: string) =>
        (document.querySelector('form input[name="interestBegin"]') as HTMLInputElement | null)?.value === v,
      {},
      expectedBegin,
    );

    await page.click(tid('save'));
    await waitForDialog(page, 'warnings-dialog');
    expect(await textOf(page, tid('warning-entryDate'))).toBe(`Entry date: The date ${tomorrow} lies in the future`);
    await screenshot(page, 'safety-warnings-future-entry');
    // The 4 s notice, seen by an observer set before the click (a per-frame check after it can miss it under load).
    const notice = await noticesFromNow(page);
    await page.click(`${tid('warnings-dialog')} ${tid('confirm-cancel')}`);
    await waitForDialogGone(page, 'warnings-dialog');
    await notice('Not saved: the warnings were not confirmed.');
    expect(where(page)).toBe('/members/new');

    await page.click(tid('save'));
    await waitForDialog(page, 'warnings-dialog');
    await page.click(`${tid('warnings-dialog')} ${tid('confirm-ok')}`);
    await waitForPath(page, (p) => MEMBER_ID.test(p), 'the new member dashboard');
    await waitForText(page, tid('member-title'), 'Morgen, Mara');
  });

  it('a possible duplicate is shown with a link to the existing member before a new one is created', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/members/new`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/members/new', '/members/new');
    await page.waitForSelector('form input[name="name"]');
    await chooseLanguage(page, 'de');
    await waitForText(page, tid('form-title'), 'Neues Mitglied');
    await fillNewMember(page, 'Zwilling', 'Clara', '03.02.1981', 'DE75512108001245126199');
    await page.click(tid('save'));
    await waitForDialog(page, 'duplicates-dialog');
    expect(await textOf(page, tid('duplicates-dialog'))).toContain('gleicher Name und gleiches Geburtsdatum');
    expect(await page.$eval(tid('duplicate-link'), (a) => (a as HTMLAnchorElement).getAttribute('href'))).toBe(
      `/member/${existingId}`,
    );
    expect(await textOf(page, tid('duplicate-link'))).toBe('1 Zwilling, Clara');
    await screenshot(page, 'safety-duplicate');
    // Cancelled: still on the form, nothing created.
    await page.click(`${tid('duplicates-dialog')} ${tid('confirm-cancel')}`);
    await waitForDialogGone(page, 'duplicates-dialog');
    expect(where(page)).toBe('/members/new');
    // Confirmed: created anyway.
    await page.click(tid('save'));
    await waitForDialog(page, 'duplicates-dialog');
    await page.click(`${tid('duplicates-dialog')} ${tid('confirm-ok')}`);
    await waitForPath(page, (p) => MEMBER_ID.test(p) && !p.endsWith(existingId), 'the second member dashboard');
  });

  it('leaving a form with unsaved changes asks first', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/members/${existingId}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === `/members/${existingId}`, 'the member form');
    await page.waitForSelector('form input[name="city"]');
    // Untouched, Back leaves at once.
    await page.click(tid('back'));
    await waitForPath(page, (p) => p === `/member/${existingId}`, 'the dashboard');
    await page.goBack();
    await page.waitForSelector('form input[name="city"]');
    await fill(page, 'input[name="city"]', 'Potsdam');
    await page.click(tid('back'));
    await waitForDialog(page, 'unsaved-dialog');
    await screenshot(page, 'safety-unsaved');
    await page.click(`${tid('unsaved-dialog')} ${tid('confirm-cancel')}`);
    await waitForDialogGone(page, 'unsaved-dialog');
    expect(where(page)).toBe(`/members/${existingId}`);
    expect(await page.$eval('form input[name="city"]', (i) => (i as HTMLInputElement).value)).toBe('Potsdam');
    // A menu link asks too; leaving drops the change.
    await page.click(tid('menu-members'));
    await waitForDialog(page, 'unsaved-dialog');
    await page.click(`${tid('unsaved-dialog')} ${tid('confirm-ok')}`);
    await waitForPath(page, (p) => p.startsWith('/members') && p !== `/members/${existingId}`, 'the member list');
    const after = await product.api(`/members/${existingId}`, { token });
    expect((after.body as { city: string }).city).toBe('Berlin');
  });

  it('a saved form leaves without asking', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/members/${existingId}`);
    await signIn(page, 'admin', product.adminPassword);
    await page.waitForSelector('form input[name="city"]');
    await fill(page, 'input[name="city"]', 'Kassel');
    await page.click(tid('save'));
    await waitForPath(page, (p) => p === `/member/${existingId}`, 'the dashboard after saving');
    expect(await page.$(tid('unsaved-dialog'))).toBeNull();
  });

  it("the cooperative's interest-begin rule: chosen in the cooperative form, shown on its card, defaulting a posting's interest begin; a posting dated tomorrow asks", async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/cooperative`);
    await signIn(page, 'admin', product.adminPassword);
    await page.waitForSelector('form input[name="balanceCost"]');
    await choose(page, 'cooperative-interestBeginRule', 'nextQuarter');
    await page.click(tid('save'));
    const coopId = cooperativeIdOf(token);
    for (let i = 0; i < 50; i++) {
      if (
        ((await product.api(`/cooperatives/${coopId}`, { token })).body as { interestBeginRule?: string })
          .interestBeginRule === 'nextQuarter'
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.goto(`${product.baseUrl}/administration`);
    await waitForText(page, tid('cooperative-interestBeginRule'), '1st of the next quarter');

    await page.goto(`${product.baseUrl}/balances/new/type/1/member/${existingId}`);
    await page.waitForSelector('form input[name="date"]');
    await fill(page, 'input[name="date"]', '10.05.2021');
    await page.waitForFunction(
      () =>
        (document.querySelector('form input[name="interestBegin"]') as HTMLInputElement | null)?.value === '01.07.2021',
    );
    // Typed by the clerk, the interest begin stays as typed when the date changes.
    await fill(page, 'input[name="interestBegin"]', '15.05.2021');
    await fill(page, 'input[name="date"]', '11.05.2021');
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.$eval('form input[name="interestBegin"]', (i) => (i as HTMLInputElement).value)).toBe(
      '15.05.2021',
    );

    // A posting dated tomorrow asks too, through the same dialog; confirmed, it is posted.
    const tomorrow = dayFromToday(1);
    await fill(page, 'input[name="date"]', tomorrow);
    await fill(page, 'input[name="approvalDate"]', tomorrow);
    await page.click(tid('save'));
    await waitForDialog(page, 'warnings-dialog');
    expect(await textOf(page, tid('warning-date'))).toBe(`Date: The date ${tomorrow} lies in the future`);
    await page.click(`${tid('warnings-dialog')} ${tid('confirm-ok')}`);
    await waitForPath(page, (p) => p === `/member/${existingId}`, 'the dashboard after the posting');
  });

  it('a user changes the own password from the top bar and signs in with the new one', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/`);
    await signIn(page, 'clerk', 'Buchung-first-Pa55');
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    // Found and clicked in one step: the top bar redraws while the dashboard and the unread count load.
    await clickElement(page, tid('own-password-link'));
    await waitForDialog(page, 'own-password-dialog');
    // A wrong current password, then new passwords that differ: each said at its field.
    await fill(page, tid('own-password-current'), 'not-my-password');
    await fill(page, tid('own-password-password'), 'Buchung-second-Pa55');
    await fill(page, tid('own-password-passwordRepeat'), 'Buchung-second-Pa55');
    await page.click(tid('own-password-save'));
    await page.waitForFunction(() => document.body.innerText.includes('The current password is not correct'));
    await fill(page, tid('own-password-current'), 'Buchung-first-Pa55');
    await fill(page, tid('own-password-passwordRepeat'), 'Buchung-other-Pa55');
    await page.click(tid('own-password-save'));
    await page.waitForFunction(() => document.body.innerText.includes('Passwords are not equal'));
    await screenshot(page, 'safety-own-password');
    await fill(page, tid('own-password-passwordRepeat'), 'Buchung-second-Pa55');
    // Its answer and its 4 s notice, seen by an observer set before the click; the new password signs in below.
    const changed = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/me/password'));
    const changedNotice = await noticesFromNow(page);
    await page.click(tid('own-password-save'));
    expect((await changed).status()).toBe(204);
    await changedNotice('Your password has been changed.');
    await waitForDialogGone(page, 'own-password-dialog');

    await page.click(tid('logout-link'));
    await waitForPath(page, (p) => p.startsWith('/login'), 'the login page');
    await signIn(page, 'clerk', 'Buchung-second-Pa55');
    await waitForPath(page, (p) => p === '/', 'the dashboard with the new password');
    await expect(product.apiLogin('clerk', 'Buchung-first-Pa55')).rejects.toThrow();
  });
});
