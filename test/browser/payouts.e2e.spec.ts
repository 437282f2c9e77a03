import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { accessibilityCheck } from './support/accessibility.js';
import { screenshot, signIn, textOf, tid, waitForPath, waitForText } from './support/console.js';
import { downloaded } from './support/downloads.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';
import { businessYear } from './support/dates.js';

/**
 * The closure's papers in the console (issue 25), against the real product: on `/dividend/closures/{id}` the tax
 * certificates, the SEPA payment list and the tax return (CSV and PDF) download under their file names with the right
 * bytes; the member dashboard downloads the member's certificate of the closed year; with no BIC on the cooperative the
 * payment list is disabled with the reason, in German. Every screen free of axe violations (any impact).
 */

const THIS_YEAR = businessYear();
const YEAR = THIS_YEAR - 1;
/** Before the members joined (2020-01-01): a closure without any payout. */
const EMPTY_YEAR = 2019;

describe("the closure's papers in the console", () => {
  let product: Product;
  let token: string;
  let bernd: string;
  let closureId: string;
  const found: Record<string, string[]> = {};
  /** Uncaught errors in the console's pages (a crashed screen shows only react-admin's error page). */
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const check = accessibilityCheck(found, 'payouts');

  async function openAs(locale: 'en' | 'de', path: string): Promise<{ page: Page; dir: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'coop-payouts-'));
    const context = await product.browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: dir },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
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
    // One certificate at once at most: the closure's two go to a background task (the path of a large closure), a
    // member's own one downloads at once.
    product = await startProduct({ COOPERATIVE_NAME: 'Test eG', TAX_CERTIFICATES_SYNC_LIMIT: '1' });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    bernd = await seedMember(product, token, { manualTaxId: '47036892816' });
    await seedMember(product, token, {
      salutation: 'Frau',
      postalSalutation: 'female',
      givenName: 'Anna',
      name: 'Acker',
      iban: 'DE02120300000000202051',
      manualTaxId: '86095742719',
    });
    const closure = await product.api('/dividend/store', {
      method: 'POST',
      token,
      body: {
        year: String(YEAR),
        type: 'percent',
        amount: '4',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: `${THIS_YEAR}-01-15`,
      },
    });
    expect(closure.status).toBe(201);
    closureId = (closure.body as { id: string }).id;
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('downloads the tax certificates, the payment list and the tax return from the closure, and a member its certificate (English)', async () => {
    const path = `/dividend/closures/${encodeURIComponent(closureId)}`;
    const { page, dir } = await openAs('en', path);
    await waitForText(page, tid('dividend-closure-papers'), 'Payout and tax documents');
    // The check allows the payment list: 2 transfers.
    await waitForText(page, tid('dividend-closure-sepa-state'), 'Payment list: 2 transfers');
    expect(await page.$eval(tid('dividend-closure-sepa'), (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    // The FSAK button stays in the same row.
    expect(
      await page.$eval(
        tid('dividend-closure-papers'),
        (el) => !!el.querySelector('[data-testid="dividend-closure-fsak"]'),
      ),
    ).toBe(true);
    await check(page, 'closure with papers (en)');
    await screenshot(page, 'payouts-closure-en');

    const sepa = await downloaded(page, dir, tid('dividend-closure-sepa'));
    expect(sepa.name).toBe(`Dividende-${YEAR}-SEPA-Test-Wohnungsgenossenschaft-eG.xml`);
    expect(sepa.bytes.toString('utf8')).toMatch(/^<\?xml/);
    expect(sepa.bytes.toString('utf8')).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const csv = await downloaded(page, dir, tid('dividend-closure-tax-return-csv'));
    expect(csv.name).toBe(`KapESt-Anmeldung-${THIS_YEAR}-01-15-Test-Wohnungsgenossenschaft-eG.csv`);
    expect(csv.bytes.toString('utf8')).toMatch(
      new RegExp(
        `^\uFEFF;Genossenschaft;Test Wohnungsgenossenschaft eG\r\n;Steuernummer;[^\r\n]+\r\n;Geschäftsjahr;${YEAR}\r\n;Zahlungstag \\(Zufluss\\);15\\.01\\.${THIS_YEAR}\r\nZeile;Bezeichnung;Betrag\r\n`,
      ),
    );
    const pdf = await downloaded(page, dir, tid('dividend-closure-tax-return-pdf'));
    expect(pdf.name).toBe(`KapESt-Anmeldung-${THIS_YEAR}-01-15-Test-Wohnungsgenossenschaft-eG.pdf`);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(await page.$(tid('dividend-closure-download-failed'))).toBeNull();

    // The closure's certificates: above the limit a background task; the notice leads to the tasks, where the file downloads.
    // Never issued before: no note, no confirmation.
    await page.waitForSelector(`${tid('dividend-closure-tax-pdf')}:not([disabled])`);
    expect(await page.$(tid('dividend-closure-tax-pdf-issued'))).toBeNull();
    await page.click(tid('dividend-closure-tax-pdf'));
    expect(await page.$(tid('dividend-closure-tax-pdf-confirm'))).toBeNull();
    await waitForText(
      page,
      tid('dividend-closure-background'),
      'The tax certificates are being made in the background',
    );
    // The notice follows the task and offers its file once done.
    await page.waitForSelector(tid('dividend-closure-background-file'), { timeout: 30_000 });
    expect(await textOf(page, tid('dividend-closure-background-state'))).toBe('Completed');
    await check(page, 'closure with the background notice (en)');
    const inline = await downloaded(page, dir, tid('dividend-closure-background-file'));
    expect(inline.name).toBe(`Steuerbescheinigungen-${YEAR}-Test-Wohnungsgenossenschaft-eG.pdf`);
    expect(inline.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.click(tid('dividend-closure-to-tasks'));
    await waitForPath(page, (p) => p === '/tasks', 'the tasks');
    const task = '[data-testid="task-row"][data-kind="taxCertificates"][data-state="completed"]';
    await page.waitForSelector(task, { timeout: 30_000 });
    expect(await textOf(page, task)).toContain('Tax certificates');
    await check(page, 'tasks with the certificates (en)');
    const certificates = await downloaded(page, dir, `${task} [data-testid="task-file"]`);
    expect(certificates.name).toBe(`Steuerbescheinigungen-${YEAR}-Test-Wohnungsgenossenschaft-eG.pdf`);
    expect(certificates.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The member dashboard: the certificate of the closed year.
    await page.goto(`${product.baseUrl}/member/${encodeURIComponent(bernd)}`);
    await page.waitForSelector(
      `[data-testid="member-dividend"][data-year="${YEAR}"] [data-testid="member-dividend-certificate"]`,
    );
    await check(page, 'member dashboard (en)');
    const own = await downloaded(
      page,
      dir,
      `[data-testid="member-dividend"][data-year="${YEAR}"] [data-testid="member-dividend-certificate"]`,
    );
    expect(own.name).toMatch(
      new RegExp(`^Steuerbescheinigung-${YEAR}-Mitglied-\\d+-Test-Wohnungsgenossenschaft-eG\\.pdf$`),
    );
    expect(own.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(own.bytes.length).toBeLessThan(certificates.bytes.length);

    // A corrected certificate (§ 45a Abs. 6 EStG): the reason dialog, the file, the versions recorded.
    const row = `[data-testid="member-dividend"][data-year="${YEAR}"]`;
    await page.click(`${row} [data-testid="member-dividend-correct"]`);
    await page.waitForSelector(tid('correct-certificate-dialog'));
    expect(await page.$eval(tid('correct-certificate-submit'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.type(tid('correct-certificate-reason'), 'Anschrift berichtigt');
    await check(page, 'corrected certificate dialog (en)');
    // Disabled until a reason is typed: clicked once the typing has enabled it.
    await page.waitForSelector(`${tid('correct-certificate-submit')}:not([disabled])`);
    const corrected = await downloaded(page, dir, tid('correct-certificate-submit'));
    expect(corrected.name).toMatch(
      new RegExp(`^Berichtigte-Steuerbescheinigung-${YEAR}-Mitglied-\\d+-Test-Wohnungsgenossenschaft-eG\\.pdf$`),
    );
    expect(corrected.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await waitForText(page, `${row} [data-testid="member-dividend-certificate-issues"]`, '→ corrected');
    const issues = (
      await product.api(
        `/dividend/tax-pdf/${encodeURIComponent(closureId)}/issues?member=${encodeURIComponent(bernd)}`,
        { token },
      )
    ).body as { version: string; reason: string | null }[];
    expect(issues.at(-1)).toMatchObject({ version: 'corrected', reason: 'Anschrift berichtigt' });
    await page.browserContext().close();
    await rm(dir, { recursive: true, force: true });
    expect(found).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('names the buttons in German and disables the payment list with the reason when it cannot be made', async () => {
    // The API refuses a cooperative without a BIC (PUT /cooperatives: mustNotBeEmpty) and a closure without one
    // (missingCooperativeBic), so no closure can meet a cooperative without a BIC: that reason is checked in
    // admin-ui/src/dividend/sepaState.unit.spec.ts. Here a real refusal of the check: a year before anyone joined, where
    // no member has a payout above zero (sepaNothingToPay).
    const empty = await product.api('/dividend/store', {
      method: 'POST',
      token,
      body: {
        year: String(EMPTY_YEAR),
        type: 'percent',
        amount: '4',
        decision_date: `${THIS_YEAR}-01-10`,
        payment_date: `${THIS_YEAR}-01-15`,
      },
    });
    expect(empty.status).toBe(201);
    const emptyId = (empty.body as { id: string }).id;
    const checked = await product.api(`/dividend/sepa/${emptyId}/check`, { token });
    expect(checked).toEqual({
      status: 200,
      body: {
        transfers: 0,
        controlSum: 0,
        errors: [expect.objectContaining({ template: 'sepaNothingToPay' })],
        notices: [],
      },
    });

    const path = `/dividend/closures/${encodeURIComponent(closureId)}`;
    const { page, dir } = await openAs('de', path);
    await waitForText(page, tid('dividend-closure-papers'), 'Auszahlung und Steuerunterlagen');
    await waitForText(page, tid('dividend-closure-sepa-state'), 'Zahlungsliste: 2 Überweisungen, Summe');
    const labels = await page.$$eval(
      `${tid('dividend-closure-papers')} button, ${tid('dividend-closure-papers')} a`,
      (els) => els.map((el) => (el as HTMLElement).innerText.trim()),
    );
    expect(labels).toEqual([
      'Steuerbescheinigungen',
      'Zahlungsliste (SEPA)',
      'Steueranmeldung (CSV)',
      'Steueranmeldung (PDF)',
      'FSA-Kontrollmeldung',
    ]);
    // Issued before (the first test): the day shows, and a further download asks first, naming the replacements
    // (§ 45a Abs. 5 EStG); cancelling issues nothing.
    const before = (await product.api(`/dividend/tax-pdf/${encodeURIComponent(closureId)}/issues`, { token }))
      .body as unknown[];
    expect(before.length).toBeGreaterThan(0);
    await waitForText(page, tid('dividend-closure-tax-pdf-issued'), 'Steuerbescheinigungen ausgestellt am ');
    expect(await page.$eval(tid('dividend-closure-tax-pdf'), (b) => b.getAttribute('aria-describedby'))).toBe(
      'dividend-closure-tax-pdf-issued',
    );
    await page.click(tid('dividend-closure-tax-pdf'));
    await waitForText(page, tid('dividend-closure-tax-pdf-confirm'), 'als Ersatzbescheinigung aus (§ 45a Abs. 5 EStG)');
    await check(page, 'closure, certificates again (de)');
    await screenshot(page, 'payouts-closure-reissue-de');
    await page.click(`${tid('dividend-closure-tax-pdf-confirm')} [data-testid="confirm-cancel"]`);
    await page.waitForSelector(tid('dividend-closure-tax-pdf-confirm'), { hidden: true });
    const after = (await product.api(`/dividend/tax-pdf/${encodeURIComponent(closureId)}/issues`, { token }))
      .body as unknown[];
    expect(after.length).toBe(before.length);
    await check(page, 'closure (de)');
    const sepa = await downloaded(page, dir, tid('dividend-closure-sepa'));
    expect(sepa.bytes.toString('utf8')).toMatch(/^<\?xml/);

    await page.goto(`${product.baseUrl}/dividend/closures/${encodeURIComponent(emptyId)}`);
    await page
      .waitForSelector(`${tid('dividend-closure-sepa-state')}, ${tid('dividend-closure-failed')}`)
      .catch(() => undefined);
    expect([pageErrors, consoleErrors]).toEqual([[], []]);
    await waitForText(
      page,
      tid('dividend-closure-sepa-state'),
      'Die Zahlungsliste kann nicht erstellt werden: Kein Mitglied hat eine Auszahlung über null',
    );
    expect(await page.$eval(tid('dividend-closure-sepa'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await page.$eval(tid('dividend-closure-sepa'), (b) => b.getAttribute('aria-describedby'))).toBe(
      'dividend-closure-sepa-state',
    );
    await check(page, 'closure without payouts (de)');
    await screenshot(page, 'payouts-closure-disabled-de');
    await page.browserContext().close();
    await rm(dir, { recursive: true, force: true });
    expect(found).toEqual({});
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('shows a restricted user the certificates disabled with the reason (they name the church), the rest open', async () => {
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
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const path = `/dividend/closures/${encodeURIComponent(closureId)}`;
    await page.goto(`${product.baseUrl}/login?redirect=${encodeURIComponent(path)}`);
    await signIn(page, 'auditor', 'Pruefung-Pass-1');
    await waitForPath(page, (p) => p === path, path);
    await waitForText(page, tid('dividend-closure-tax-pdf-reason'), 'only clerks who may read church data');
    expect(
      await page.$eval(tid('dividend-closure-tax-pdf'), (b) => [
        (b as HTMLButtonElement).disabled,
        b.getAttribute('aria-describedby'),
      ]),
    ).toEqual([true, 'dividend-closure-tax-pdf-reason']);
    await waitForText(page, tid('dividend-closure-sepa-state'), 'Payment list: 2 transfers');
    expect(await page.$eval(tid('dividend-closure-tax-return-csv'), (b) => (b as HTMLButtonElement).disabled)).toBe(
      false,
    );
    expect(await page.$(tid('dividend-closure-fsak'))).toBeNull();
    await check(page, 'closure as a restricted user');
    await page.goto(`${product.baseUrl}/member/${encodeURIComponent(bernd)}`);
    await page.waitForSelector(`[data-testid="member-dividend"][data-year="${YEAR}"]`);
    expect(await page.$(tid('member-dividend-certificate'))).toBeNull();
    await check(page, 'member dashboard as a restricted user');
    await page.browserContext().close();
    expect(found).toEqual({});
  }, 120_000);
});
