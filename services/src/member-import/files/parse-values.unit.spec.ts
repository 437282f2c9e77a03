import {
  dateFromDate,
  dateFromSerial,
  moneyFromNumber,
  parseBooleanText,
  parseDateText,
  parseIntegerText,
  parseMoneyText,
} from './parse-values.js';

describe('import: cell texts → values', () => {
  it('reads euros to cents from their digits, German and English', () => {
    expect(parseMoneyText('1.234,56', 'de')).toBe(123456);
    expect(parseMoneyText('1234,5', 'de')).toBe(123450);
    expect(parseMoneyText('-0,01', 'de')).toBe(-1);
    expect(parseMoneyText('250 €', 'de')).toBe(25000);
    expect(parseMoneyText('EUR 1.000', 'de')).toBe(100000);
    expect(parseMoneyText('1,234.56', 'en')).toBe(123456);
    expect(parseMoneyText('0.29', 'en')).toBe(29);
    expect(parseMoneyText('1\u00a0234,56', 'de')).toBe(123456);
    // 0.29 * 100 is 28.999999999999996 in floating point: the digits are not
    expect(parseMoneyText('0,29', 'de')).toBe(29);
  });

  it('refuses what the format does not write: a third decimal, wrong grouping, the other format', () => {
    expect(parseMoneyText('1,005', 'de')).toBeNull();
    expect(parseMoneyText('1.23,45', 'de')).toBeNull();
    expect(parseMoneyText('1,234.56', 'de')).toBeNull();
    expect(parseMoneyText('1.234,56', 'en')).toBeNull();
    expect(parseMoneyText('abc', 'de')).toBeNull();
    expect(parseMoneyText('', 'de')).toBeNull();
  });

  it('reads whole numbers with thousands, decimals only when zero', () => {
    expect(parseIntegerText('1.000', 'de')).toBe(1000);
    expect(parseIntegerText('1,000', 'en')).toBe(1000);
    expect(parseIntegerText('5,00', 'de')).toBe(5);
    expect(parseIntegerText('5,5', 'de')).toBeNull();
    expect(parseIntegerText('-3', 'de')).toBe(-3);
    expect(parseIntegerText('12a', 'de')).toBeNull();
  });

  it('reads a spreadsheet number in euros through its shortest decimal string, not Math.round(value * 100)', () => {
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(moneyFromNumber(1.005)).toBe(101);
    expect(moneyFromNumber(-1.005)).toBe(-101);
    expect(moneyFromNumber(0.29)).toBe(29);
    expect(moneyFromNumber(100.5)).toBe(10050);
    expect(moneyFromNumber(0.1 + 0.2)).toBe(30);
    expect(moneyFromNumber(1234567.891)).toBe(123456789);
    expect(moneyFromNumber(1e-7)).toBe(0);
    expect(moneyFromNumber(0.005)).toBe(1);
    expect(moneyFromNumber(1e21)).toBeNull();
    expect(moneyFromNumber(Number.NaN)).toBeNull();
  });

  it('reads dates day first (de), month first (en), ISO in every format; refuses days that do not exist', () => {
    expect(parseDateText('31.12.2024', 'de')).toBe('2024-12-31');
    expect(parseDateText('1.2.2024', 'de')).toBe('2024-02-01');
    expect(parseDateText('01/02/2024', 'de')).toBe('2024-02-01');
    expect(parseDateText('01/02/2024', 'en')).toBe('2024-01-02');
    expect(parseDateText('12/31/2024', 'en')).toBe('2024-12-31');
    expect(parseDateText('2024-12-31', 'de')).toBe('2024-12-31');
    expect(parseDateText('2024-12-31', 'en')).toBe('2024-12-31');
    expect(parseDateText('2024-12-31', 'iso')).toBe('2024-12-31');
    expect(parseDateText('31.12.2024', 'iso')).toBeNull();
    expect(parseDateText('12/31/2024', 'de')).toBeNull();
    expect(parseDateText('31.12.2024', 'en')).toBeNull();
    expect(parseDateText('31.02.2024', 'de')).toBeNull();
    expect(parseDateText('29.02.2023', 'de')).toBeNull();
    expect(parseDateText('29.02.2024', 'de')).toBe('2024-02-29');
    expect(parseDateText('31.12.24', 'de')).toBeNull();
  });

  it('reads typed dates and serial days as their UTC day', () => {
    expect(dateFromDate(new Date(Date.UTC(2024, 11, 31)))).toBe('2024-12-31');
    expect(dateFromDate(new Date(Date.UTC(2024, 11, 31) - 1))).toBe('2024-12-31');
    expect(dateFromSerial(45657)).toBe('2024-12-31');
    expect(dateFromSerial(45657.5)).toBeNull();
  });

  it('reads yes and no in German and English', () => {
    expect(parseBooleanText('Ja')).toBe(true);
    expect(parseBooleanText('x')).toBe(true);
    expect(parseBooleanText('no')).toBe(false);
    expect(parseBooleanText('vielleicht')).toBeNull();
  });
});
