import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { businessToday } from '@coop/contracts';
import { ADMIN_PASSWORD, auth, startApp } from '../api/support/app.js';
import { createMember, setPaymentTerms, setTerms } from '../api/support/members.js';
import { clickElement, fill, screenshot, signedInAt, textOf, tid, waitForText } from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { german } from './support/money-walk.js';
import { startProduct, type Product } from './support/product.js';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';

/*
 * The confirmation of a new collection names, before anything is made, what the collection would draw and which chosen
 * dues it would leave out and why (`POST /direct-debits/preview`, `CollectionConfirm.tsx`): Anna has a mandate, Bert has
 * none. With nothing to draw the clerk cannot confirm; a date the API refuses, or one that is no date, is said under the
 * date field and nothing is asked (the question once showed "Ungültiges Datum" alone, naming no field). The dialog
 * passes axe in German and English at 1024 and 1440 px.
 */

const collectionDate = earliestCollectionDate(businessToday());
/** A Saturday: no TARGET2 business day. */
const SATURDAY = '2027-01-02';

describe('the confirmation of a collection names what it would leave out', () => {
  let dataDir: string;
  let product: Product;
  const nr = { anna: 0, bert: 0 };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'coop-debits-preview-browser-'));
    const t = await startApp({ DATA_DIR: dataDir });
    try {
      await setTerms(t.http, t.adminToken, t.cooperativeId, 25_000, 1);
      await setPaymentTerms(t.http, t.adminToken);
      // Nothing paid with the subscriptions: Anna owes 500 €, Bert 250 €.
      const member = (givenName: string, name: string, shareAmount: number) =>
        createMember(t.http, t.adminToken, { givenName, name, shareAmount, paid: 0 });
      const anna = await member('Anna', 'Abbucher', 2);
      const bert = await member('Bert', 'Ohnemandat', 1);
      nr.anna = anna.memberNr!;
      nr.bert = bert.memberNr!;
      await request(t.http)
        .post(`/api/v1/members/${anna.id}/mandates`)
        .set(auth(t.adminToken))
        .send({ reference: 'VORSCHAU-0001', signedOn: businessToday(), kind: 'recurring' })
        .expect(201);
    } finally {
      await t.running.close();
    }
    product = await startProduct({ DATA_DIR: dataDir });
  }, 180_000);

  afterAll(async () => {
    await product?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function pageIn(locale: 'de' | 'en', width: number): Promise<Page> {
    const page = await signedInAt(product, '/direct-debits', { locale, width, password: ADMIN_PASSWORD });
    await page.waitForSelector(tid('collection-due'), { visible: true });
    return page;
  }

  /** Chooses the dues of the members named (by their list text) and the date, and asks to make the collection. */
  async function ask(page: Page, names: readonly string[], date: string): Promise<void> {
    for (const row of await page.$$(tid('collection-due'))) {
      const text = await row.evaluate((el) => (el as HTMLElement).innerText);
      const box = (await row.$('input[type="checkbox"]'))!;
      const checked = await box.evaluate((el) => (el as HTMLInputElement).checked);
      if (names.some((n) => text.includes(n)) !== checked) await box.click();
    }
    await fill(page, tid('collection-date'), german(date));
    // Disabled until a due is chosen and a date typed, and moved by the sum beside it: clicked once enabled, through the
    // DOM (a full run's pointer click right after typing sent nothing).
    await page.waitForSelector(`${tid('collection-create')}:not([disabled])`);
    await clickElement(page, tid('collection-create'));
    await page.waitForSelector(tid('collection-confirm'), { visible: true });
    await page.waitForSelector(tid('collection-confirm-pending'), { hidden: true });
  }

  /** Chooses the dues and types `typed` as the date, and asks; the date is refused, so no question is asked. */
  async function askWithDate(page: Page, names: readonly string[], typed: string): Promise<void> {
    for (const row of await page.$$(tid('collection-due'))) {
      const text = await row.evaluate((el) => (el as HTMLElement).innerText);
      const box = (await row.$('input[type="checkbox"]'))!;
      const checked = await box.evaluate((el) => (el as HTMLInputElement).checked);
      if (names.some((n) => text.includes(n)) !== checked) await box.click();
    }
    await fill(page, tid('collection-date'), typed);
    await page.waitForSelector(`${tid('collection-create')}:not([disabled])`);
    await clickElement(page, tid('collection-create'));
  }

  /** Waits until the text under the collection date (its helper text, marked as an error) contains `text`. */
  const waitForFieldText = (page: Page, text: string): Promise<unknown> =>
    page.waitForFunction(
      (t: string) => {
        const input = document.querySelector('[data-testid="collection-date"]');
        const under = document.getElementById(input?.getAttribute('aria-describedby') ?? '');
        return input?.getAttribute('aria-invalid') === 'true' && !!under?.textContent?.includes(t);
      },
      {},
      text,
    );

  const confirmDisabled = (page: Page): Promise<boolean> =>
    page.$eval(tid('collection-confirm-yes'), (el) => (el as HTMLButtonElement).disabled);

  const pairs: ReadonlyArray<readonly ['de' | 'en', number]> = [
    ['de', 1440],
    ['de', 1024],
    ['en', 1440],
    ['en', 1024],
  ];
  for (const [locale, width] of pairs) {
    it(`names the debit and the due left out with its reason, with nothing for axe to find (${locale}, ${width} px)`, async () => {
      const page = await pageIn(locale, width);
      // The date's format is said in the clerk's language (a German "TT.MM.JJJJ" placeholder in both before: stop 63).
      const hint = await page.$eval(tid('collection-date'), (input) => ({
        placeholder: input.getAttribute('placeholder'),
        described: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
      }));
      expect(hint).toEqual({ placeholder: null, described: locale === 'de' ? 'tt.mm.jjjj' : 'dd.mm.yyyy' });
      await ask(page, ['Abbucher', 'Ohnemandat'], collectionDate);
      const text =
        locale === 'de'
          ? [
              `Eine Lastschrift über 500,00 € zum ${german(collectionDate)} einziehen?`,
              'Diese gewählte Fälligkeit wird nicht eingezogen:',
              `Kein gültiges Mandat: Mitglied ${nr.bert}`,
            ]
          : [
              `Collect one debit of 500,00 € on ${german(collectionDate)}?`,
              'This chosen due is not collected:',
              `No valid mandate: member ${nr.bert}`,
            ];
      for (const part of text) await waitForText(page, tid('collection-confirm-text'), part);
      expect(await confirmDisabled(page)).toBe(false);
      await settled(page);
      await screenshot(page, `collection-preview-${locale}-${width}`);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.browserContext().close();
    });
  }

  it('cannot be confirmed when nothing would be drawn, or the date is refused; then makes what it named', async () => {
    const page = await pageIn('de', 1440);
    await ask(page, ['Ohnemandat'], collectionDate);
    await waitForText(page, tid('collection-confirm-text'), 'Keine der gewählten Fälligkeiten kann eingezogen werden:');
    await waitForText(page, tid('collection-confirm-left-out'), `Kein gültiges Mandat: Mitglied ${nr.bert}`);
    expect(await confirmDisabled(page)).toBe(true);
    await page.click(tid('collection-confirm-no'));
    await page.waitForSelector(tid('collection-confirm'), { hidden: true });

    // A date refused is said under the date, and nothing is asked: the question once showed "Ungültiges Datum" alone.
    for (const [typed, said] of [
      [german(SATURDAY), `Der ${german(SATURDAY)} ist kein TARGET2-Geschäftstag`],
      ['32.12.2026', 'Ungültiges Datum · tt.mm.jjjj'],
    ] as const) {
      await askWithDate(page, ['Abbucher'], typed);
      await waitForFieldText(page, said);
      expect(await page.$(tid('collection-confirm'))).toBeNull();
      await settled(page);
      await screenshot(page, `collection-date-refused-de-1440-${typed.replace(/\W+/g, '')}`);
      expect(await accessibilityProblems(page)).toEqual([]);
    }

    await ask(page, ['Abbucher', 'Ohnemandat'], collectionDate);
    await waitForText(page, tid('collection-confirm-left-out'), `Mitglied ${nr.bert}`);
    await page.click(tid('collection-confirm-yes'));
    await page.waitForSelector(tid('collection-confirm'), { hidden: true });
    await waitForText(
      page,
      tid('collection-made'),
      `1 Lastschrift über 500,00 € zum Einzug am ${german(collectionDate)}.`,
    );
    expect(await textOf(page, tid('collection-skipped'))).toBe(`Kein gültiges Mandat: Mitglied ${nr.bert}`);
    await page.browserContext().close();
  }, 60_000);
});
