import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'puppeteer-core';
import { clickMenuOption, openMenu, screenshot, signedInAt, tid, waitForPath } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { setUpCooperative } from './support/seed.js';

/*
 * A bank statement's entries a page at a time (decision 317): the statement screen showed every entry of the file in
 * one table (a statement of 20,000 entries came as 17.6 MB). Now it shows a page with the console's pagination, keeps
 * the entries selected on another page for the decision, and shows the entries of one state.
 */

const ENTRIES = 45;

/** A statement of ENTRIES credits naming no member (each to assign), entry i of i euros. */
function statementFile(): string {
  const entry = (i: number): string =>
    `<Ntry><Amt Ccy="EUR">${i}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-05-02</Dt></BookgDt>` +
    `<NtryDtls><TxDtls><RmtInf><Ustrd>Spende Nummer ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
    '<BkToCstmrStmt><GrpHdr><MsgId>PAGES</MsgId></GrpHdr><Stmt><Id>PAGES-1</Id>' +
    '<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>' +
    Array.from({ length: ENTRIES }, (_, i) => entry(i + 1)).join('') +
    '</Stmt></BkToCstmrStmt></Document>'
  );
}

/** The remittance texts of the rows shown, once there are `count` rows whose first is `first`. */
async function rowsShown(page: Page, count: number, first: string): Promise<string[]> {
  await page.waitForFunction(
    (n: number, text: string) => {
      const rows = document.querySelectorAll('[data-testid="bank-statement-entry"]');
      return rows.length === n && (rows[0]?.textContent ?? '').includes(text);
    },
    {},
    count,
    first,
  );
  return page.$$eval('[data-testid="bank-statement-entry"]', (rows) =>
    rows.map((r) => /Spende Nummer \d+/.exec(r.textContent ?? '')?.[0] ?? ''),
  );
}

describe('a bank statement screen, a page at a time', () => {
  let product: Product;
  let statement: string;

  beforeAll(async () => {
    product = await startProduct();
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    const upload = new FormData();
    upload.append('file', new Blob([statementFile()], { type: 'application/xml' }), 'seiten.xml');
    const read = await fetch(`${product.baseUrl}/api/v1/bank-statements`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: upload,
    });
    expect(read.status).toBe(201);
    statement = ((await read.json()) as { id: string }).id;
  }, 90_000);

  afterAll(async () => {
    await product?.close();
  });

  it('pages the entries, sets aside those selected on two pages, and shows them by their state', async () => {
    const page = await signedInAt(product, `/bank-statements/${statement}`, {
      locale: 'de',
      width: 1440,
      password: product.adminPassword,
    });
    page.setDefaultTimeout(20_000);
    expect(await rowsShown(page, 20, 'Spende Nummer 1')).toEqual(
      Array.from({ length: 20 }, (_, i) => `Spende Nummer ${i + 1}`),
    );
    await page.click(tid('entry-select-2'));
    // The third page: entries 41 to 45.
    const next = '.MuiTablePagination-actions button:last-child';
    await page.click(next);
    await rowsShown(page, 20, 'Spende Nummer 21');
    await page.click(next);
    expect(await rowsShown(page, 5, 'Spende Nummer 41')).toEqual(
      Array.from({ length: 5 }, (_, i) => `Spende Nummer ${41 + i}`),
    );
    await waitForPath(page, (p) => p === `/bank-statements/${statement}?page=3`, 'the third page');
    await page.click(tid('entry-select-45'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bank-statement-ignore"]')?.textContent === '2 Umsätze beiseitelegen',
    );
    await screenshot(page, 'bank-statement-page-3');
    await page.click(tid('bank-statement-ignore'));
    await page.waitForSelector(tid('bank-statement-dialog'), { visible: true });
    await page.click(tid('bank-statement-dialog-yes'));
    await page.waitForSelector(tid('bank-statement-dialog'), { hidden: true });
    await page.waitForSelector(`${tid('bank-statement-entry')} ${tid('entry-state-ignored')}`, { visible: true });
    // Only the entries set aside, on their first page.
    await openMenu(page, tid('bank-statement-state'), 'li[data-value="ignored"]');
    await clickMenuOption(page, 'li[data-value="ignored"]', 'bank-statement-state');
    expect(await rowsShown(page, 2, 'Spende Nummer 2')).toEqual(['Spende Nummer 2', 'Spende Nummer 45']);
    await waitForPath(page, (p) => p === `/bank-statements/${statement}?state=ignored`, 'the entries set aside');
    await screenshot(page, 'bank-statement-ignored');
    await page.browserContext().close();
  }, 120_000);

  it('never breaks an amount between the number and the euro sign, however narrow the table', async () => {
    const page = await signedInAt(product, `/bank-statements/${statement}`, {
      locale: 'de',
      width: 1024,
      password: product.adminPassword,
    });
    page.setDefaultTimeout(20_000);
    await rowsShown(page, 20, 'Spende Nummer 1');
    // The table squeezed to its narrowest (each column at its min-content width): an amount "1,00 €" that may break
    // at its space shows on two lines (the review at 1024 px: "1.250,00 / €").
    const lines = await page.$$eval('[data-testid="bank-statement-entry"] td:nth-child(3)', (cells) => {
      const table = cells[0]?.closest('table');
      if (table) table.style.width = '1px';
      return cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      });
    });
    expect(lines.length).toBe(20);
    expect(lines.filter((n) => n !== 1)).toEqual([]);
    await page.browserContext().close();
  }, 120_000);
});
