/**
 * Euro cents as the refusal templates take an amount: `250,00`, `1.250,00`, `-5,10` (the number of SPEC 9's money
 * format; the template's text puts the `€` after it, as the console shows money: `1.250,00 €`). Plain, no package: the
 * request classes name their amount limits with it, the services (kernel/money.ts) their refusals' amounts.
 */
export function formatEuro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}`;
}
