import { formatMoney } from '../format';
import type { LossShare } from './model';

type Translate = (key: string, options?: object) => string;

/** A percentage as the console shows numbers in both languages: `12,5 %` (the API keeps `12.5`). */
export const percentText = (percent: string): string => `${percent.replace('.', ',')} %`;

/** "10 % of the holding" or "25,00 € per share", in the clerk's language. */
export function lossShareText(
  translate: Translate,
  share: Pick<LossShare, 'kind' | 'percent' | 'centsPerShare'>,
): string {
  return share.kind === 'percent'
    ? translate('coop.settlements.terms.percentOf', { percent: percentText(share.percent ?? '') })
    : translate('coop.settlements.terms.perShare', { amount: formatMoney(share.centsPerShare ?? 0) });
}
