import type { TranslationMessages } from 'react-admin';

/** The console's languages. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Each language's catalogue is its own file, loaded when the console first shows that language (decision 227): the
 * first load carries the active language only, the other one comes with the switch to it. No other import here, so
 * `early.ts` can start the download before the shell's modules run.
 */
const LOADERS: Readonly<Record<Locale, () => Promise<TranslationMessages>>> = {
  en: () => import('./catalogue.en').then((m) => m.english),
  de: () => import('./catalogue.de').then((m) => m.german),
};

const loaded = new Map<Locale, Promise<TranslationMessages>>();

/** The catalogue of `locale` (English for an unknown one), loaded once. */
export function loadCatalogue(locale: string): Promise<TranslationMessages> {
  const known: Locale = locale === 'de' ? 'de' : 'en';
  let catalogue = loaded.get(known);
  if (!catalogue) {
    catalogue = LOADERS[known]();
    // A failed download may be tried again at the next switch.
    catalogue.catch(() => loaded.delete(known));
    loaded.set(known, catalogue);
  }
  return catalogue;
}
