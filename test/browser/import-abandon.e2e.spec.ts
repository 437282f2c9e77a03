import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accessibilityProblems } from './support/accessibility.js';
import { clickElement, signIn, tid, waitForPath, waitForText } from './support/console.js';
import { startProduct, type Product } from './support/product.js';
import { setUpCooperative } from './support/seed.js';

/**
 * Issue 40, decision 200: a stuck import is abandoned from the import page's history: the button asks first (No keeps
 * it running), Yes ends it, and the history shows it abandoned with the parts it wrote. The import is held after its
 * first chunk by the test-only switch `COOP_TEST_PAUSE_AT` (never a timer): it stays running, as a stuck one does.
 */

const MEMBERS = 20;

/** The subscription of each member (German CSV). */
function postingsCsv(): string {
  const rows = ['Mitgliedsnummer;Buchungsnummer;Buchungsart;Anzahl;Datum;Zulassungsdatum;Verzinsungsbeginn'];
  for (let nr = 1; nr <= MEMBERS; nr++) rows.push(`${nr};A${nr};0;3;15.01.2020;20.01.2020;01.02.2020`);
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** A register of MEMBERS members (German CSV). */
function registerCsv(): string {
  const rows = [
    'Mitgliedsnummer;Mitgliedsart;Funktion;Anrede;Briefanrede;Titel;Name / Firma;Vorname;Geburtsdatum;Rechtsform;Familienstand;Straße;Hausnummer;PLZ;Ort;Bundesland;Ausland;E-Mail;Bank;IBAN;BIC;Eintrittsdatum;Zulassungsdatum;Verzinsungsbeginn',
  ];
  for (let nr = 1; nr <= MEMBERS; nr++) {
    rows.push(
      `${nr};1;0;Frau;female;none;Hängend;Hanna ${nr};12.04.1980;0;0;Lindenweg;7;12345;Musterstadt;by;nein;hanna${nr}@example.org;Musterbank;DE89370400440532013000;COBADEFFXXX;15.01.2020;20.01.2020;01.02.2020`,
    );
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

describe('abandoning a stuck import in the console', () => {
  let product: Product;
  let token: string;

  beforeAll(async () => {
    product = await startProduct({
      COOPERATIVE_NAME: 'Test eG',
      IMPORT_CHUNK_EVENTS: '10',
      COOP_TEST_PAUSE_AT: 'import:chunk-written:0',
    });
    token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    const form = new FormData();
    form.append('confirmWarnings', 'true');
    form.append('files', new Blob([registerCsv()], { type: 'text/csv' }), 'Mitglieder.csv');
    form.append('files', new Blob([postingsCsv()], { type: 'text/csv' }), 'Buchungen.csv');
    // Held after its first chunk: the request never answers, the import stays running.
    let answered = '';
    void fetch(`${product.baseUrl}/api/v1/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }).then(
      async (res) => (answered = `${res.status} ${await res.text()}`),
      (error: unknown) => (answered = String(error)),
    );
    for (let tries = 0; ; tries++) {
      const history = (await product.api('/import/history', { token })).body as
        { state: string; chunksWritten: number }[] | null;
      if (Array.isArray(history) && history[0]?.state === 'running' && history[0].chunksWritten === 1) break;
      if (tries > 300 || answered)
        throw new Error(
          `the import did not show running (${answered}, ${JSON.stringify(history)}); the product said:\n${product.output()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(async () => {
    await product?.close();
  });

  it('asks, then abandons it; the history shows it abandoned with the parts it wrote', async () => {
    const page = await product.newPage();
    await page.goto(`${product.baseUrl}/login`);
    await signIn(page, 'admin', product.adminPassword);
    await waitForPath(page, (p) => p === '/', 'the dashboard');
    await page.goto(`${product.baseUrl}/administration/import`);
    await page.waitForSelector(tid('import-history-row'), { visible: true });
    await page.waitForSelector(tid('import-abandon'), { visible: true });

    // No keeps it running.
    await clickElement(page, tid('import-abandon'));
    await page.waitForSelector(tid('import-abandon-dialog'), { visible: true });
    await waitForText(page, tid('import-abandon-dialog'), 'stay in the member register');
    expect(await accessibilityProblems(page)).toEqual([]);
    await clickElement(page, tid('import-abandon-no'));
    await page.waitForSelector(tid('import-abandon-dialog'), { hidden: true });
    expect(((await product.api('/import/running', { token })).body as { running: boolean }).running).toBe(true);

    // Yes ends it.
    await clickElement(page, tid('import-abandon'));
    await clickElement(page, tid('import-abandon-yes'));
    await waitForText(page, tid('import-history-state'), 'Abandoned after 1 of');
    expect(await page.$(tid('import-abandon'))).toBeNull();
    expect(((await product.api('/import/running', { token })).body as { running: boolean }).running).toBe(false);
    await page.close();
  }, 120_000);
});
