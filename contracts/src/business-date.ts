/**
 * Business dates, `YYYY-MM-DD` without a time zone, for the API, the request classes and the console alike. The
 * cooperatives are German: a business day is the calendar day in Europe/Berlin.
 */
const FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The last day formatted and its minute: Europe/Berlin is a whole number of hours off UTC, so its days begin on a
 * minute of UTC and every instant of one minute has the same business day. An import checks 100,000 admissions, each
 * asking for today several times; formatting with `Intl` each time cost about a second of its replay.
 */
let last: { minute: number; day: string } | undefined;

export function businessToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (last?.minute !== minute) last = { minute, day: FORMAT.format(now) };
  return last.day;
}

const STAMP = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant (an ISO timestamp in UTC, as events and tasks record it) as the German wall clock writes it,
 * `TT.MM.JJJJ hh:mm:ss` in Europe/Berlin (summer time included): a file for a German authority states its time so.
 */
export function businessTimestamp(iso: string): string {
  const parts = Object.fromEntries(STAMP.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The calendar day after `date` (`YYYY-MM-DD`). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The calendar day before `date` (`YYYY-MM-DD`). */
export function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
