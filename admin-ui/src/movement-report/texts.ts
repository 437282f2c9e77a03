import { movementReportDe } from './movement-report.de';
import { movementReportEn } from './movement-report.en';

/** The screen's texts in the clerk's language (German for `de`, else English, the console's fallback). */
export const movementTexts = (locale: string): typeof movementReportEn =>
  locale === 'de' ? movementReportDe : movementReportEn;

/** A text of `texts` by its dotted key (`reasons.death`), with `%{name}` filled from `params`; the key itself when missing. */
export function movementText(
  texts: typeof movementReportEn,
  key: string,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      texts,
    );
  if (typeof found !== 'string') return key;
  return found.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
