import { useLocaleState } from 'react-admin';
import { sharePaymentsDe } from './sharePayments.de';
import { sharePaymentsEn } from './sharePayments.en';

/*
 * The payments on shares' own texts (issue 45), loaded with their screens rather than with the console's catalogue:
 * the signed-in first load is at its 350 kB gzip limit (docs/performance.md §4), and these texts are read only on the
 * screens of this folder. German and English have the same keys (the type of `sharePaymentsDe`); the server's refusals
 * stay templates of the catalogue (`coop.validation`).
 */

type Catalogue = typeof sharePaymentsEn;

/** The text at `key` (dots between levels) with `%{name}` filled in; `a |||| b` chooses by `smart_count` (1: a). */
export function textOf(catalogue: Catalogue, key: string, options: Readonly<Record<string, unknown>> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      catalogue,
    );
  if (typeof found !== 'string') return key;
  const forms = found.split(' |||| ');
  const text = forms.length > 1 && options.smart_count !== 1 ? forms[1]! : forms[0]!;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) =>
    options[name] === undefined ? whole : String(options[name]),
  );
}

/** `t(key, options)` in the clerk's language. */
export function useSharePaymentTexts(): (key: string, options?: Readonly<Record<string, unknown>>) => string {
  const [locale] = useLocaleState();
  const catalogue = locale === 'de' ? sharePaymentsDe : sharePaymentsEn;
  return (key, options) => textOf(catalogue, key, options);
}
