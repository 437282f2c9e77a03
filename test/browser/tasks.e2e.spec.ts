import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import {
  clickElement,
  clickMenuOption,
  fill,
  screenshot,
  signIn,
  textOf,
  tid,
  waitForPath,
  waitForText,
} from './support/console.js';
import { accessibilityProblems } from './support/accessibility.js';
import { noticesFromNow } from './support/notices.js';
import { ROOT, startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';
import { tableFit } from './support/table-fit.js';
import { businessYear } from './support/dates.js';

/**
 * Background tasks and notifications in the console (issue 24), against the real product: a refused KiStAM start in
 * German, then KiStAM started from the dashboard, its task waiting for the answer, its notifications (a KiStAM error
 * leading to the member), notifications marked seen one by one and all at once; the answer file uploaded in German, the
 * member's church data read. Every screen free of axe violations (any impact), one main landmark, one h1.
 */

/** Waits until the top bar's request spinner is gone (the running-task indicator may stay). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="loading-spinner"]'), { timeout: 30_000 });
  await new Promise((r) => setTimeout(r, 300));
}

/** The visible headlines of the notification list. */
const headlines = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid="notification-open"]', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));

/** The unread count of the top bar's link ('' when none is shown). */
const unread = (page: Page): Promise<string> =>
  page.$eval(
    tid('notifications-link'),
    (el) => (el.querySelector('[data-testid="notifications-unread"]') as HTMLElement | null)?.innerText.trim() ?? '',
  );

/** The top menu's entries all on one line (the notification link and the task indicator leave room for it at 1366 px). */
const menuLines = (page: Page): Promise<number> =>
  page.$$eval(
    'header nav a',
    (links) => new Set(links.map((a) => Math.round((a as HTMLElement).getBoundingClientRect().top))).size,
  );

async function signInAs(page: Page, product: Product, locale: 'en' | 'de', path = '/'): Promise<void> {
  await page.goto(`${product.baseUrl}/login`);
  await page.evaluate((l: string) => localStorage.setItem('RaStorecoop.locale', JSON.stringify(l)), locale);
  await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, 'admin', product.adminPassword);
  await waitForPath(page, (p) => p === path, path);
}

describe('tasks and notifications in the console', () => {
  let product: Product;
  let token: string;
  /** Bernd Berger (no. 1): two shares since 2020 and a valid tax id: asked about. */
  let bernd: string;
  /** Anna Acker (no. 2): two shares since 2020, no tax id: a KiStAM error. */
  let anna: string;
  const found: Record<string, string[]> = {};
  const check = async (page: Page, name: string) => {
    await settled(page);
    const problems = await accessibilityProblems(page);
    if (problems.length > 0) {
      found[name] = problems;
      await screenshot(page, `tasks-axe-${name.replace(/\W+/g, '-')}`);
    }
  };

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    bernd = await seedMember(product, token, { manualTaxId: '47036892816' });
    anna = await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      givenName: 'Anna',
      name: 'Acker',
      iban: 'DE02120300000000202051',
    });
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('refuses KiStAM without an approval number of process km, in German, and goes back on No', async () => {
    const page = await product.newPage();
    await signInAs(page, product, 'de');
    await waitForText(page, tid('dashboard-notifications-card'), 'Keine ungelesenen Benachrichtigungen.');
    expect(await menuLines(page)).toBe(1);
    await clickElement(page, tid('dashboard-start-kistam'));
    await waitForPath(page, (p) => p === '/dashboard/kistam', 'the KiStAM confirmation');
    await waitForText(page, 'h1', 'KiStAM starten?');
    await check(page, 'KiStAM-Bestaetigung');
    await page.click(tid('kistam-yes'));
    await waitForText(
      page,
      tid('kistam-refused'),
      'Es ist keine Zulassungsnummer des Verfahrens km (KiStAM) hinterlegt.',
    );
    await screenshot(page, 'tasks-kistam-refused-de');
    await page.click(tid('kistam-no'));
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    const tasks = await product.api('/tasks', { token });
    expect(tasks.status).toBe(204);
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 90_000);

  it('starts KiStAM from the dashboard, shows the task and its notifications, opens the member from a KiStAM error and marks notifications seen', async () => {
    const elma = await product.api('/elmanumbers', {
      method: 'POST',
      token,
      body: { elmaProcess: 'km', elmaNumber: '12345678901' },
    });
    expect(elma.status).toBe(201);
    // A context that saves downloads, to see the request file arrive.
    const downloads = await mkdtemp(join(tmpdir(), 'coop-downloads-'));
    const context = await product.browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: downloads },
    });
    const page = await context.newPage();
    await page.setViewport({ width: 1366, height: 860 });
    page.setDefaultTimeout(15_000);
    await signInAs(page, product, 'en');
    await clickElement(page, tid('dashboard-start-kistam'));
    await waitForPath(page, (p) => p === '/dashboard/kistam', 'the KiStAM confirmation');
    await waitForText(page, 'h1', 'Start KiStAM?');
    await check(page, 'KiStAM confirmation');
    const notice = await noticesFromNow(page);
    await page.click(tid('kistam-yes'));
    await waitForPath(page, (p) => p === '/', 'the dashboard again');
    await notice('The KiStAM task has been queued.');
    await waitForText(page, tid('dashboard-notifications-card'), 'KiStAM task started');
    await check(page, 'dashboard with notifications');
    await screenshot(page, 'tasks-dashboard-en');

    // The task waits for the answer with its request file; the list (from the dashboard's card) offers file and upload.
    await clickElement(page, tid('dashboard-to-tasks'));
    await waitForPath(page, (p) => p === '/tasks', 'the tasks from the dashboard');
    await page.waitForSelector('[data-testid="task-row"][data-kind="kistam"][data-state="waiting"]', {
      timeout: 30_000,
    });
    await waitForText(page, tid('task-state'), 'Waiting for the answer file');
    expect(await page.$$eval(tid('task-file'), (els) => els.map((el) => (el as HTMLElement).innerText.trim()))).toEqual(
      [expect.stringMatching(/\.csv$/)],
    );
    await page.waitForSelector(tid('task-upload-answer'));
    // At 1024 px the table fits: no sideways scroll, the upload button on screen, the file name on one line (title whole).
    await page.setViewport({ width: 1024, height: 768 });
    await page.waitForFunction(() => window.innerWidth === 1024);
    const fit = await tableFit(page, { table: 'tasks-table', action: 'task-upload-answer', file: 'task-file' });
    expect(fit).toEqual({
      overflow: 0,
      actionVisible: true,
      fileOneLine: true,
      title: expect.stringMatching(/\.csv$/),
    });
    await page.setViewport({ width: 1366, height: 860 });
    // The file is fetched with the token and saved under its name.
    const fileName = await textOf(page, tid('task-file'));
    await page.click(tid('task-file'));
    const deadline = Date.now() + 10_000;
    while (!(await readdir(downloads)).includes(fileName) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await readdir(downloads)).toEqual([fileName]);
    expect(await readFile(join(downloads, fileName), 'utf8')).toMatch(
      /^Satzart;Ordnungskriterium;Anfragedatum;Anfragetyp;IdNr;Geburtsdatum\r\n1;1;31\.08\.\d{4};1;47036892816;04\.05\.1970\r\n$/,
    );
    await rm(downloads, { recursive: true, force: true });
    await waitForText(page, tid('task-summary'), 'Requested: 1');
    await check(page, 'tasks');
    await screenshot(page, 'tasks-list-en');

    // The top bar's link shows the unread count and opens the notifications: started, the run's members it cannot ask
    // about (Anna: one notification per run, issue 43), the status date explained, request ready.
    await page.waitForFunction(() => !!document.querySelector('[data-testid="notifications-unread"]'));
    expect(Number(await unread(page))).toBe(4);
    await clickElement(page, tid('notifications-link'));
    await waitForPath(page, (p) => p === '/notifications', 'the notifications');
    await page.waitForSelector(tid('notification-row'));
    expect((await headlines(page)).sort()).toEqual(
      [
        'KiStAM: 1 member cannot be queried',
        expect.stringMatching(
          /^Regular query: BZSt answers the church tax status on 31\.08\.\d{4} \(always 31 August; queried from 1 September to 31 October\), which applies to the dividends paid in \d{4}\.$/,
        ),
        'KiStAM request file for 1 member is ready to upload to the BZSt online portal',
        'KiStAM task started',
      ].sort(),
    );
    await check(page, 'notifications');
    await screenshot(page, 'tasks-notifications-en');

    // The run's KiStAM error lists the member by number with its problem and leads to its edit page.
    await page.$$eval('[data-testid="notification-open"]', (els) =>
      (els.find((el) => (el as HTMLElement).innerText.includes('cannot be queried')) as HTMLElement).click(),
    );
    await waitForPath(page, (p) => /^\/notifications\/[^/?]+$/.test(p), 'the KiStAM error');
    await waitForText(page, tid('notification-kistam-member'), 'Member no. 2: no tax identification number');
    await check(page, 'notification detail');
    await screenshot(page, 'tasks-notification-kistam-error-en');
    await clickElement(page, tid('notification-kistam-member-link'));
    await waitForPath(page, (p) => p === `/members/${anna}`, "Anna's edit page");
    await waitForText(page, tid('church-tax'), 'Not queried yet');
    await check(page, 'member with church tax');
    await screenshot(page, 'tasks-member-church-en');
    // A paper answer typed in: church and rate, the answer's date today; the section shows it as a paper answer.
    await page.click(tid('church-tax-edit'));
    await page.waitForSelector(tid('church-tax-dialog'), { visible: true });
    await page.click(tid('church-tax-churchId'));
    await clickMenuOption(page, 'li[data-value="ev"]', 'church-ev');
    await fill(page, tid('church-tax-rate'), '8');
    await check(page, 'paper answer dialog');
    await page.click(tid('church-tax-save'));
    await waitForText(page, tid('church-tax-kind'), 'Paper answer');
    expect(await textOf(page, tid('church-tax-church'))).toMatch(/^ev/);
    expect(await textOf(page, tid('church-tax-rate-shown'))).toBe('8');

    // One notification seen by its toggle: it leaves the list of unseen ones, the count drops.
    await page.goto(`${product.baseUrl}/notifications`);
    await page.waitForSelector(tid('notification-row'));
    const started = await page.$$eval(
      '[data-testid="notification-row"]',
      (rows) =>
        rows.find((r) => (r as HTMLElement).innerText.includes('KiStAM task started'))?.getAttribute('data-id') ?? '',
    );
    await page.click(tid(`notification-seen-${started}`));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="notification-row"]').length === 3);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notifications-unread"]')?.textContent === '3',
    );
    // All seen at once: the list is empty, the count gone; the switch shows the seen ones.
    await page.click(tid('notifications-mark-all'));
    await waitForText(page, tid('notifications-empty'), 'No unread notifications.');
    await page.waitForFunction(() => !document.querySelector('[data-testid="notifications-unread"]'));
    await page.click(tid('notifications-show-seen'));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="notification-row"][data-seen="1"]').length === 4,
    );
    await check(page, 'notifications with seen ones');
    await screenshot(page, 'tasks-notifications-seen-en');
    const left = await product.api('/notifications?filter=seen:0', { token });
    expect(left.status).toBe(204);
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 180_000);

  it('asks before the FSA control report of a closure, names the year reported, and offers no start the server refuses (issue 43)', async () => {
    const year = businessYear() - 1;
    const paid = businessToday();
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
    const closure = await product.api('/dividend/store', {
      method: 'POST',
      token,
      body: { year: String(year), type: 'percent', amount: '4', decision_date: paid, payment_date: paid },
    });
    expect(closure.status).toBe(201);
    const dividendId = (closure.body as { id: string }).id;
    const page = await product.newPage();
    await signInAs(page, product, 'en', `/dividend/closures/${dividendId}`);
    await clickElement(page, tid('dividend-closure-fsak'));
    await waitForPath(page, (p) => p === `/dividend/fsak/${dividendId}`, 'the FSAK confirmation');
    // Paid this year: the report is the one for this year, which BZSt takes once the year is over.
    await waitForText(page, 'h1', `FSA control report for ${year + 1}?`);
    await page.waitForSelector(tid('fsak-records'));
    await waitForText(page, tid('fsak-not-startable'), "It's not allowed to send a FSA of the actual year");
    expect(await page.$eval(tid('fsak-yes'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await check(page, 'FSAK confirmation');
    await screenshot(page, 'tasks-fsak-confirm-en');
    // Nothing was queued: no green "queued" toast, no task.
    expect(await page.$('.RaNotification-success, [data-testid="notification-success"]')).toBeNull();
    const tasks = await product.api('/tasks?filter=kind:fsak', { token });
    expect(tasks.status).toBe(204);
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 120_000);

  it("takes the BZSt answer file in German, completes the task and records the member's church data", async () => {
    const tasks = (await product.api('/tasks', { token })).body as Array<{ id: string; kind: string; state: string }>;
    expect(tasks.filter((t) => t.kind === 'kistam').map((t) => t.state)).toEqual(['waiting']);
    const today = new Date();
    const statusYear =
      today.getMonth() > 7 || (today.getMonth() === 7 && today.getDate() === 31)
        ? today.getFullYear()
        : today.getFullYear() - 1;
    const dd = (n: number) => String(n).padStart(2, '0');
    const answer = [
      `1;2;1121081508150;${dd(today.getDate())}.${dd(today.getMonth() + 1)}.${today.getFullYear()}`,
      `4;1;47036892816;04.05.1970;1;31.08.${statusYear};rk;9;`,
      '',
    ].join('\r\n');
    const dir = join(ROOT, 'test-output');
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'kistam-answer.csv');
    await writeFile(file, answer);

    const page = await product.newPage();
    await signInAs(page, product, 'de', '/tasks');
    await page.waitForSelector('[data-testid="task-row"][data-kind="kistam"][data-state="waiting"]');
    expect(await menuLines(page)).toBe(1);
    await check(page, 'Aufgaben');
    const input = (await page.$(tid('task-upload-answer-input'))) as ElementHandle<HTMLInputElement>;
    const answerNotice = await noticesFromNow(page);
    await input.uploadFile(file);
    await answerNotice('Die Antwortdatei wurde empfangen und wird eingelesen.');
    await page.waitForSelector('[data-testid="task-row"][data-state="completed"]', { timeout: 30_000 });
    await waitForText(page, '[data-testid="task-row"][data-kind="kistam"]', 'Abgeschlossen');
    await check(page, 'Aufgaben abgeschlossen');
    await screenshot(page, 'tasks-list-completed-de');

    await clickElement(page, tid('notifications-link'));
    await waitForPath(page, (p) => p === '/notifications', 'the notifications');
    await page.waitForSelector(tid('notification-row'));
    expect(await headlines(page)).toEqual(
      expect.arrayContaining([
        'Aufgabe KiStAM abgeschlossen',
        'KiStAM-Antwort eingelesen – mit Kirchensteuer: 1, ohne Kirchensteuer: 0, Fehler: 0',
      ]),
    );
    await check(page, 'Benachrichtigungen');
    await screenshot(page, 'tasks-notifications-de');
    await page.click(tid('notifications-mark-all'));
    await waitForText(page, tid('notifications-empty'), 'Keine ungelesenen Benachrichtigungen.');

    await page.goto(`${product.baseUrl}/members/${bernd}`);
    await waitForText(page, tid('church-tax-kind'), 'Regelabfrage');
    expect(await textOf(page, tid('church-tax-church'))).toMatch(/^rk/);
    expect(await textOf(page, tid('church-tax-rate-shown'))).toBe('9');
    // The regular answer applies to the following calendar year (DOMAIN.md 3.1, decision 350).
    expect(await textOf(page, tid('church-tax-applies-from'))).toMatch(
      new RegExp(`^01\\.01\\.${String(statusYear + 1)}`),
    );
    await check(page, 'Mitglied mit Kirchensteuer');
    await screenshot(page, 'tasks-member-church-de');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 180_000);

  it('shows a restricted user the tasks and notifications but no church data and no KiStAM start', async () => {
    const created = await product.api('/users', {
      method: 'POST',
      token,
      body: {
        username: 'auditor',
        password: 'Pruefung-Pass-1',
        passwordRepeat: 'Pruefung-Pass-1',
        roles: ['ROLE_RESTRICTED_USER'],
      },
    });
    expect(created.status).toBe(201);
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'auditor', 'Pruefung-Pass-1');
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.waitForSelector(tid('dashboard-notifications-card'));
    expect(await page.$eval(tid('dashboard-start-kistam'), (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await page.goto(`${product.baseUrl}/members/${bernd}`);
    await page.waitForSelector('form [name="name"]');
    expect(await page.$$('form [name="churchId"], form [name="churchTaxRate"]')).toHaveLength(0);
    expect(await page.$(tid('church-tax'))).toBeNull();
    await page.goto(`${product.baseUrl}/tasks`);
    await page.waitForSelector('[data-testid="task-row"][data-kind="kistam"]');
    // The KiStAM answer upload is the church writers' (the task waits no more; the button would not show anyway).
    expect(await page.$(tid('task-upload-answer'))).toBeNull();
    // Nor the KiStAM task's files: they hold church data and tax ids.
    expect(await page.$('[data-testid="task-row"][data-kind="kistam"] [data-testid="task-file"]')).toBeNull();
    await check(page, 'tasks as a restricted user');
    await page.goto(`${product.baseUrl}/dashboard/kistam`);
    await page.waitForSelector(tid('access-denied'));
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 90_000);
});
