import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { centsOf } from './camt/camt-amount.js';
import { CAMT_MAX_BYTES, CAMT_MAX_ENTRIES } from './camt/camt-limits.js';
import { CamtRefusal, readCamt, textLongerThan } from './camt/camt-reader.js';

/*
 * The CAMT.053 reader (issue 45): a DK-style camt.053.001.02 statement (a transfer, a debit, a batch booking of two
 * transfers, an entry not booked) and a camt.053.001.08 one (the .08 shapes: `Sts/Cd`, `Dbtr/Pty/Nm`, `TxDtls/Amt`, the
 * value date only, another currency); amounts to cents without floats; the limits and the hostile files refused before
 * the work; the same bytes give the same entries, one after another and at once.
 */

const fixture = (name: string): Buffer => readFileSync(new URL(`./camt/fixtures/${name}`, import.meta.url));
const V02 = fixture('dk-camt053-001-02.xml');
const V08 = fixture('camt053-001-08.xml');
const bytes = (xml: string): Uint8Array => new TextEncoder().encode(xml);
const refusal = (read: () => unknown): { template: string; parameters: readonly string[] } => {
  try {
    read();
  } catch (error) {
    if (error instanceof CamtRefusal) return { template: error.template, parameters: error.parameters };
    throw error;
  }
  throw new Error('not refused');
};

/** A camt.053.001.02 file of the given entries (`Ntry` elements). */
const statementOf = (entries: string, extra = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${extra}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr>` +
  `<Stmt><Id>S-1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>${entries}</Stmt></BkToCstmrStmt></Document>`;
const credit = (amount: string, text = 'Mitgl.-Nr. 1'): string =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-02</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe('readCamt: what German banks deliver', () => {
  it('reads a DK camt.053.001.02 statement: the transfer, the debit, the batch booking as its two transfers, the pending entry listed', () => {
    const statement = readCamt(V02);
    expect([
      statement.version,
      statement.account,
      statement.bankStatementId,
      statement.fromDate,
      statement.toDate,
    ]).toEqual(['camt.053.001.02', 'DE02120300000000202051', '2025-04-02-00064', '2025-04-02', '2025-04-02']);
    expect(statement.entries).toEqual([
      {
        entryId: '1',
        kind: 'credit',
        amount: 25_000,
        currency: 'EUR',
        bookingDate: '2025-04-02',
        remittance: 'Geschaeftsanteil Mitgl.-Nr. 17',
        partyName: 'Erika Mustermann',
        partyIban: 'DE89370400440532013000',
        bankReference: '2025040200001',
        endToEndId: null,
      },
      {
        entryId: '2',
        kind: 'debit',
        amount: 3_995,
        currency: 'EUR',
        bookingDate: '2025-04-02',
        remittance: 'Rechnung 4711 vom 31.03.2025',
        partyName: 'Druckerei Beispiel GmbH',
        partyIban: 'DE75512108001245126199',
        bankReference: '2025040200002',
        endToEndId: 'RE-2025-0331',
      },
      {
        entryId: '3.1',
        kind: 'credit',
        amount: 10_000,
        currency: 'EUR',
        bookingDate: '2025-04-02',
        remittance: 'Mitgliedsnummer 0023 Rate 1',
        partyName: 'Max Müller & Söhne',
        partyIban: 'DE44500105175407324931',
        bankReference: '2025040200003',
        endToEndId: 'E2E-A-1',
      },
      {
        entryId: '3.2',
        kind: 'credit',
        amount: 15_000,
        currency: 'EUR',
        bookingDate: '2025-04-02',
        remittance: 'Anteile 17 und 23',
        partyName: 'Ute Beispiel',
        partyIban: null,
        bankReference: '2025040200003',
        endToEndId: 'E2E-A-2',
      },
      {
        entryId: '4',
        kind: 'other',
        amount: 10,
        currency: 'EUR',
        bookingDate: '2025-04-02',
        remittance: '',
        partyName: null,
        partyIban: null,
        bankReference: '2025040200004',
        endToEndId: null,
      },
    ]);
  });

  it('reads camt.053.001.08: status code, the party under Pty, the amount in TxDtls, the value date, another currency listed only', () => {
    const statement = readCamt(V08);
    expect([statement.version, statement.account, statement.bankStatementId]).toEqual([
      'camt.053.001.08',
      'DE02120300000000202051',
      'STMT-2025-11-27',
    ]);
    expect(
      statement.entries.map((e) => [
        e.entryId,
        e.kind,
        e.amount,
        e.currency,
        e.bookingDate,
        e.partyName,
        e.bankReference,
        e.endToEndId,
        e.remittance,
      ]),
    ).toEqual([
      [
        '1',
        'credit',
        100_000,
        'EUR',
        '2025-11-27',
        'Jürgen Öztürk',
        'TX-REF-1',
        'E2E-0815',
        'Einzahlung Genossenschaftsanteile Mitglied 42',
      ],
      ['2', 'other', 5_000, 'CHF', '2025-11-27', null, null, null, ''],
    ]);
  });

  it('reads a batch whose transactions do not add up to the booking as one entry with every text', () => {
    const batch =
      `<Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-02</Dt></BookgDt><NtryDtls>` +
      `<TxDtls><Amt Ccy="EUR">10.00</Amt><RmtInf><Ustrd>Mitglied 1</Ustrd></RmtInf></TxDtls><TxDtls><RmtInf><Ustrd>Mitglied 2</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    expect(readCamt(bytes(statementOf(batch))).entries.map((e) => [e.entryId, e.amount, e.remittance])).toEqual([
      ['1', 3_000, 'Mitglied 1 Mitglied 2'],
    ]);
  });

  it('gives the same entries for the same bytes, one after another and at once', async () => {
    const first = JSON.stringify(readCamt(V02));
    for (let i = 0; i < 10; i++) expect(JSON.stringify(readCamt(V02))).toBe(first);
    const atOnce = await Promise.all(
      Array.from({ length: 10 }, () => Promise.resolve().then(() => JSON.stringify(readCamt(Uint8Array.from(V02))))),
    );
    expect(new Set(atOnce)).toEqual(new Set([first]));
  });
});

describe('readCamt: amounts in cents, never through a float', () => {
  it('reads digits with up to two decimals', () => {
    expect(['0.10', '1', '1.5', '250.00', '0.29', '1.13', '999999999.99', '1000000000.00'].map(centsOf)).toEqual([
      10, 100, 150, 25_000, 29, 113, 99_999_999_999, 100_000_000_000,
    ]);
  });
  it('refuses a third decimal, a sign, a comma, an exponent, more than the largest posting', () => {
    expect(['1.005', '-1.00', '1,00', '1e3', '', ' . ', '1000000000.01', '9007199254740993'].map(centsOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(refusal(() => readCamt(bytes(statementOf(credit('12.345')))))).toEqual({
      template: 'bankStatementAmountInvalid',
      parameters: ['1', '12.345'],
    });
  });
});

describe('readCamt: hostile files are refused before the work', () => {
  it('refuses a DOCTYPE with entities (billion laughs) and an external entity (XXE) unread', () => {
    const laughs =
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>';
    expect(refusal(() => readCamt(bytes(statementOf(credit('1.00', '&lol2;'), laughs))))).toEqual({
      template: 'bankStatementDeclarations',
      parameters: [],
    });
    const xxe = '<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    expect(refusal(() => readCamt(bytes(statementOf(credit('1.00', '&xxe;'), xxe))))).toEqual({
      template: 'bankStatementDeclarations',
      parameters: [],
    });
  });

  it('leaves an undeclared entity as written and reads character references', () => {
    const [entry] = readCamt(bytes(statementOf(credit('1.00', 'A &amp; B &#x4D;itglied &xxe; 7')))).entries;
    expect(entry!.remittance).toBe('A & B Mitglied &xxe; 7');
  });

  it('refuses a file above the size, more entries than the limit, a text too long, elements nested too deep', () => {
    expect(refusal(() => readCamt(new Uint8Array(CAMT_MAX_BYTES + 1)))).toEqual({
      template: 'bankStatementTooLarge',
      parameters: ['20'],
    });
    expect(refusal(() => readCamt(bytes(statementOf('<Ntry/>'.repeat(2 * CAMT_MAX_ENTRIES + 1)))))).toEqual({
      template: 'bankStatementTooManyEntries',
      parameters: [String(CAMT_MAX_ENTRIES)],
    });
    expect(refusal(() => readCamt(bytes(statementOf(credit('1.00', 'x'.repeat(1001))))))).toEqual({
      template: 'bankStatementTextTooLong',
      parameters: ['1000'],
    });
    expect(refusal(() => readCamt(bytes(statementOf(`${'<a>'.repeat(60)}${'</a>'.repeat(60)}`)))).template).toBe(
      'bankStatementTextTooLong',
    );
  });

  it('finds a text longer than the limit as the expression it replaced did, in one pass', () => {
    // Every text of up to eight characters of < > and x, against `>[^<]{3,}<` (a limit of 2).
    const old = />[^<]{3,}</;
    let texts = [''];
    for (let length = 1; length <= 8; length++) {
      texts = texts.flatMap((t) => ['<', '>', 'x'].map((c) => t + c));
      for (const text of texts) expect([text, textLongerThan(text, 2)]).toEqual([text, old.test(text)]);
    }
    // 128 KiB of `>` (the expression: 42 s on the API's thread; test/api/quadratic-texts.e2e.spec.ts), of `<`, of both.
    expect(textLongerThan('>'.repeat(128 * 1024), 1000)).toBe(false);
    expect(textLongerThan(`${'>'.repeat(128 * 1024)}<`, 1000)).toBe(true);
    expect(textLongerThan('<'.repeat(128 * 1024), 1000)).toBe(false);
    expect(textLongerThan('<>'.repeat(64 * 1024), 1000)).toBe(false);
  });

  it("takes the root element's own namespace, not one in a comment before it or bound to another prefix", () => {
    const CAMT = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';
    const evil = statementOf(credit('1.00')).replace(`xmlns="${CAMT}"`, 'xmlns="urn:evil:camt"');
    // A review (stop 63): both were read as camt.053.001.02 (201).
    const commented = evil.replace('?><Document', `?><!-- <Document xmlns="${CAMT}"> --><Document`);
    expect(refusal(() => readCamt(bytes(commented)))).toEqual({
      template: 'bankStatementVersion',
      parameters: ['urn:evil:camt'],
    });
    const otherPrefix = evil.replace('xmlns="urn:evil:camt"', `xmlns="urn:evil:camt" xmlns:x="${CAMT}"`);
    expect(refusal(() => readCamt(bytes(otherPrefix))).template).toBe('bankStatementVersion');
    // The root's own prefix, a processing instruction and a comment before it: read.
    const prefixed = statementOf(credit('1.00'))
      .replace(`<Document xmlns="${CAMT}">`, `<?bank x?>\n<!-- <Document> --> <c:Document xmlns:c="${CAMT}">`)
      .replace('</Document>', '</c:Document>');
    expect(readCamt(bytes(prefixed)).version).toBe('camt.053.001.02');
  });

  it('refuses what is no statement: not UTF-8, not XML, another message or version, two statements, no account', () => {
    expect(refusal(() => readCamt(Uint8Array.from([0x3c, 0xff, 0xfe, 0x3e]))).template).toBe('bankStatementNotCamt');
    expect(refusal(() => readCamt(bytes('<Document><BkToCstmrStmt>'))).template).toBe('bankStatementNotCamt');
    expect(
      refusal(() =>
        readCamt(
          bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>'),
        ),
      ).template,
    ).toBe('bankStatementNotCamt');
    expect(refusal(() => readCamt(bytes(statementOf('').replace('camt.053.001.02', 'camt.053.001.04'))))).toEqual({
      template: 'bankStatementVersion',
      parameters: ['urn:iso:std:iso:20022:tech:xsd:camt.053.001.04'],
    });
    const two = statementOf('').replace('</Stmt>', '</Stmt><Stmt><Id>S-2</Id></Stmt>');
    expect(refusal(() => readCamt(bytes(two)))).toEqual({ template: 'bankStatementOneStatement', parameters: ['2'] });
    expect(refusal(() => readCamt(bytes(statementOf('').replace('<IBAN>DE02120300000000202051</IBAN>', ''))))).toEqual({
      template: 'bankStatementNoAccount',
      parameters: [],
    });
    const undated = credit('1.00').replace(
      '<BookgDt><Dt>2025-01-02</Dt></BookgDt>',
      '<BookgDt><Dt>2025-02-30</Dt></BookgDt>',
    );
    expect(refusal(() => readCamt(bytes(statementOf(undated))))).toEqual({
      template: 'bankStatementDateInvalid',
      parameters: ['1'],
    });
  });
});
