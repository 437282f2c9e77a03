import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { screenshot, signedInAt, tableOverflow, tid } from './support/console.js';
import { accessibilityProblems, settled } from './support/accessibility.js';
import { startProduct, type Product } from './support/product.js';
import { seedMember, setUpCooperative } from './support/seed.js';

/*
 * A bank statement as a clerk reads it at 1024 px in German (found on the demo cooperative): the entries' table was
 * 57 px wider than its card, so the last column, what is booked on shares, was cut off and reached only by scrolling
 * sideways ("Auswahl" above the checkboxes and the unbreakable "Verwendungszweck" widened it). And a credit whose text
 * named a member who owes nothing said "das Mitglied schuldet nichts auf Anteile" beside an empty member picker: which
 * member the matching read was not shown.
 */

/** A camt.053 file of the given credits, each `[amount, payer, remittance text]`. */
function statementFile(credits: ReadonlyArray<readonly [string, string, string]>): string {
  const entry = ([amount, payer, text]: readonly [string, string, string]): string =>
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-05-02</Dt></BookgDt>` +
    `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${payer}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' +
    '<BkToCstmrStmt><GrpHdr><MsgId>NARROW</MsgId></GrpHdr><Stmt><Id>NARROW-1</Id>' +
    `<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${credits.map(entry).join('')}</Stmt></BkToCstmrStmt></Document>`
  );
}

describe('a bank statement at 1024 px', () => {
  let product: Product;
  let statement: string;
  let memberNr: number;

  beforeAll(async () => {
    product = await startProduct();
    const token = await product.apiLogin('admin', product.adminPassword);
    await setUpCooperative(product, token);
    // Her shares are paid in whole: a credit naming her number finds nothing to book.
    const member = await seedMember(product, token, { givenName: 'Brigitte', name: 'Kraus' });
    memberNr = ((await product.api(`/members/${member}`, { token })).body as { memberNr: number }).memberNr;
    const upload = new FormData();
    const file = statementFile([
      ['25.00', 'Brigitte Kraus', `Mitgliedsnr. ${memberNr} Spende`],
      ['1234.56', 'Unbekannt GmbH', 'Spende Sommerfest'],
    ]);
    upload.append('file', new Blob([file], { type: 'application/xml' }), 'auszug.xml');
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

  it('fits the card in German, names the member a credit could not be booked for, and has no axe finding', async () => {
    const page = await signedInAt(product, `/bank-statements/${statement}`, {
      locale: 'de',
      width: 1024,
      password: product.adminPassword,
    });
    await page.waitForSelector(tid('entry-member-2'), { visible: true });
    await settled(page);
    await screenshot(page, 'bank-statement-de-1024');
    const shown = {
      overflow: await tableOverflow(page),
      reasons: await page.$$eval('[data-testid="bank-statement-entry"] .MuiChip-root + *', (els) =>
        els.map((e) => (e as HTMLElement).innerText),
      ),
    };
    expect(shown).toEqual({
      overflow: 0,
      reasons: [`Mitglied ${memberNr} Brigitte Kraus schuldet nichts auf Anteile`, 'keine Mitgliedsnummer im Text'],
    });
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
