import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { businessToday } from '@coop/contracts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import {
  clickElement,
  fill,
  pageOverflow,
  screenshot,
  signIn,
  tid,
  waitForPath,
  waitForText,
} from './support/console.js';
import { downloaded } from './support/downloads.js';
import { startProduct, type Product } from './support/product.js';
import { german, memberHistoryLines, openInConsole, rowWithText, seedMoneyWalk } from './support/money-walk.js';
import { earliestCollectionDate } from '../../services/src/direct-debits/domain/target2.js';

/*
 * A clerk's walk through the money that comes in (issue 45), in German, by clicks: a partial payment on shares, an
 * instalment plan, a mandate added and one revoked, a collection made and its pain.008 file, the debit returned,
 * reminders sent and their letters, a bank statement read and its credit booked. Seeded through the API is only what a
 * clerk would not click for this: the cooperative and its payment terms, three members and their subscriptions.
 * Every step asserts what the clerk reads (amounts as `1.234,56 €`) and leaves a screenshot; at the end each screen is
 * seen once more at 1024 px, without sideways scrolling.
 */

describe("a clerk's walk through the money that comes in (German)", () => {
  let product: Product;
  let page: Page;
  let downloads: string;
  /** Anna Acker: eight further shares (2.000,00 €), 500,00 € paid with them. */
  let anna: string;
  /**
   * Bernd Bach: a further share paid by a debit recorded by hand, which comes back and is paid by transfer; a second one
   * (250,00 €), nothing paid, drawn by the collection (its return possible from the collection date).
   */
  let bernd: string;
  let berndNr: number;
  /** Carla Mahn: two further shares (500,00 €) unpaid for 60 days: overdue. */
  let carla: string;
  let carlaPosted: string;
  const today = businessToday();
  const collectionDate = earliestCollectionDate(today);
  const shots: string[] = [];

  async function shot(name: string): Promise<void> {
    shots.push(name);
    await screenshot(page, `money-walk-${name}`);
  }

  const open = (path: string, ready: string): Promise<void> => openInConsole(page, path, ready);
  const historyLines = (types: readonly string[], count: number): Promise<string[]> =>
    memberHistoryLines(page, types, count);
  const rowWith = (selector: string, text: string): Promise<ElementHandle<Element>> =>
    rowWithText(page, selector, text);

  beforeAll(async () => {
    product = await startProduct({ COOPERATIVE_NAME: 'Zahlungseingang eG' });
    ({ anna, bernd, berndNr, carla, carlaPosted } = await seedMoneyWalk(product, today));
    expect(berndNr).toBeGreaterThan(0);

    downloads = await mkdtemp(join(tmpdir(), 'coop-money-walk-'));
    const context = await product.browser.createBrowserContext({
      downloadBehavior: { policy: 'allow', downloadPath: downloads },
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(`${product.baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('RaStorecoop.locale', JSON.stringify('de')));
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
  }, 120_000);

  afterAll(async () => {
    await product?.close();
  });

  it('records a partial payment and an instalment plan on the member page', async () => {
    await open(`/member/${anna}`, tid('member-share-dues'));
    await waitForText(page, tid('member-share-dues'), '1.500,00 € offen');
    await clickElement(page, tid('member-share-payment'));
    await page.waitForSelector(tid('share-payment-dialog'), { visible: true });
    // The one open subscription is chosen, its outstanding amount proposed: the clerk types what came in.
    expect(await page.$eval(tid('share-payment-amount'), (e) => (e as HTMLInputElement).value)).toBe('1.500,00');
    // More than is open: refused in German, the dialog stays with what was typed.
    await fill(page, tid('share-payment-amount'), '2.000,00');
    await page.click(tid('share-payment-save'));
    await page
      .waitForFunction(
        (sel: string) =>
          /Die Zahlung 2\.000,00 € ist höher als der offene Betrag \(1\.500,00 €\)/.test(
            (document.querySelector(sel) as HTMLElement | null)?.innerText ?? '',
          ),
        {},
        tid('share-payment-dialog'),
      )
      .catch(async (error: unknown) => {
        throw new Error(
          `no German refusal in the payment dialog: ${await page.$eval(tid('share-payment-dialog'), (e) => (e as HTMLElement).innerText)} (${String(error)})`,
        );
      });
    await shot('payment-refused');
    await fill(page, tid('share-payment-amount'), '123,45');
    await fill(page, tid('share-payment-reference'), 'Überweisung Anteile Acker');
    await shot('payment-dialog');
    await page.click(tid('share-payment-save'));
    await page.waitForSelector(tid('share-payment-dialog'), { hidden: true });
    // 1.500,00 € − 123,45 € = 1.376,55 €.
    await waitForText(page, tid('member-share-dues'), '1.376,55 € offen');
    await waitForText(page, tid('member-share-due-outstanding'), '1.376,55 €');
    // The share account's footer names the nominal holding as such (1 + 8 shares) and, apart, the Geschäftsguthaben
    // paid in: 250,00 € + 500,00 € + 123,45 €, with what is still open on the shares (decision 273).
    await waitForText(page, tid('member-share-account'), 'Geschäftsanteile (Nennbetrag)');
    await waitForText(page, tid('member-sum-balance'), '2.250,00 €');
    await waitForText(page, tid('member-paid-in-row'), 'Geschäftsguthaben (eingezahlt)');
    await waitForText(page, tid('member-paid-in'), '873,45 €');
    await waitForText(page, tid('member-open'), 'offen 1.376,55 €');
    await shot('payment-recorded');

    // The instalment plan: two instalments (the terms' most), a month apart; the proposed due dates are saved and shown.
    await clickElement(
      page,
      `${tid('member-share-due')} button[aria-label^="Ratenplan der Zeichnung vom ${german(today)}"]`,
    );
    await page.waitForSelector(tid('share-instalments-dialog'), { visible: true });
    // The plan divides what was not paid with the subscription: 2.000,00 € − 500,00 €.
    await waitForText(
      page,
      tid('share-instalments-dialog'),
      'Der bei der Zeichnung nicht eingezahlte Teil von 1.500,00 € in höchstens 2 Raten im Abstand von 1 Monat ',
    );
    const plan = await page.$$eval(`${tid('share-instalments-dialog')} input`, (inputs) =>
      inputs.map((i) => (i as HTMLInputElement).value),
    );
    expect(plan).toHaveLength(4);
    expect(plan[0]).toBe(german(today));
    expect([plan[1], plan[3]]).toEqual(['750,00', '750,00']);
    await shot('instalment-dialog');
    await page.click(tid('share-instalments-save'));
    await page.waitForSelector(tid('share-instalments-dialog'), { hidden: true });
    await waitForText(page, tid('member-share-due'), `${plan[0]}: 750,00 €`);
    await waitForText(page, tid('member-share-due'), `${plan[2]}: 750,00 €`);
    await shot('instalments-shown');
    // The history says what was recorded: the payment with its amount, how and when, the plan with its instalments,
    // and the subscription what was paid with it (the admission, paid in full, names nothing apart).
    expect(await historyLines(['SharePaymentReceived', 'InstalmentPlanSet', 'SharesPosted'], 3)).toEqual([
      `InstalmentPlanSet: 2 Raten über zusammen 1.500,00 €, fällig vom ${plan[0]} bis ${plan[2]}`,
      `SharePaymentReceived: Zahlung 123,45 € (Überweisung) am ${german(today)}`,
      'SharesPosted: Mit der Zeichnung eingezahlt: 500,00 € · offen: 1.500,00 €',
    ]);
  }, 60_000);

  it('adds a mandate, revokes one after its confirmation', async () => {
    await open(`/member/${bernd}`, tid('member-direct-debits'));
    await waitForText(page, tid('member-direct-debits'), 'Kein Mandat.');
    const grant = async (reference: string) => {
      await fill(page, tid('mandate-reference'), reference);
      await fill(page, tid('mandate-signed-on'), german(today));
      // Clicked once enabled, through the DOM, its answer awaited: a full run's pointer click right after typing sent nothing.
      await page.waitForSelector(`${tid('mandate-add')}:not([disabled])`);
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/mandates'));
      await clickElement(page, tid('mandate-add'));
      expect((await answer).status()).toBe(201);
      await rowWith(tid('mandate-row'), reference);
    };
    await grant('BACH-ALT-2024');
    await waitForText(page, tid('mandate-row'), 'Gültig (0 Einzüge)');
    await shot('mandate-added');
    await page.click(`${tid('mandate-row')} ${tid('mandate-revoke')}`);
    await page.waitForSelector(tid('mandate-revoke-dialog'), { visible: true });
    await waitForText(page, tid('mandate-revoke-dialog'), 'Das Mandat BACH-ALT-2024 wird widerrufen');
    await shot('mandate-revoke-confirmation');
    await page.click(tid('mandate-revoke-dialog-yes'));
    await page.waitForSelector(tid('mandate-revoke-dialog'), { hidden: true });
    await waitForText(page, tid('mandate-row'), `Widerrufen am ${german(today)}`);
    await grant('BACH-0001');
    const states = await page.$$eval(tid('mandate-row'), (rows) =>
      rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );
    expect(states).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^BACH-ALT-2024 .* Widerrufen am/),
        expect.stringMatching(
          new RegExp(`^BACH-0001 ${german(today).replace(/\./g, '\\.')} Wiederkehrend Gültig \\(0 Einzüge\\)`),
        ),
      ]),
    );
    await shot('mandates');
  }, 60_000);

  it('makes a collection of the due chosen and downloads its pain.008 file', async () => {
    await open('/direct-debits', tid('collection-form'));
    await waitForText(page, tid('direct-debits'), 'Noch kein Einzug.');
    const due = await rowWith(tid('collection-due'), 'Bach, Bernd');
    await (await due.$('input[type="checkbox"]'))!.click();
    await waitForText(page, tid('collection-selected'), '1 gewählt, 250,00 €');
    await fill(page, tid('collection-date'), german(collectionDate));
    await shot('collection-chosen');
    await page.click(tid('collection-create'));
    // Asked first: the debits are booked as paid at once.
    await page.waitForSelector(tid('collection-confirm'), { visible: true });
    await waitForText(
      page,
      tid('collection-confirm-text'),
      `Eine Lastschrift über 250,00 € zum ${german(collectionDate)} einziehen?`,
    );
    await shot('collection-confirmation');
    await page.click(tid('collection-confirm-yes'));
    await page.waitForSelector(tid('collection-confirm'), { hidden: true });
    await waitForText(
      page,
      tid('collection-made'),
      `1 Lastschrift über 250,00 € zum Einzug am ${german(collectionDate)}.`,
    );
    await waitForText(page, tid('direct-debit-row'), '250,00 €');
    await waitForText(page, tid('direct-debit-row'), german(collectionDate));
    // Bernd's due is drawn: no longer offered.
    expect(
      await page.$$eval(tid('collection-due'), (rows) =>
        rows.some((r) => (r as HTMLElement).innerText.includes('Bach, Bernd')),
      ),
    ).toBe(false);
    await shot('collection-made');
    const file = await downloaded(page, downloads, tid('direct-debit-download'));
    expect(file.name).toMatch(/\.xml$/);
    const xml = file.bytes.toString('utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(xml).toContain('<CtrlSum>250.00</CtrlSum>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">250.00</InstdAmt>');
    expect(xml).toContain('<MndtId>BACH-0001</MndtId>');
    expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
    await expect(page.$(tid('direct-debit-file-error'))).resolves.toBeNull();
  }, 60_000);

  it('records the returned debit: the amount is outstanding again', async () => {
    await open(`/member/${bernd}`, tid('debit-payment-row'));
    await waitForText(page, tid('member-share-dues'), '0,00 € offen');
    await waitForText(page, tid('debit-payment-row'), 'Eingezogen');
    await waitForText(page, tid('mandate-row'), 'Gültig (1 Einzug)');
    // The member's history names what happened (it read "Änderung" for each of these).
    await page.waitForSelector(`${tid('history-entry')}[data-type="SharePaymentReceived"]`);
    const history = await page.$$eval(tid('history-entry'), (els) =>
      els.map((el) => `${el.getAttribute('data-type')}: ${(el as HTMLElement).innerText.split('\n')[0]}`),
    );
    expect(history).toEqual(
      expect.arrayContaining([
        'SharePaymentReceived: Zahlung auf Anteile eingegangen',
        'DirectDebitMandateGranted: Lastschriftmandat erfasst',
        'DirectDebitMandateRevoked: Lastschriftmandat widerrufen',
      ]),
    );
    // Each names what it was: the debit with its amount, the mandates with their references.
    expect(
      await historyLines(['SharePaymentReceived', 'DirectDebitMandateGranted', 'DirectDebitMandateRevoked'], 5),
    ).toEqual([
      `SharePaymentReceived: Zahlung 250,00 € (Lastschrift) am ${german(collectionDate)}`,
      `DirectDebitMandateGranted: Mandat BACH-0001 vom ${german(today)} (Wiederkehrend)`,
      `DirectDebitMandateRevoked: Mandat BACH-ALT-2024 widerrufen zum ${german(today)}`,
      `DirectDebitMandateGranted: Mandat BACH-ALT-2024 vom ${german(today)} (Wiederkehrend)`,
      `SharePaymentReceived: Zahlung 250,00 € (Lastschrift) am ${german(today)}`,
    ]);
    // The collection's debit comes back from its collection date on: until then no return is offered (decision 357).
    await rowWith(tid('debit-payment-row'), `Rückgabe ab ${german(collectionDate)}`);
    await page.click(tid('debit-payment-return'));
    await page.waitForSelector(tid('debit-return-dialog'), { visible: true });
    await waitForText(page, tid('debit-return-dialog'), 'über 250,00 € kam zurück');
    // The date proposed is today, one the API takes, and the field says the rule.
    const proposed = today;
    expect(await page.$eval(tid('debit-return-dialog-date'), (e) => (e as HTMLInputElement).value)).toBe(
      german(proposed),
    );
    await waitForText(page, tid('debit-return-dialog'), `vom Einzugsdatum (${german(today)}) bis heute`);
    await fill(page, tid('debit-return-dialog-reason'), 'md06');
    await shot('return-confirmation');
    await page.click(tid('debit-return-dialog-yes'));
    await page.waitForSelector(tid('debit-return-dialog'), { hidden: true });
    // The bank's code with its meaning: a bare "MD06" told the clerk nothing.
    await rowWith(tid('debit-payment-row'), `${german(proposed)} (MD06 – Rückgabe auf Verlangen des Zahlers)`);
    // The same page, not reloaded: the payments card says the amount is due again, the history names the return.
    await waitForText(page, tid('member-share-dues'), '250,00 € offen');
    expect(await historyLines(['SharePaymentReturned'], 1)).toEqual([
      `SharePaymentReturned: Rücklastschrift über 250,00 € am ${german(proposed)} (Grund MD06 – Rückgabe auf Verlangen des Zahlers)`,
    ]);
    await shot('return-recorded');
  }, 60_000);

  it('sends a reminder after its confirmation and offers its letter', async () => {
    await open('/payment-reminders', tid('reminders-table'));
    const row = await rowWith(tid('reminders-row'), 'Mahn, Carla');
    expect(await row.evaluate((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' '))).toContain(
      `Zahlungserinnerung 500,00 € ${german(carlaPosted)}`,
    );
    await (await row.$('input[type="checkbox"]'))!.click();
    await waitForText(page, tid('reminders-send'), '1 ausgewählt');
    await page.click(tid('reminders-send-button'));
    await page.waitForSelector(tid('reminders-confirm'), { visible: true });
    await waitForText(
      page,
      tid('reminders-confirm-text'),
      `1 Mahnung zum ${german(today)} über 500,00 € erfassen und ihren Brief erstellen?`,
    );
    await shot('reminders-confirmation');
    await page.click(tid('reminders-confirm-yes'));
    await page.waitForSelector(tid('reminders-confirm'), { hidden: true });
    await waitForText(page, tid('reminders-sent'), '1 Mahnung erfasst (500,00 €), 0 nicht fällig.');
    await shot('reminders-sent');
    const letters = await downloaded(page, downloads, tid('reminders-letters'));
    expect([letters.name, letters.bytes.subarray(0, 5).toString()]).toEqual([expect.stringMatching(/\.pdf$/), '%PDF-']);
    await expect(page.$(tid('reminders-letters-error'))).resolves.toBeNull();
    // On Carla's page: the reminder recorded.
    await open(`/member/${carla}`, tid('member-reminder'));
    await waitForText(page, tid('member-reminder'), german(today));
    await shot('reminder-on-member');
    // The outstanding payments name the level as the reminders do (they said "Erste Mahnung": a review, stop 63).
    await open('/share-dues', tid('share-dues-row'));
    const due = await rowWith(tid('share-dues-row'), 'Mahn, Carla');
    expect(await due.evaluate((r) => (r as HTMLElement).innerText)).toContain('Zahlungserinnerung');
  }, 60_000);

  it('reads a bank statement, books the credit proposed for the member named in it', async () => {
    const entry =
      `<Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${today}</Dt></BookgDt>` +
      `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Bernd Bach</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Geschaeftsanteil Mitgliedsnummer ${berndNr}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const file = join(downloads, 'auszug.xml');
    await writeFile(
      file,
      '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>WALK</MsgId></GrpHdr>' +
        `<Stmt><Id>WALK-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entry}</Stmt></BkToCstmrStmt></Document>`,
    );
    await open('/bank-statements', tid('bank-statement-upload'));
    const input = (await page.$(tid('bank-statement-file'))) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await waitForPath(page, (p) => /^\/bank-statements\/[^/]+$/.test(p), 'the statement read');
    const row = await rowWith(tid('bank-statement-entry'), 'Bernd Bach');
    await page.waitForSelector(`${tid('bank-statement-entry')} ${tid('entry-state-matched')}`, { visible: true });
    expect(await row.evaluate((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' '))).toContain(
      `250,00 € Bernd Bach Geschaeftsanteil Mitgliedsnummer ${berndNr} ${berndNr} Bernd Bach Vorgeschlagen`,
    );
    await shot('statement-read');
    await (await row.$('input[type="checkbox"]'))!.click();
    // The account's IBAN in groups of four, as everywhere in the console (it read DE89370400440532013000).
    await waitForText(
      page,
      tid('bank-statement'),
      'Konto DE89 3704 0044 0532 0130 00: 1 Gutschrift über 250,00 €; 1 noch zu entscheiden',
    );
    await waitForText(page, tid('bank-statement-confirm'), '1 Umsatz bestätigen (250,00 €)');
    await page.click(tid('bank-statement-confirm'));
    await page.waitForSelector(tid('bank-statement-dialog'), { visible: true });
    await shot('statement-confirmation');
    await page.click(tid('bank-statement-dialog-yes'));
    await page.waitForSelector(tid('bank-statement-dialog'), { hidden: true });
    await page.waitForSelector(`${tid('bank-statement-entry')} ${tid('entry-state-confirmed')}`, { visible: true });
    await waitForText(page, tid('bank-statement-entry'), '250,00 €');
    await shot('statement-booked');
    await open(`/member/${bernd}`, tid('member-share-dues'));
    await waitForText(page, tid('member-share-dues'), '0,00 € offen');
    await shot('paid-by-transfer');
  }, 60_000);

  it('shows each screen whole at 1024 px', async () => {
    await page.setViewport({ width: 1024, height: 768 });
    const sideways: Record<string, number> = {};
    for (const [path, ready] of [
      [`/member/${anna}`, tid('member-share-due')],
      [`/member/${bernd}`, tid('debit-payment-row')],
      ['/direct-debits', tid('direct-debit-row')],
      ['/payment-reminders', tid('reminders-send')],
      ['/bank-statements', tid('bank-statement-row')],
    ] as const) {
      await open(path, ready);
      const overflow = await pageOverflow(page);
      if (overflow > 0) sideways[path] = overflow;
      // The payments card's table fits its card: nothing of it hidden behind the card's edge (the instalments were).
      const clipped = await page.$$eval(
        `${tid('member-share-dues')} .MuiCardContent-root`,
        (els) => els.map((el) => el.scrollWidth - el.clientWidth).find((n) => n > 0) ?? 0,
      );
      if (clipped > 0) sideways[`${path} (Einzahlungen auf Anteile)`] = clipped;
      await shot(
        `1024-${path.replace(/\W+/g, '-').replace(/-[0-9a-f-]{20,}$/, '')}${path === `/member/${bernd}` ? '-bernd' : ''}`,
      );
    }
    // The statements' list (the last screen above) shows the account's IBAN grouped too.
    await waitForText(page, tid('bank-statement-row'), 'DE89 3704 0044 0532 0130 00');
    await open(`/member/${anna}`, tid('member-share-due'));
    await clickElement(page, tid('member-share-payment'));
    await page.waitForSelector(tid('share-payment-dialog'), { visible: true });
    await shot('1024-payment-dialog');
    await page.click(tid('share-payment-cancel'));
    expect(sideways).toEqual({});
  }, 60_000);
});
