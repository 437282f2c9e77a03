import type { RawCell, RawSheet } from '../import-types.js';
import { detectFormat } from './detect-format.js';

const CSV = { fileType: 'csv', encoding: 'utf-8', delimiter: ';' } as const;

/** A postings sheet with the given dates and amounts (as text) in mapped columns, and an unmapped column of noise. */
function postings(dates: string[], amounts: string[] = []): RawSheet {
  const n = Math.max(dates.length, amounts.length);
  const rows: RawCell[][] = [];
  for (let i = 0; i < n; i++) rows.push([dates[i] ?? '', amounts[i] ?? '', '12/31/1999 1,234.56']);
  return { file: 'b.csv', sheet: 'b.csv', headers: ['Datum', 'Betrag', 'Notiz'], rows, firstRow: 2 };
}
const columns = { Datum: 'date', Betrag: 'amount', Notiz: null };
const detect = (sheet: RawSheet, base: Parameters<typeof detectFormat>[0] = CSV) =>
  detectFormat(base, [{ sheet, kind: 'postings', columns }]);

describe('import: detecting number and date formats', () => {
  it('German numbers and dates', () => {
    const f = detect(postings(['31.12.2024', '01.02.2024'], ['1.234,56', '10']));
    expect(f).toEqual({ ...CSV, numbers: 'de', dates: 'de' });
  });

  it('English numbers and dates, also behind a semicolon', () => {
    const f = detect(postings(['12/31/2024', '01/02/2024'], ['1,234.56', '10']));
    expect(f).toEqual({ ...CSV, numbers: 'en', dates: 'en' });
  });

  it('decides an ambiguous 01/02/2024 over the whole column: one later day above 12 settles it', () => {
    const ambiguous = Array.from({ length: 50 }, () => '01/02/2024');
    expect(detect(postings([...ambiguous, '13/02/2024'])).dates).toBe('de');
    expect(detect(postings([...ambiguous, '02/13/2024'])).dates).toBe('en');
  });

  it('with no vote, dates follow the numbers and both follow the delimiter', () => {
    expect(detect(postings(['01/02/2024'], ['1,5'])).dates).toBe('de');
    expect(detect(postings(['01/02/2024'], ['1.5'])).dates).toBe('en');
    expect(detect(postings(['01/02/2024'], ['10']), { ...CSV, delimiter: ',' })).toMatchObject({
      numbers: 'en',
      dates: 'en',
    });
    expect(detect(postings(['01/02/2024'], ['10']))).toMatchObject({ numbers: 'de', dates: 'de' });
  });

  it('dates all ISO are iso; unmapped columns and typed cells do not vote', () => {
    expect(detect(postings(['2024-12-31', '2024-01-02'], ['1,234.56'])).dates).toBe('iso');
    const typed: RawSheet = { ...postings([]), rows: [[new Date(Date.UTC(2024, 0, 2)), 1234.56, '1,234.56']] };
    expect(detect(typed, { fileType: 'xlsx', encoding: null, delimiter: null })).toMatchObject({
      numbers: 'de',
      dates: 'de',
    });
  });

  it('the majority wins when both formats are voted for', () => {
    expect(detect(postings([], ['1.234,56', '2,50', '1,234.56'])).numbers).toBe('de');
    expect(detect(postings([], ['1,234.56', '2.50', '1.234,56'])).numbers).toBe('en');
  });
});
