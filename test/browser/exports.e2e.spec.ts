import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { accessibilityCheck, settled } from './support/accessibility.js';
import { screenshot, signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { downloaded } from './support/downloads.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * The members card's exports and PDFs (issue 26) against the real product: the seven buttons with their date menus,
 * the calendar's limits (ten years back to today, Monday first, dd.MM.yyyy), downloads under the server's file name
 * with the right first bytes, a large export as a background task whose notice follows it to the file, a failed
 * download shown, and the member dashboard's own statement of account. Every screen free of axe violations.
 */

// The server's business day (Europe/Berlin), which names the files, not the machine's day.
const TODAY = businessToday();
const THIS_YEAR = Number(TODAY.slice(0, 4));
/** The console's calendar offers the days up to the clerk's today: the browser runs in Europe/Berlin (support/product.ts). */
const MONTH = Number(TODAY.slice(5, 7)) - 1;
const DAY = Number(TODAY.slice(8, 10));
const LAST_YEAR_END = `${THIS_YEAR - 1}-12-31`;
const YEAR_BEFORE_END = `${THIS_YEAR - 2}-12-31`;
const FIRST_OF_MONTH = `${TODAY.slice(0, 7)}-01`;
const german = (iso: string) => iso.split('-').reverse().join('.');

/**
 * Opens the date menu of the export `name` and waits until its grow transition is over (a click during it can land on
 * another item while the menu is still scaling up).
 */
async function openMenu(page: Page, name: string): Promise<void> {
  await page.click(tid(`export-${name}-menu`));
  await page.waitForSelector(tid(`export-${name}-other`), { visible: true });
  await page.waitForFunction(
    (sel: string) => {
      const paper = document.querySelector(sel)?.closest('.MuiPaper-root');
      if (!paper) return false;
      const style = getComputedStyle(paper);
      return style.opacity === '1' && (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)');
    },
    {},
    tid(`export-${name}-other`),
  );
}

describe("the members card's exports and PDFs in the console", () => {
  let product: Product;
  let token: string;
  let bernd: string;
  const found: Record<string, string[]> = {};
  const pageErrors: string[] = [];
  const check = accessibilityCheck(found, 'exports');

  async function openAs(locale: 'en' | 'de', path: string): Promise<{ page: Page; dir: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'coop-exports-'));
    const context = await product.browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: dir },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.setViewport({ width: 1366, height: 860 });
    page.setDefaultTimeout(15_000);
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate((l: string) => localStorage.setItem('RaStorecoop.locale', JSON.stringify(l)), locale);
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(path)}`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === path, path);
    return { page, dir };
  }

  beforeAll(async () => {
    // One member at most at once: today's list (two members) goes to a background task, last year's (one) comes at once.
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG', EXPORT_SYNC_LIMIT: '1' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    bernd = await seedMember(product, token);
    const joined = `${THIS_YEAR}-01-01`;
    await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      givenName: 'Anna',
      name: 'Acker',
      entryDate: joined,
      approvalDate: joined,
      interestBegin: joined,
    });
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('offers each export as of today, two year ends and a calendar day, and downloads under the server name (English)', async () => {
    const { page, dir } = await openAs('en', '/');
    await waitForText(page, tid('member-exports'), 'Exports and lists');
    const labels = await page.$$eval(`${tid('member-exports')} [data-testid$="-today"]`, (els) =>
      els.map((el) => (el as HTMLElement).innerText.trim()),
    );
    expect(labels).toEqual([
      'CSV',
      'Excel (XLSX)',
      'OpenDocument (ODS)',
      'Member list',
      'Member list, active only',
      'Members with shares',
      'Statements of account',
    ]);
    await check(page, 'dashboard (en)');
    await screenshot(page, 'exports-dashboard-en');

    // The menu: the two year ends with their dates, and the calendar.
    await openMenu(page, 'csv');
    expect(await textOf(page, tid('export-csv-last-year'))).toBe(`Last day of last year (${german(LAST_YEAR_END)})`);
    expect(await textOf(page, tid('export-csv-year-before'))).toBe(
      `Last day of the year before (${german(YEAR_BEFORE_END)})`,
    );
    expect(await page.$eval(tid('export-csv-menu'), (b) => b.getAttribute('aria-expanded'))).toBe('true');
    await check(page, 'date menu (en)');

    // Last year's end: one member then, at once, under the server's name.
    const csv = await downloaded(page, dir, tid('export-csv-last-year'));
    expect(csv.name).toMatch(new RegExp(`^mitglieder-[a-z0-9-]+-${LAST_YEAR_END}\\.csv$`));
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = csv.bytes.toString('utf8');
    expect(text).toContain('Berger');
    expect(text).not.toContain('Acker');
    await waitForText(page, tid('export-saved'), `Downloaded ${csv.name}.`);

    // The calendar: Monday first, nothing after today nor before ten years back.
    await openMenu(page, 'xlsx');
    await page.click(tid('export-xlsx-other'));
    await page.waitForSelector(`${tid('export-calendar')} [role="grid"]`, { visible: true });
    await waitForText(page, tid('export-calendar-chosen'), `As of ${german(LAST_YEAR_END)}`);
    const weekdays = await page.$$eval(`${tid('export-calendar')} [role="columnheader"]`, (els) =>
      els.map((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText),
    );
    expect([weekdays[0], weekdays[6], weekdays.length]).toEqual(['Monday', 'Sunday', 7]);
    await check(page, 'calendar (en)');
    await screenshot(page, 'exports-calendar-en');
    // The year view lists the years from ten years back to this one, the others disabled or absent.
    await page.click(`${tid('export-calendar')} .MuiPickersCalendarHeader-switchViewButton`);
    await page.waitForSelector(`${tid('export-calendar')} .MuiYearCalendar-root`, { visible: true });
    const years = await page.$$eval(`${tid('export-calendar')} .MuiYearCalendar-root button`, (els) =>
      els.filter((b) => !(b as HTMLButtonElement).disabled).map((b) => Number((b as HTMLElement).innerText.trim())),
    );
    expect(years[0]).toBe(THIS_YEAR - 10);
    expect(years[years.length - 1]).toBe(THIS_YEAR);
    // This year, then this month: the days after today cannot be chosen; the first of the month can.
    await page.$$eval(
      `${tid('export-calendar')} .MuiYearCalendar-root button`,
      (els, y) => (els.find((b) => (b as HTMLElement).innerText.trim() === String(y)) as HTMLElement).click(),
      THIS_YEAR,
    );
    const month = MONTH;
    await page.waitForSelector(`${tid('export-calendar')} .MuiMonthCalendar-root`, { visible: true });
    const months = await page.$$eval(`${tid('export-calendar')} .MuiMonthCalendar-root button`, (els) =>
      els.map((b) => (b as HTMLButtonElement).disabled),
    );
    expect(months.slice(month + 1).every((d) => d)).toBe(true);
    expect(months.slice(0, month + 1).every((d) => !d)).toBe(true);
    await page.$$eval(
      `${tid('export-calendar')} .MuiMonthCalendar-root button`,
      (els, m) => (els[m] as HTMLElement).click(),
      month,
    );
    await page.waitForSelector(`${tid('export-calendar')} [role="grid"]`, { visible: true });
    const days = await page.$$eval(
      `${tid('export-calendar')} [role="gridcell"]:not(.MuiPickersDay-hiddenDaySpacingFiller)`,
      (els) =>
        els
          .filter((el) => /^\d+$/.test((el as HTMLElement).innerText.trim()))
          .map((el) => [Number((el as HTMLElement).innerText.trim()), (el as HTMLButtonElement).disabled] as const),
    );
    expect(days.filter(([d, disabled]) => !disabled && d > DAY)).toEqual([]);
    expect(days.filter(([d, disabled]) => disabled && d <= DAY)).toEqual([]);
    await page.$$eval(`${tid('export-calendar')} [role="gridcell"]`, (els) =>
      (els.find((el) => (el as HTMLElement).innerText.trim() === '1') as HTMLElement).click(),
    );
    await waitForText(page, tid('export-calendar-chosen'), `As of ${german(FIRST_OF_MONTH)}`);
    await check(page, 'calendar with a chosen day (en)');
    // Both members hold by the first of this month: above the limit, so the XLSX goes to the background.
    await page.click(tid('export-calendar-ok'));
    await waitForText(page, tid('export-background'), 'Excel (XLSX) is being made in the background');
    await page.waitForSelector(tid('export-background-file'), { timeout: 30_000 });
    expect(await textOf(page, tid('export-background-state'))).toBe('Completed');
    await check(page, 'background notice (en)');
    await screenshot(page, 'exports-background-en');
    const xlsx = await downloaded(page, dir, tid('export-background-file'));
    expect(xlsx.name).toMatch(new RegExp(`^mitglieder-[a-z0-9-]+-${FIRST_OF_MONTH}\\.xlsx$`));
    expect(xlsx.bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));

    // The PDFs as of today, at once (below PDF_SYNC_LIMIT).
    const list = await downloaded(page, dir, tid('export-memberList-today'));
    expect(list.name).toMatch(new RegExp(`^mitgliederliste-[a-z0-9-]+-${TODAY}\\.pdf$`));
    expect(list.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const statements = await downloaded(page, dir, tid('export-statements-today'));
    expect(statements.name).toMatch(/\.pdf$/);
    expect(statements.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.$(tid('export-failed'))).toBeNull();

    // A failed download is shown, not swallowed (the network refuses the request).
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.url().includes('/export/members.ods')) void request.abort();
      else void request.continue();
    });
    await page.click(tid('export-ods-today'));
    await waitForText(page, tid('export-failed'), 'OpenDocument (ODS) could not be downloaded');
    await check(page, 'failed download (en)');
    await page.browserContext().close();
    await rm(dir, { recursive: true, force: true });
    expect(found).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it("names everything in German and downloads the member's own statement of account from the member dashboard", async () => {
    const { page, dir } = await openAs('de', '/');
    await waitForText(page, tid('member-exports'), 'Exporte und Listen');
    const labels = await page.$$eval(`${tid('member-exports')} [data-testid$="-today"]`, (els) =>
      els.map((el) => (el as HTMLElement).innerText.trim()),
    );
    expect(labels).toEqual([
      'CSV',
      'Excel (XLSX)',
      'OpenDocument (ODS)',
      'Mitgliederliste',
      'Mitgliederliste, nur aktive',
      'Mitglieder mit Anteilen',
      // The members' statements of their share accounts (PDF), not "Kontoauszüge": that is the bank statements (CAMT).
      'Anteilskontoauszüge',
    ]);
    await openMenu(page, 'memberBalances');
    expect(await textOf(page, tid('export-memberBalances-year-before'))).toBe(
      `Letzter Tag des vorletzten Jahres (${german(YEAR_BEFORE_END)})`,
    );
    await page.click(tid('export-memberBalances-other'));
    await page.waitForSelector(`${tid('export-calendar')} [role="grid"]`, { visible: true });
    const weekdays = await page.$$eval(`${tid('export-calendar')} [role="columnheader"]`, (els) =>
      els.map((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText),
    );
    expect([weekdays[0], weekdays[6], weekdays.length]).toEqual(['Montag', 'Sonntag', 7]);
    await waitForText(page, tid('export-calendar-chosen'), `Stichtag ${german(LAST_YEAR_END)}`);
    await check(page, 'calendar (de)');
    const balances = await downloaded(page, dir, tid('export-calendar-ok'));
    expect(balances.name).toMatch(new RegExp(`-${LAST_YEAR_END}\\.pdf$`));
    expect(balances.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto(`${product.baseUrl}/member/${encodeURIComponent(bernd)}`);
    await waitForText(page, tid('member-statement'), 'Anteilskontoauszug');
    await check(page, 'member dashboard (de)');
    await screenshot(page, 'exports-member-statement-de');
    const own = await downloaded(page, dir, tid('member-statement'));
    expect(own.name).toMatch(new RegExp(`^kontoauszug-[a-z0-9-]+-${TODAY}\\.pdf$|^kontoauszug-.+\\.pdf$`));
    expect(own.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.$(tid('member-statement-failed'))).toBeNull();
    await page.browserContext().close();
    await rm(dir, { recursive: true, force: true });
    expect(found).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('shows no members card to a user administrator (no members:read)', async () => {
    const created = await product.api('/users', {
      method: 'POST',
      token,
      body: {
        username: 'useradmin',
        password: 'Verwaltung-Pass-1',
        passwordRepeat: 'Verwaltung-Pass-1',
        roles: ['ROLE_EDIT_USERS'],
      },
    });
    expect(created.status).toBe(201);
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent('/')}`);
    await signIn(page, 'useradmin', 'Verwaltung-Pass-1');
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector('h1');
    await settled(page);
    expect(await page.$(tid('dashboard-members-card'))).toBeNull();
    expect(await page.$(tid('member-exports'))).toBeNull();
    await page.browserContext().close();
  }, 60_000);
});
