import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import request from 'supertest';
import { businessToday } from '@coop/contracts';
import { ADMIN_PASSWORD, auth, startApp } from '../api/support/app.js';
import { returnedOn } from '../api/support/direct-debits.js';
import { createMember, setPaymentTerms, setTerms } from '../api/support/members.js';
import {
  clickElement,
  fill,
  screenshot,
  signedInAt,
  textOf,
  tid,
  waitForPath,
  waitForText,
} from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';

/*
 * What a clerk tripped on walking the console of a cooperative whose share register begins this year:
 * the movement report opened at last year with the API's bare "Muss mindestens 2026 sein"; an amount the console could
 * not read ("300,0050", typed behind the proposed "300,00") was answered "Darf höchstens 1.000.000.000,00 € betragen";
 * a returned debit without a reason said "Zurückgegeben am … (–)". Anna owes 500 € (nothing paid with her
 * subscription), has a mandate, and her debit came back without a reason.
 */

const year = Number(businessToday().slice(0, 4));

/** The columns of a member register the import reads (as the import's own browser specs write it). */
const IMPORT_HEADERS = [
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

describe('a clerk’s walk through a cooperative whose register begins this year', () => {
  let dataDir: string;
  let product: Product;
  let anna = '';
  let bertId = '';
  let laterDue = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'coop-clerk-walk-browser-'));
    const t = await startApp({ DATA_DIR: dataDir });
    try {
      await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
      await setPaymentTerms(t.http, t.adminToken, {
        instalments: { allowed: true, maxCount: 2, rhythmMonths: 3, minFirstPerShare: 0 },
      });
      // Both join today: the share register begins this year.
      const thisYear = { entryDate: businessToday(), approvalDate: businessToday(), interestBegin: businessToday() };
      const member = await createMember(t.http, t.adminToken, {
        ...thisYear,
        givenName: 'Anna',
        name: 'Abbucher',
        shareAmount: 2,
        paid: 0,
      });
      anna = member.id;
      const api = (method: 'get' | 'post' | 'put', path: string) =>
        request(t.http)[method](`/api/v1${path}`).set(auth(t.adminToken));
      await api('post', `/members/${anna}/mandates`)
        .send({ reference: 'WALK-0001', signedOn: businessToday(), kind: 'recurring' })
        .expect(201);
      const [due] = (await api('get', `/members/${anna}/share-dues`).expect(200)).body as { id: string }[];
      const collectionDate = earliestCollectionDate(businessToday());
      await api('post', '/direct-debits')
        .send({ collectionDate, balanceIds: [due!.id] })
        .expect(201);
      const [payment] = (await api('get', `/members/${anna}/direct-debit-payments`).expect(200)).body as {
        id: string;
      }[];
      // Recorded as on the collection date: a return is not dated after the day it is recorded (decision 357).
      await returnedOn(t, anna, payment!.id, collectionDate, null);
      // Bert pays his two shares in instalments: half now (paid), half in three months, not due yet.
      const bert = await createMember(t.http, t.adminToken, {
        ...thisYear,
        givenName: 'Bert',
        name: 'Ratenzahler',
        shareAmount: 2,
        paid: 0,
      });
      bertId = bert.id;
      const [bertDue] = (await api('get', `/members/${bert.id}/share-dues`).expect(200)).body as { id: string }[];
      laterDue = new Date(Date.parse(`${businessToday()}T12:00:00Z`) + 92 * 86_400_000).toISOString().slice(0, 10);
      await api('put', `/members/${bert.id}/postings/${bertDue!.id}/instalments`)
        .send({
          instalments: [
            { dueDate: businessToday(), amount: 25_000 },
            { dueDate: laterDue, amount: 25_000 },
          ],
        })
        .expect(200);
      await api('post', `/members/${bert.id}/share-payments`)
        .send({ balanceId: bertDue!.id, date: businessToday(), amount: 25_000, method: 'transfer' })
        .expect(201);
      // A third member: the import's columns step shows three examples per column.
      await createMember(t.http, t.adminToken, { ...thisYear, givenName: 'Clara', name: 'Dorn', shareAmount: 1 });
    } finally {
      await t.running.close();
    }
    product = await startProduct({ DATA_DIR: dataDir });
  }, 180_000);

  afterAll(async () => {
    await product?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['de', 1024, `Für ${year - 1} gibt es keinen Bestandsnachweis: Das Anteilsregister beginnt ${year}.`],
    ['en', 1440, `There is no movement report for ${year - 1}: the share register begins in ${year}.`],
  ] as const)(
    'the movement report opens the register’s first year, and says why an earlier one has none (%s, %i px)',
    async (locale, width, why) => {
      const page = await signedInAt(product, '/reports/movements', { locale, width, password: ADMIN_PASSWORD });
      await waitForPath(page, (p) => p === `/reports/movements?year=${year}`, 'the register’s first year');
      await page.waitForSelector(tid('movement-members-end'), { visible: true });
      expect(await page.$(tid('movement-error'))).toBeNull();
      await screenshot(page, `clerk-walk-movement-first-year-${locale}-${width}`);

      await page.goto(`${product.baseUrl}/reports/movements?year=${year - 1}`);
      await waitForText(page, tid('movement-error'), why);
      const choices = await page.$eval(tid('movement-year'), (el) => (el as HTMLInputElement).value);
      expect(choices).toBe('');
      await settled(page);
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, `clerk-walk-movement-before-first-${locale}-${width}`);
      await page.close();
    },
    90_000,
  );

  it.each([
    ['de', 1024, 'Zurückgegeben am'],
    ['en', 1440, 'Returned on'],
  ] as const)(
    'a debit returned without a reason says when, with no “(–)” (%s, %i px)',
    async (locale, width, returned) => {
      const page = await signedInAt(product, `/member/${anna}`, { locale, width, password: ADMIN_PASSWORD });
      await page.waitForSelector(tid('debit-payment-row'), { visible: true });
      const line = await textOf(page, tid('debit-payment-row'));
      expect(line).toContain(returned);
      expect(line).not.toContain('(–)');
      await page.close();
    },
    60_000,
  );

  it.each([
    ['de', 1024, 'Bitte geben Sie einen Betrag in Euro ein, z. B. 250,00'],
    ['en', 1440, 'Enter an amount in euro, e.g. 250,00'],
  ] as const)(
    'a payment whose amount reads as none says so, not the upper limit (%s, %i px)',
    async (locale, width, noAmount) => {
      const page = await signedInAt(product, `/member/${anna}`, { locale, width, password: ADMIN_PASSWORD });
      await page.waitForSelector(tid('member-share-payment'), { visible: true });
      await page.click(tid('member-share-payment'));
      await page.waitForSelector(tid('share-payment-dialog'), { visible: true });
      // The clerk types behind the amount the dialog proposed: "500,0050".
      await page.click(tid('share-payment-amount'));
      await page.keyboard.press('End');
      await page.type(tid('share-payment-amount'), '50');
      await page.click(tid('share-payment-save'));
      // The message under the amount (its helper text, named by the input's aria-describedby).
      await page.waitForFunction(
        (input: string, text: string) => {
          const id = document.querySelector(input)?.getAttribute('aria-describedby');
          return !!id && !!document.getElementById(id)?.innerText.includes(text);
        },
        {},
        tid('share-payment-amount'),
        noAmount,
      );
      await screenshot(page, `clerk-walk-payment-no-amount-${locale}-${width}`);
      // Corrected, the payment is recorded.
      await fill(page, tid('share-payment-amount'), '50,00');
      await page.click(tid('share-payment-save'));
      await page.waitForSelector(tid('share-payment-dialog'), { hidden: true });
      await page.close();
    },
    60_000,
  );

  it.each([
    ['de', 1024, '/share-dues', 'share-dues-row', 'Fällig ab', 'Fällig seit'],
    ['en', 1440, '/share-dues', 'share-dues-row', 'Due from', 'Due since'],
    ['de', 1024, '/direct-debits', 'collection-due', 'Fällig ab', 'Fällig seit'],
    ['en', 1440, '/direct-debits', 'collection-due', 'Due from', 'Due since'],
  ] as const)(
    'a due not due yet is not called “due since” its future day (%s, %i px, %s)',
    async (locale, width, path, row, header, since) => {
      const page = await signedInAt(product, path, { locale, width, password: ADMIN_PASSWORD });
      await page.waitForSelector(tid(row), { visible: true });
      const rows = await page.$$eval(tid(row), (els) => els.map((el) => (el as HTMLElement).innerText));
      expect(rows.some((r) => r.includes('Ratenzahler') && r.includes(laterDue.split('-').reverse().join('.')))).toBe(
        true,
      );
      const table = await page.$eval(tid(row), (el) => (el.closest('table') as HTMLElement).innerText);
      expect(table).toContain(header);
      expect(table).not.toContain(since);
      await page.close();
    },
    60_000,
  );

  it.each([
    ['de', 1024],
    ['en', 1024],
  ] as const)(
    'the import’s columns step fits the cooperative’s own register workbook without sideways scrolling (%s, %i px)',
    async (locale, width) => {
      const token = await product.apiLogin('admin', ADMIN_PASSWORD);
      const workbook = await fetch(`${product.baseUrl}/api/v1/import/register.xlsx`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(workbook.status).toBe(200);
      const path = join(dataDir, `register-${locale}.xlsx`);
      await writeFile(path, Buffer.from(await workbook.arrayBuffer()));
      const page = await signedInAt(product, '/administration/import', { locale, width, password: ADMIN_PASSWORD });
      const input = (await page.waitForSelector(tid('import-file-input'))) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(path);
      await page.waitForSelector(`${tid('import-read')}:not([disabled])`);
      await page.click(tid('import-read'));
      await page.waitForSelector(tid('import-column'), { visible: true });
      // Every sheet's table (members, postings; the examples include a posting's id): no part hidden to the right.
      const overflows = await page.$$eval(`${tid('import-columns')} table`, (tables) =>
        tables.map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
      );
      expect(overflows.length).toBeGreaterThan(1);
      expect(overflows.filter((px) => px > 0)).toEqual([]);
      await screenshot(page, `clerk-walk-import-columns-${locale}-${width}`);
      await page.close();
    },
    60_000,
  );

  it.each([
    [
      'de',
      1024,
      'Der bei der Zeichnung nicht eingezahlte Teil von 500,00 €',
      'Bitte geben Sie einen Betrag in Euro ein',
    ],
    ['en', 1440, 'The part not paid with the subscription, 500,00 €,', 'Enter an amount in euro'],
  ] as const)(
    'the instalment plan names what it divides, not “the open part”, and an instalment that is no amount says so (%s, %i px)',
    async (locale, width, divides, noAmount) => {
      const page = await signedInAt(product, `/member/${bertId}`, { locale, width, password: ADMIN_PASSWORD });
      // Bert's row says 250,00 € open; the plan divides the 500,00 € not paid with the subscription.
      await page.waitForSelector(tid('member-share-plan'), { visible: true });
      await page.click(tid('member-share-plan'));
      await page.waitForSelector(tid('share-instalments-dialog'), { visible: true });
      const text = await textOf(page, tid('share-instalments-dialog'));
      expect(text).toContain(divides);
      expect(text).not.toMatch(/offene Teil|unpaid part/);
      const amount = `${tid('share-instalments-dialog')} input[inputmode="decimal"]`;
      await page.click(amount);
      await page.keyboard.press('End');
      await page.type(amount, 'x');
      await page.click(tid('share-instalments-save'));
      await waitForText(page, tid('share-instalments-dialog'), noAmount);
      await page.close();
    },
    60_000,
  );

  it.each([
    [
      'de',
      'Der Import fügt hinzu: 1 Mitglied, 1 Buchung,',
      '1 Mitglied schreiben',
      'Der Import wurde geschrieben: 1 Mitglied, 1 Buchung,',
    ],
    ['en', 'The import adds: 1 member, 1 posting,', 'Write 1 member', 'The import was written: 1 member, 1 posting,'],
  ] as const)(
    'an import of one member counts it in the singular (%s)',
    async (locale, adds, confirm, written) => {
      // Last: the import's member joined in 2020, which moves the register's first year.
      // Two different people (name, birth date, account): the second is no possible duplicate of the first.
      const [nr, name, born, iban] =
        locale === 'de'
          ? ['301', 'Einzeln', '04.05.1970', 'DE02120300000000202051']
          : ['302', 'Solo', '11.11.1981', 'DE02500105170137075030'];
      const row = [
        nr,
        'Frau',
        'female',
        'keiner',
        name,
        'Ina',
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
        'BYLADEM1001',
        '01.02.2020',
        '01.02.2020',
        '01.03.2020',
        '1',
      ];
      const path = join(dataDir, `einzeln-${locale}.csv`);
      await writeFile(path, `\uFEFF${[IMPORT_HEADERS, row].map((r) => r.join(';')).join('\r\n')}\r\n`);
      const page = await signedInAt(product, '/administration/import', {
        locale,
        width: 1024,
        password: ADMIN_PASSWORD,
      });
      const input = (await page.waitForSelector(tid('import-file-input'))) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(path);
      await clickElement(page, tid('import-read'));
      await page.waitForSelector(tid('import-columns'));
      await clickElement(page, tid('import-next'));
      await clickElement(page, tid('import-check-run'));
      await page.waitForSelector(tid('import-problem-count'));
      await clickElement(page, tid('import-next'));
      await clickElement(page, tid('import-write-button'));
      await page.waitForSelector(tid('import-write-confirm'));
      expect(await textOf(page, tid('import-write-confirm'))).toContain(adds);
      expect(await textOf(page, tid('confirm-ok'))).toBe(confirm);
      await clickElement(page, tid('confirm-ok'));
      await page.waitForSelector(`${tid('import-write-result')}[data-written="true"]`);
      expect(await textOf(page, tid('import-write-message'))).toContain(written);
      await page.close();
    },
    60_000,
  );
});
