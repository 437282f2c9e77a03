/**
 * readStatementFile: a large statement file read in the read thread gives what `readCamt` gives on the calling thread,
 * the same statement and the same refusals with their templates. The thread runs compiled code
 * (services/dist/bank-statements/read-thread/camt-thread.js, made by `npx tsc -b services`, which `npm test` runs
 * first): jest's TypeScript transform does not reach into a worker thread.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CamtRefusal, readCamt } from '../camt/camt-reader.js';
import { CAMT_THREAD_ABOVE, readStatementFile } from './read-statement-file.js';

const ENTRY = new URL('../../../dist/bank-statements/read-thread/camt-thread.js', import.meta.url);
const built = existsSync(ENTRY);
if (!built)
  console.warn(
    `SKIPPED: bank statement read thread suite needs the built entry ${ENTRY.pathname} (npx tsc -b services)`,
  );

const entry = (i: number): string =>
  `<Ntry><Amt Ccy="EUR">${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>${i % 7 === 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>` +
  `<BookgDt><Dt>2025-04-02</Dt></BookgDt><ValDt><Dt>2025-04-03</Dt></ValDt><AcctSvcrRef>R${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>` +
  `<RltdPties><Dbtr><Nm>Müller-Lüdenscheidt ${i} &amp; Söhne</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct></RltdPties>` +
  `<RmtInf><Ustrd>Einzahlung Geschäftsanteile Mitgl.-Nr. ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
const file = (entries: number, before = ''): Uint8Array =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>${before}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>` +
      `<Stmt><Id>S-1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${Array.from({ length: entries }, (_, i) => entry(i + 1)).join('\n')}</Stmt></BkToCstmrStmt></Document>`,
  );
const refusalOf = async (read: () => unknown): Promise<unknown> => {
  try {
    await read();
  } catch (error) {
    return error instanceof CamtRefusal ? { template: error.template, parameters: [...error.parameters] } : error;
  }
  return 'read';
};

(built ? describe : describe.skip)('a bank statement file read in the read thread', () => {
  it('gives the statement readCamt gives here, entry for entry', async () => {
    const bytes = file(1500);
    expect(bytes.byteLength).toBeGreaterThan(CAMT_THREAD_ABOVE);
    const here = readCamt(bytes);
    const there = await readStatementFile(bytes, ENTRY);
    expect(there.entries).toHaveLength(1500);
    // As JSON carried it: no property left undefined.
    expect(there).toEqual(JSON.parse(JSON.stringify(here)));
  }, 60_000);

  it('gives the same statement on every read, one after the other and three at once', async () => {
    const bytes = file(800);
    const expected = JSON.parse(JSON.stringify(readCamt(bytes))) as unknown;
    const reads = [
      await readStatementFile(bytes, ENTRY),
      await readStatementFile(bytes, ENTRY),
      ...(await Promise.all([1, 2, 3].map(() => readStatementFile(bytes, ENTRY)))),
    ];
    for (const read of reads) expect(read).toEqual(expected);
  }, 120_000);

  it('refuses what readCamt refuses, with the same template and parameters', async () => {
    const declared = file(1500, '<!DOCTYPE Document [<!ENTITY x "y">]>');
    expect(await refusalOf(() => readStatementFile(declared, ENTRY))).toEqual({
      template: 'bankStatementDeclarations',
      parameters: [],
    });
    const broken = new TextEncoder().encode(new TextDecoder().decode(file(1500)).replace('</Stmt>', ''));
    expect(await refusalOf(() => readStatementFile(broken, ENTRY))).toEqual(await refusalOf(() => readCamt(broken)));
    expect(await refusalOf(() => readCamt(broken))).toEqual({ template: 'bankStatementNotCamt', parameters: [] });
  }, 60_000);

  it('reads a small file here, as before', async () => {
    const bytes = file(3);
    expect(bytes.byteLength).toBeLessThanOrEqual(CAMT_THREAD_ABOVE);
    expect(await readStatementFile(bytes, ENTRY)).toEqual(readCamt(bytes));
  });

  it('refuses a file whose read goes past its budget with bankStatementReadTooLong, not a failure (500)', async () => {
    // A review (stop 63): three files of 1 MiB past the read's 120 s answered 500 internalError.
    const budget = { seconds: 0.001, memoryMb: 1024 };
    expect(await refusalOf(() => readStatementFile(file(1500), ENTRY, budget))).toEqual({
      template: 'bankStatementReadTooLong',
      parameters: ['0.001', '1024'],
    });
  });
});
