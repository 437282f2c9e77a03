import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  CAMT_ELEMENTS_PER_ENTRY,
  CAMT_MAX_BYTES,
  CAMT_MAX_ELEMENTS,
  CAMT_MAX_ENTRIES,
  CAMT_MAX_TAG,
  CAMT_MAX_TEXT,
} from './camt/camt-limits.js';
import { CamtRefusal, markupOverLimit, readCamt } from './camt/camt-reader.js';

/*
 * The hostile shapes of a security probe (F4): each held the process's one statement read 18-24 s and took ~1 GB before
 * its 400, every cooperative's uploads waiting behind it. A tag and the count of elements now have limits, checked in
 * the one pass before the XML is parsed: small files past them, then the probe's own files at their size, refused with
 * the parser never called (watched, not timed); and what banks send stays within them.
 */

const fixture = (name: string): string => readFileSync(new URL(`./camt/fixtures/${name}`, import.meta.url), 'utf8');
const bytes = (xml: string): Uint8Array => new TextEncoder().encode(xml);
const head = (id = 'S-1'): string =>
  '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>' +
  `<GrpHdr><MsgId>M</MsgId></GrpHdr><Stmt><Id>${id}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>`;
const TAIL = '</Stmt></BkToCstmrStmt></Document>';
const LIMITS = { text: CAMT_MAX_TEXT, tag: CAMT_MAX_TAG, elements: CAMT_MAX_ELEMENTS };

/** The refusal of `xml` and whether the parser (its well-formedness check or its parse) was called. */
function read(xml: string): { refusal: string; parsed: boolean } {
  const validate = jest.spyOn(XMLValidator, 'validate');
  const parse = jest.spyOn(XMLParser.prototype, 'parse');
  try {
    readCamt(bytes(xml));
    return { refusal: 'read', parsed: true };
  } catch (error) {
    if (!(error instanceof CamtRefusal)) throw error;
    const parsed = validate.mock.calls.length + parse.mock.calls.length > 0;
    return { refusal: [error.template, ...error.parameters].join(' '), parsed };
  } finally {
    validate.mockRestore();
    parse.mockRestore();
  }
}

afterEach(() => {
  jest.restoreAllMocks();
});

const TAG = `bankStatementTagTooLong ${CAMT_MAX_TAG}`;
const ELEMENTS = `bankStatementTooManyElements ${CAMT_MAX_ELEMENTS}`;

describe('a tag longer than the limit', () => {
  const attributes = (n: number): string => Array.from({ length: n }, (_, i) => `a${i}=""`).join(' ');

  it.each([
    ['an entry of many attributes', `<Ntry ${attributes(300)}></Ntry>`],
    ['a long name', `<${'T'.repeat(CAMT_MAX_TAG)}/>`],
    ['a long attribute value', `<Ntry x="${'y'.repeat(CAMT_MAX_TAG)}"></Ntry>`],
    ['a tag never closed', `<Ntry ${'a'.repeat(CAMT_MAX_TAG)}`],
  ])('%s: refused before the parser', (_name, markup) => {
    expect(read(head() + markup + TAIL)).toEqual({ refusal: TAG, parsed: false });
  });

  it('is measured from its < to its > : a tag of the limit passes, one character more does not', () => {
    const tag = (length: number): string => `<N${' '.repeat(length - 3)}>`;
    expect(tag(CAMT_MAX_TAG)).toHaveLength(CAMT_MAX_TAG);
    expect(markupOverLimit(`<a>${tag(CAMT_MAX_TAG)}</a>`, LIMITS)).toBeNull();
    expect(markupOverLimit(`<a>${tag(CAMT_MAX_TAG + 1)}</a>`, LIMITS)).toBe('tag');
  });
});

describe('more elements than the limit', () => {
  const small = { text: 100, tag: 100, elements: 5 };

  it.each([
    ['empty elements', '<X/>'.repeat(6)],
    ['elements never closed', '<a>'.repeat(6)],
    ['elements closed', `${'<a>'.repeat(3)}${'</a>'.repeat(3)}<b>1</b><b>2</b><b/>`],
  ])('%s: counted by their start tags', (_name, xml) => {
    expect(markupOverLimit(xml, small)).toBe('elements');
    expect(markupOverLimit(xml.slice(0, xml.lastIndexOf('<')), small)).toBeNull();
  });

  it('counts no end tag, comment, processing instruction or declaration', () => {
    const xml = `<?xml version="1.0"?><!-- c --><a><b/></a><!-- d --><?pi x?><c></c>`;
    expect(markupOverLimit(xml, { ...small, elements: 3 })).toBeNull();
    expect(markupOverLimit(xml, { ...small, elements: 2 })).toBe('elements');
  });

  it('refuses the first limit the file passes, in its order', () => {
    expect(markupOverLimit(`<a>${'x'.repeat(101)}</a>${'<b/>'.repeat(9)}`, small)).toBe('text');
    expect(markupOverLimit(`${'<b/>'.repeat(9)}<a>${'x'.repeat(101)}</a>`, small)).toBe('elements');
    expect(markupOverLimit(`<a ${'x'.repeat(101)}>${'<b/>'.repeat(9)}`, small)).toBe('tag');
  });
});

describe("the probe's files at their size", () => {
  it.each<[string, () => string, string]>([
    ['one entry tag of 1.5 million attributes (16 MB)', () => `<Ntry ${'a="" '.repeat(1_500_000)}></Ntry>`, TAG],
    ['a tag name of 19 MB', () => `<${'T'.repeat(19 * 1024 * 1024)}/>`, TAG],
    ['4.9 million empty elements', () => '<X/>'.repeat(4_900_000), ELEMENTS],
    ['2.5 million elements never closed', () => '<a>'.repeat(2_500_000), ELEMENTS],
    ['2.5 million elements nested and closed', () => `${'<a>'.repeat(2_500_000)}${'</a>'.repeat(2_500_000)}`, ELEMENTS],
  ])('%s: refused before the parser', (_name, markup, refusal) => {
    const xml = head() + markup() + TAIL;
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(CAMT_MAX_BYTES);
    expect(read(xml)).toEqual({ refusal, parsed: false });
  });
});

describe('what banks send stays within the limits', () => {
  it('the fixtures are read, their tags and elements far below the limits', () => {
    for (const name of ['dk-camt053-001-02.xml', 'camt053-001-08.xml']) {
      const xml = fixture(name);
      expect(markupOverLimit(xml, { ...LIMITS, tag: 210, elements: 140 })).toBeNull();
      expect(read(xml).refusal).toBe('read');
    }
  });

  it('entries with every element a transfer commonly carries, as many as 20 MiB hold, stay below the elements limit', () => {
    const entry =
      '<Ntry><NtryRef>1</NtryRef><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd><Sts><Cd>BOOK</Cd></Sts>' +
      '<BookgDt><Dt>2025-04-02</Dt></BookgDt><ValDt><Dt>2025-04-02</Dt></ValDt><AcctSvcrRef>2025040200001</AcctSvcrRef>' +
      '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+166+9310</Cd><Issr>DK</Issr></Prtry></BkTxCd>' +
      '<NtryDtls><TxDtls><Refs><MsgId>M1</MsgId><AcctSvcrRef>R1</AcctSvcrRef><PmtInfId>P1</PmtInfId><InstrId>I1</InstrId><EndToEndId>E1</EndToEndId><UETR>u</UETR><TxId>T1</TxId><MndtId>MD1</MndtId></Refs>' +
      '<Amt Ccy="EUR">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><AmtDtls><InstdAmt><Amt Ccy="EUR">250.00</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">250.00</Amt></TxAmt></AmtDtls>' +
      '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+166+9310</Cd><Issr>DK</Issr></Prtry></BkTxCd>' +
      '<RltdPties><InitgPty><Pty><Nm>E M</Nm></Pty></InitgPty><Dbtr><Pty><Nm>Erika Mustermann</Nm><PstlAdr><Ctry>DE</Ctry><AdrLine>Hauptstr. 1</AdrLine><AdrLine>12345 Musterdorf</AdrLine></PstlAdr></Pty></Dbtr>' +
      '<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct><UltmtDbtr><Pty><Nm>E M</Nm></Pty></UltmtDbtr><Cdtr><Pty><Nm>Energie eG</Nm><Id><PrvtId><Othr><Id>DE98ZZZ09999999999</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></Pty></Cdtr>' +
      '<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct><UltmtCdtr><Pty><Nm>Energie eG</Nm></Pty></UltmtCdtr></RltdPties>' +
      '<RltdAgts><DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt><CdtrAgt><FinInstnId><BICFI>BYLADEM1001</BICFI></FinInstnId></CdtrAgt></RltdAgts>' +
      '<Purp><Cd>OTHR</Cd></Purp><RmtInf><Ustrd>Mitgl.-Nr. 17</Ustrd><Ustrd>Rate 1</Ustrd><Ustrd>x</Ustrd><Ustrd>y</Ustrd>' +
      '<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>' +
      '<RltdDts><AccptncDtTm>2025-04-02T10:00:00</AccptncDtTm></RltdDts><AddtlTxInf>Gutschrift</AddtlTxInf></TxDtls></NtryDtls><AddtlNtryInf>SEPA-GUTSCHRIFT</AddtlNtryInf></Ntry>';
    const elements = entry.match(/<[^/!?]/g)!.length;
    // Some 100 elements (104) in about 2,000 bytes: 20 MiB hold about 10,000 such entries, half the limit's elements.
    // To pass the count within 20 MiB a file needs 10 bytes an element on average; the banks' have 19-30.
    expect(elements).toBeLessThan(CAMT_ELEMENTS_PER_ENTRY * 1.1);
    expect(Math.floor(CAMT_MAX_BYTES / entry.length) * elements).toBeLessThan(CAMT_MAX_ELEMENTS / 1.5);
    expect(CAMT_MAX_BYTES / CAMT_MAX_ELEMENTS).toBeGreaterThan(10);
    expect(read(head() + entry + TAIL).refusal).toBe('read');
  });

  it(`a statement of ${CAMT_MAX_ENTRIES} entries as bench/camt-read.js writes them passes the scan`, () => {
    const entry = (i: number): string =>
      `<Ntry><Amt Ccy="EUR">${(i % 900) + 1}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-04-02</Dt></BookgDt>` +
      `<ValDt><Dt>2025-04-02</Dt></ValDt><AcctSvcrRef>2025040200${String(i).padStart(5, '0')}</AcctSvcrRef><BkTxCd><Prtry><Cd>NTRF+166+9310</Cd><Issr>DK</Issr></Prtry></BkTxCd>` +
      `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${(i % 900) + 1}.00</Amt></TxAmt></AmtDtls>` +
      `<RltdPties><Dbtr><Nm>Mitglied Nummer ${i}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct></RltdPties>` +
      `<RmtInf><Ustrd>Einzahlung Geschaeftsanteile Mitgl.-Nr. ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const xml = head() + Array.from({ length: CAMT_MAX_ENTRIES }, (_, i) => entry(i + 1)).join('\n') + TAIL;
    expect(markupOverLimit(xml, LIMITS)).toBeNull();
  });
});
