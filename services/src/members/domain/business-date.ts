/** The cooperatives are German: a business day is the calendar day in Europe/Berlin, written `YYYY-MM-DD`. */
const FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

export function businessToday(now: Date = new Date()): string {
  return FORMAT.format(now);
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
