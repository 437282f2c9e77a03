/**
 * Display formats of SPEC section 9, the same in English and German:
 * date dd.MM.yyyy, date-time dd.MM.yyyy HH:mm:ss, money `1.234,56 €`.
 * Money is integer euro cents; no floating point touches it.
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A business date `YYYY-MM-DD` (no time zone) or an ISO timestamp, shown as dd.MM.yyyy. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}.${plain[2]}.${plain[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** A UTC timestamp shown in the browser's time zone as dd.MM.yyyy HH:mm:ss. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatDate(value)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Groups the digits of a whole number with dots: 1234567 -> 1.234.567. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Integer cents as `1.234,56` (no currency sign); the edit form uses it. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) return '';
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const euros = digits.slice(0, -2);
  const rest = digits.slice(-2);
  return `${negative ? '-' : ''}${groupThousands(euros)},${rest}`;
}

/** Integer cents as `1.234,56 €`. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isSafeInteger(cents)) return '';
  return `${centsToDecimal(cents)} €`;
}

/** A count with zero decimals and dot thousands. */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return `${n < 0 ? '-' : ''}${groupThousands(String(Math.trunc(Math.abs(n))))}`;
}

/**
 * Parses a euro amount typed by a clerk into integer cents, by string handling only.
 * Accepts `250`, `250,5`, `250,50`, `1.234,56`, `1234.56` (a single dot with one or two
 * decimals is a decimal point), an optional `€` and spaces. Answers null for anything else
 * (more than two decimals, misplaced thousands dots, letters).
 */
export function parseEuroToCents(input: string): number | null {
  let s = input.replace(/[\s\u00a0€]/g, '');
  if (s === '') return null;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  let whole: string;
  let fraction = '';
  if (s.includes(',')) {
    const parts = s.split(',');
    if (parts.length !== 2) return null;
    whole = parts[0] ?? '';
    fraction = parts[1] ?? '';
    if (whole.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replace(/\./g, '');
    }
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [whole = '', fraction = ''] = s.split('.');
  } else if (s.includes('.')) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(s)) return null;
    whole = s.replace(/\./g, '');
  } else {
    whole = s;
  }
  if (whole === '') whole = '0';
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(`${whole}${fraction.padEnd(2, '0')}`);
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/**
 * Parses what a clerk types as a business date: `dd.MM.yyyy` (also `d.M.yyyy`) or `YYYY-MM-DD`.
 * Answers `YYYY-MM-DD` for a real calendar date, else null.
 */
export function parseDateText(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (german) [d, m, y] = [Number(german[1]), Number(german[2]), Number(german[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A count as the clerk's language groups it (issue 43: "1-20 von 1234" under a list of 1,234): `1.234` in German,
 * `1,234` in English.
 */
export function formatCountIn(locale: string, n: number): string {
  const grouped = formatCount(n);
  return locale === 'en' ? grouped.replace(/\./g, ',') : grouped;
}

/**
 * A countdown as a clock reads (issue 43): minutes and seconds under an hour ("59:58"), else hours, minutes and seconds
 * ("11:59:58"); never a day field ("0:00:59:58"): a session lasts 12 hours at most.
 */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${String(hours)}:${two(minutes)}:${two(s % 60)}` : `${String(minutes)}:${two(s % 60)}`;
}

/**
 * The figures of a posting's amount preview, the sign carried through (issue 43): an outgoing posting reads
 * "-1 × 250,00 € = -250,00 €", not "1 × 250,00 € = -250,00 €"; an incoming one "2 × 250,00 € = 500,00 €".
 */
export function amountPreview(
  quantity: number,
  price: number,
  outgoing: boolean,
): { quantity: string; price: string; amount: string } {
  const sign = outgoing ? -1 : 1;
  return {
    quantity: formatCount(sign * quantity),
    price: formatMoney(price),
    amount: formatMoney(sign * quantity * price),
  };
}

/**
 * An IBAN in groups of four, as printed on bank cards and shown everywhere in the console ("DE02 1203 0000 0000 2020 51";
 * a line wraps between groups only). Anything that is no IBAN (a bank's other account id) is shown as it is.
 */
export function formatIban(iban: string | null | undefined): string {
  const compact = (iban ?? '').replace(/\s+/g, '');
  if (!/^[A-Za-z]{2}\d{2}[A-Za-z0-9]{1,30}$/.test(compact)) return iban ?? '';
  return compact.toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}
