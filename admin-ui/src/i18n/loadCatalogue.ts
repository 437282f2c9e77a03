import type { TranslationMessages } from 'react-admin';
import { english } from './catalogue.en';

/** The console's languages. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * English, the default and fallback language (SPEC 9), comes with the shell; German is a file of its own, loaded
 * when the console first shows German (decision 227): an English first load carries no German, a German one adds its
 * catalogue. No other import here, so `early.ts` can start the German download before the shell's modules run.
 */
let german: Promise<TranslationMessages> | undefined;

/** The catalogue of `locale` at once, when it is in the shell (English; an unknown locale is English). */
export function catalogueAtOnce(locale: string): TranslationMessages | undefined {
  return locale === 'de' ? undefined : english;
}

/** The catalogue of `locale` (English for an unknown one); German is downloaded once. */
export function loadCatalogue(locale: string): Promise<TranslationMessages> {
  const now = catalogueAtOnce(locale);
  if (now) return Promise.resolve(now);
  if (!german) {
    german = import('./catalogue.de').then((m) => m.german);
    // A failed download may be tried again at the next switch.
    german.catch(() => (german = undefined));
  }
  return german;
}
