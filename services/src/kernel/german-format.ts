/** German formats of the tax documents: amounts `1.234,56`, dates `31.12.2025`. */

/** Cents as euros with a decimal comma and thousands points: 123456 → `1.234,56`. */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** Whole euros with thousands points: 1234 → `1.234`. */
export function wholeEuros(value: number): string {
  const sign = value < 0 ? '-' : '';
  return (
    sign +
    Math.abs(Math.trunc(value))
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  );
}

/** A count as German text shows it, with thousands points: 3263 → `3.263`. */
export const germanCount = (value: number): string => wholeEuros(value);

/** `n Mitglied` / `n Mitglieder`: a count with its noun in the number it takes (1 Anteil, 3.263 Anteile). */
export function counted(value: number, one: string, many: string): string {
  return `${germanCount(value)} ${value === 1 ? one : many}`;
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`. */
export function germanDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** Member type 2: a member whose personal data the data-protection clean-up erased (issue 27). */
export const ERASED_MEMBER_TYPE = 2;

/** How files and PDFs name a member whose personal data was erased: the number, dates and amounts stay. */
export const ERASED_MEMBER_NAME = 'Gelöscht (DSGVO)';

/** German country names (ICU's, as Node ships them); a code ICU does not know is answered as it is. */
const COUNTRY_NAMES = new Intl.DisplayNames(['de'], { type: 'region', fallback: 'code' });

/**
 * The last line of a letter's address abroad: the country's German name in capitals (`AT` → `ÖSTERREICH`), as the
 * Deutsche Post and the UPU ask for it; the bare ISO code ("AT") is no destination a post office reads. An empty or
 * unknown code (`ZZ`, ICU's "unknown region") is written as it is.
 */
export function countryLine(code: string | null | undefined): string {
  const iso = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso) || iso === 'ZZ') return iso;
  return (COUNTRY_NAMES.of(iso) ?? iso).toLocaleUpperCase('de');
}
