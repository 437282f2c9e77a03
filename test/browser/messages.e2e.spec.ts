import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday, membershipEndDate } from '@coop/contracts';
import type { HTTPRequest, Page } from 'puppeteer-core';
import {
  choose,
  chooseLanguage,
  fill,
  screenshot,
  signIn,
  textOf,
  tid,
  waitForFieldMessage,
  waitForPath,
  waitForText,
  where,
} from './support/console.js';
import { noticesFromNow } from './support/notices.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

const MEMBER_ID = /^\/member\/([0-9a-f-]{36})$/;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Well under react-query's retries of a failed read (1, 2 and 4 s apart): the not-found page shows without them. */
const AT_ONCE_MS = 3_000;

/** The answer to the console's `POST /api/v1/<path>` (the save's write). */
const posted = (page: Page, path: string) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/v1/${path}`));

/** Opens the login page in German and signs in. */
async function signInGerman(page: Page, product: Product, password: string): Promise<void> {
  await page.goto(`${product.baseUrl}/login`);
  await chooseLanguage(page, 'de');
  await waitForText(page, tid('login-submit'), 'Anmelden');
  await signIn(page, 'admin', password);
}

describe("messages in the clerk's language (German)", () => {
  let product: Product;
  let token: string;
  let memberId: string;

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    // Bernd Berger (the seed's default member).
    memberId = await seedMember(product, token);
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it("a wrong password shows the German failure, not the server's English message", async () => {
    const page = await product.newPage();
    await signInGerman(page, product, 'not-the-password');
    await page.waitForSelector(tid('login-error'));
    expect(await textOf(page, tid('login-error'))).toBe('Benutzername oder Passwort ist falsch');
    expect(where(page)).toMatch(/^\/login/);
    await screenshot(page, 'messages-wrong-password-de');
    await page.browserContext().close();
  }, 60_000);

  it('an unknown member id shows the not-found page at once, asking the API once, with no spinner', async () => {
    const page = await product.newPage();
    await signInGerman(page, product, product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await waitForText(page, tid('menu-members'), 'Mitglieder');
    const asked: string[] = [];
    page.on('request', (req: HTTPRequest) => {
      if (req.url().includes(`/api/v1/members/${UNKNOWN}`)) asked.push(req.url());
    });

    // The member dashboard.
    await page.goto(`${product.baseUrl}/member/${UNKNOWN}`);
    await page.waitForSelector(tid('not-found'), { timeout: AT_ONCE_MS });
    expect(await textOf(page, tid('not-found'))).toContain('Mitglied nicht gefunden');
    expect(await page.$('.cl-page-loading')).toBeNull();
    await screenshot(page, 'messages-unknown-member-de');
    // The master data form: the not-found page too, not a leap to the list.
    await page.goto(`${product.baseUrl}/members/${UNKNOWN}`);
    await page.waitForSelector(tid('not-found'), { timeout: AT_ONCE_MS });
    expect(await textOf(page, tid('not-found'))).toContain('Mitglied nicht gefunden');
    expect(where(page)).toBe(`/members/${UNKNOWN}`);
    // Each screen asked once (a 404 is not asked again).
    expect(asked.filter((u) => u.endsWith(`/members/${UNKNOWN}`))).toHaveLength(2);
    // Any id the API does not know, not only a well-formed one.
    await page.goto(`${product.baseUrl}/member/nonexistent`);
    await page.waitForSelector(tid('not-found'), { timeout: AT_ONCE_MS });
    expect(await textOf(page, tid('not-found'))).toContain('Mitglied nicht gefunden');
    // An address the console does not have.
    await page.goto(`${product.baseUrl}/members/${UNKNOWN}/show`);
    await page.waitForSelector(tid('not-found'), { timeout: AT_ONCE_MS });
    expect(await textOf(page, tid('not-found'))).toContain('Unter dieser Adresse gibt es keine Seite.');
    await page.browserContext().close();
  }, 60_000);

  it('a withdrawal beyond the minimum holding shows the German template text at the field', async () => {
    const page = await product.newPage();
    await signInGerman(page, product, product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/balances/new/type/2/member/${memberId}`);
    await page.waitForSelector('input[name="quantity"]');
    await waitForText(page, tid('save'), 'Speichern');
    await fill(page, 'input[name="quantity"]', '2');
    await page.click(tid('save'));
    // A partial termination (§ 67b GenG) takes effect at the end of the financial year: what the member holds then and
    // what must remain (2 held, at least 1 stays), on the effective date of a notice given today.
    const effective = membershipEndDate({ reason: 'partial', date: businessToday(), noticePeriodMonths: 3 });
    const [y, mo, d] = effective.split('-');
    await waitForFieldMessage(
      page,
      'quantity',
      `Das Mitglied hält am ${d}.${mo}.${y} 2 Anteile; mindestens 1 müssen verbleiben`,
    );
    await screenshot(page, 'messages-withdrawal-refused-de');
    await page.browserContext().close();
  }, 60_000);

  it('a created member and a subscription are named in the success notice', async () => {
    const page = await product.newPage();
    await signInGerman(page, product, product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/members/new`);
    await page.waitForSelector('form input[name="name"]');
    await waitForText(page, tid('save'), 'Speichern');
    await choose(page, 'member-salutation', 'Frau');
    await fill(page, 'input[name="givenName"]', 'Anna');
    await fill(page, 'input[name="name"]', 'Adler');
    await fill(page, 'input[name="birthDate"]', '15.03.1980');
    await choose(page, 'member-civilStatus', '0');
    await choose(page, 'member-postalSalutation', 'female');
    await fill(page, 'input[name="street"]', 'Ahornallee');
    await fill(page, 'input[name="streetHomeNumber"]', '12a');
    await fill(page, 'input[name="zipCode"]', '10117');
    await fill(page, 'input[name="city"]', 'Berlin');
    await choose(page, 'member-state', 'be');
    await fill(page, 'input[name="bankname"]', 'Testbank');
    // An IBAN of her own: the seeded members' IBAN under another name would ask about a possible duplicate first.
    await fill(page, 'input[name="iban"]', 'DE35 3704 0044 0532 0130 99');
    await fill(page, 'input[name="bic"]', 'COBADEFFXXX');
    await fill(page, 'input[name="shareAmount"]', '3');
    let notice = await noticesFromNow(page);
    let answer = posted(page, 'members');
    await page.click(tid('save'));
    expect((await answer).status()).toBe(201);
    await waitForPath(page, (p) => MEMBER_ID.test(p), "the new member's dashboard");
    const created = MEMBER_ID.exec(where(page))![1]!;
    const nr = ((await product.api(`/members/${created}`, { token })).body as { memberNr: number }).memberNr;
    expect(nr).toBeGreaterThan(0);
    await notice(`Mitglied ${nr} angelegt`);
    await screenshot(page, 'messages-member-created-de');

    // The member's dashboard is its own chunk (decision 180): the form stays on screen until it has loaded.
    await page.waitForSelector(tid('member-action-1'), { visible: true });
    await page.click(tid('member-action-1'));
    await waitForPath(page, (p) => p === `/balances/new/type/1/member/${created}`, 'the subscription form');
    await page.waitForSelector('input[name="quantity"]');
    await fill(page, 'input[name="quantity"]', '3');
    notice = await noticesFromNow(page);
    answer = posted(page, 'balances');
    await page.click(tid('save'));
    expect((await answer).status()).toBe(201);
    await waitForPath(page, (p) => p === `/member/${created}`, 'back on the dashboard');
    await notice('3 Anteile gezeichnet');
    await page.browserContext().close();
  }, 90_000);
});
