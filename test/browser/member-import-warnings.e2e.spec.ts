import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ElementHandle, Page } from 'puppeteer-core';
import { accessibilityCheck } from './support/accessibility.js';
import { clickElement, screenshot, signIn, textOf, tid } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/**
 * Issue 39, "Nobody twice" in the console's import: a register whose row is a member the cooperative already has (the
 * same name, normalised: "Schoenberger" for "Schönberger", and the same birth date) checks without problems but lists
 * the row as a possible duplicate. The write stays closed, saying why, until the clerk confirms the rows are different
 * people; after confirming, the write runs and the member is written. In German and in English (a cooperative each);
 * axe-core finds nothing on the screen with the warnings. The confirmation is the console's step (ImportPage's
 * `warningsConfirmed`): without it the write button is open before the clerk confirmed, and this test fails.
 */

const HEADERS = [
  'Mitgliedsnummer',
  'Anrede',
  'Briefanrede',
  'Titel',
  'Name / Firma',
  'Vorname',
  'Geburtsdatum',
  'Rechtsform',
  'Familienstand',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
  'Bundesland',
  'Ausland',
  'Bank',
  'IBAN',
  'BIC',
  'Eintrittsdatum',
  'Zulassungsdatum',
  'Verzinsungsbeginn',
  'Anzahl Anteile',
];
/** Bernd Schoenberger, born 04.05.1970 (the seeded member is Bernd Schönberger of that day), and one other member. */
const register = (): string => {
  const row = (nr: number, name: string, givenName: string, born: string, iban: string): string[] => [
    String(nr),
    'Herr',
    'male',
    'keiner',
    name,
    givenName,
    born,
    '0',
    'ledig',
    'Lindenweg',
    '7',
    '10115',
    'Berlin',
    'be',
    'nein',
    'Testbank',
    iban,
    'COBADEFFXXX',
    '01.02.2020',
    '01.02.2020',
    '01.03.2020',
    '3',
  ];
  const rows = [
    row(501, 'Schoenberger', 'Bernd', '04.05.1970', 'DE02120300000000202051'),
    row(502, 'Neumann', 'Nils', '11.11.1981', 'DE02500105170137075030'),
  ];
  return `\uFEFF${[HEADERS, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;
};

const TEXTS = {
  de: {
    warningCount: '1 Zeile ist vielleicht ein Mitglied doppelt',
    warning: /Derselbe Name und dasselbe Geburtsdatum wie Mitglied \d+ \(.*Schönberger.*\): dieselbe Person doppelt\?/,
    confirmFirst: 'Die Prüfung nennt mögliche Doppelerfassungen: Bitte bestätigen Sie sie zuerst im Schritt „Prüfen“.',
    written: 'Der Import wurde geschrieben: 2 Mitglieder',
  },
  en: {
    warningCount: '1 row may be a member twice',
    warning: /The same name and birth date as member \d+ \(.*Schönberger.*\): the same person twice\?/,
    confirmFirst: 'The check lists possible duplicates: confirm them in the check step first.',
    written: 'The import was written: 2 members',
  },
} as const;

async function chooseFile(page: Page, path: string): Promise<void> {
  const input = (await page.waitForSelector(tid('import-file-input'))) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
}

const disabled = (page: Page, selector: string): Promise<boolean> =>
  page.$eval(selector, (b) => (b as HTMLButtonElement).disabled);

for (const lang of ['de', 'en'] as const) {
  describe(`possible duplicates in the console's import (${lang})`, () => {
    let product: Product;
    let token: string;
    let dir: string;
    const found: Record<string, string[]> = {};
    const check = accessibilityCheck(found, `member-import-warnings-${lang}`);
    const t = TEXTS[lang];

    beforeAll(async () => {
      product = await startProduct({ COOPERATIVE_NAME: 'Test eG' });
      token = await product.apiLogin('admin', product.adminPassword);
      await setUpCooperative(product, token);
      await seedMember(product, token, { name: 'Schönberger', givenName: 'Bernd', birthDate: '1970-05-04' });
      dir = await mkdtemp(join(tmpdir(), 'coop-import-warnings-'));
    }, 90_000);

    afterAll(async () => {
      await product?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('lists the duplicate, keeps the write closed until the clerk confirms, then writes', async () => {
      const file = join(dir, 'mitglieder.csv');
      await writeFile(file, register());
      const page = await product.newPage();
      await page.goto(`${product.baseUrl}/login`);
      await page.evaluate((locale) => localStorage.setItem('RaStorecoop.locale', JSON.stringify(locale)), lang);
      await page.goto(`${product.baseUrl}/administration/import`);
      await signIn(page, 'admin', product.adminPassword);
      await page.waitForSelector(tid('import-upload'));
      await chooseFile(page, file);
      await clickElement(page, tid('import-read'));
      await page.waitForSelector(tid('import-columns'));
      await clickElement(page, tid('import-next'));
      await clickElement(page, tid('import-check-run'));

      // The check: no problem, the one warning on its row, naming the member it may be.
      await page.waitForSelector(tid('import-warnings'));
      expect(await textOf(page, tid('import-warning-count'))).toBe(t.warningCount);
      const warnings = await page.$$eval(`${tid('import-warnings')} ${tid('import-problem')}`, (rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent ?? '')),
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toEqual(
        expect.arrayContaining(['mitglieder.csv', '2', 'Schoenberger', expect.stringMatching(t.warning)]),
      );
      expect(
        await page.$eval(
          tid('import-warnings-confirm'),
          (box) =>
            (box.querySelector('input') as HTMLInputElement | null)?.checked ?? (box as HTMLInputElement).checked,
        ),
      ).toBe(false);
      await check(page, 'warnings');
      await screenshot(page, `member-import-warnings-${lang}`);

      // Not confirmed: the write step says why and its button is closed; nothing is written.
      await clickElement(page, tid('import-next'));
      await page.waitForSelector(tid('import-write-button'));
      expect(await disabled(page, tid('import-write-button'))).toBe(true);
      expect(await textOf(page, tid('import-write-blocked'))).toBe(t.confirmFirst);
      await check(page, 'write closed');
      expect(((await product.api('/members', { token })).body as unknown[]).length).toBe(1);

      // Confirmed in the check step: the write opens and runs.
      await clickElement(page, tid('import-step-check'));
      await clickElement(page, tid('import-warnings-confirm'));
      await clickElement(page, tid('import-next'));
      await page.waitForSelector(tid('import-write-button'));
      expect(await disabled(page, tid('import-write-button'))).toBe(false);
      expect(await page.$(tid('import-write-blocked'))).toBeNull();
      await clickElement(page, tid('import-write-button'));
      await clickElement(page, tid('confirm-ok'));
      await page.waitForSelector(`${tid('import-write-result')}[data-written="true"]`);
      expect(await textOf(page, tid('import-write-message'))).toContain(t.written);
      expect(((await product.api('/members', { token })).body as unknown[]).length).toBe(3);
      await page.browserContext().close();
      expect(found).toEqual({});
    }, 180_000);
  });
}
