import { describe, expect, it } from '@jest/globals';
import { exportFileName, slug } from './member-columns.js';
import { neutraliseFormula as guardFormula } from '../kernel/csv-text.js';
import { memberCsvRows } from './render/member-csv.js';
import { odfText } from './render/member-ods.js';
import type { MemberDto } from '@coop/contracts';

describe('member export helpers', () => {
  it('names the file after the cooperative and the date', () => {
    expect(slug('Bürger-Energie Süd eG')).toBe('buerger-energie-sued-eg');
    expect(slug('  Straße & Söhne / Öko  ')).toBe('strasse-soehne-oeko');
    expect(slug('Coopérative Île')).toBe('cooperative-ile');
    expect(slug('!!!')).toBe('genossenschaft');
    expect(exportFileName('eg-musterstadt', '2025-12-31', 'xlsx')).toBe('mitglieder-eg-musterstadt-2025-12-31.xlsx');
  });

  it('guards text cells a spreadsheet would run as a formula (OWASP)', () => {
    for (const s of ['=1+1', '+49 30', '-5', '@SUM(A1)', '\tx', '\rx']) expect(guardFormula(s)).toBe(`'${s}`);
    for (const s of ['Müller', '1=1', 'a-b', '']) expect(guardFormula(s)).toBe(s);
  });

  it('writes numbers and dates of a row unguarded, in each dialect', () => {
    const m = {
      memberNr: 12,
      salutation: 'Herr',
      title: 'Prof',
      name: '-Minus',
      givenName: null,
      street: 'Weg',
      streetHomeNumber: '1',
      zipCode: '01067',
      city: 'Dresden',
      country: 'AT',
      isForeign: true,
      birthDate: '1970-01-31',
      entryDate: '2020-02-01',
      approvalDate: null,
      exitDate: '2025-12-31',
      exitReason: 'death',
      shareAmount: 1234,
      shareTotalEUR: -123456,
    } as unknown as MemberDto;
    expect(memberCsvRows([m], 'excel')[0]).toEqual([
      '12',
      'Herr',
      'Prof.',
      "'-Minus",
      '',
      'Weg',
      '1',
      '01067',
      'Dresden',
      'AT',
      '31.01.1970',
      '01.02.2020',
      '',
      '31.12.2025',
      'Tod',
      '1234',
      '-1.234,56',
    ]);
    expect(memberCsvRows([m], 'rfc4180')[0]!.slice(10)).toEqual([
      '1970-01-31',
      '2020-02-01',
      '',
      '2025-12-31',
      'Tod',
      '1234',
      '-1234.56',
    ]);
  });

  it('keeps ODF text as it is: escaped, spaces, tabs and line breaks kept', () => {
    expect(odfText('a < b & "c"')).toBe('a &lt; b &amp; &quot;c&quot;');
    expect(odfText('  two  spaces')).toBe('<text:s text:c="2"/>two <text:s text:c="1"/>spaces');
    expect(odfText('a\tb\nc')).toBe('a<text:tab/>b<text:line-break/>c');
    // No XML part holds a C0 control or U+FFFE/U+FFFF (`xmlText`, decision 403): an older name with one stays readable.
    expect(odfText('Mei\u0001er\ufffe\uffff')).toBe('Meier');
  });
});
