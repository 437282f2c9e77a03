import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { catalogueAtOnce, LOCALES, loadCatalogue, type Locale } from './loadCatalogue';
import { storedLocale } from './locale';

export { LOCALES, type Locale } from './loadCatalogue';

/** The languages' names in themselves (react-admin's locale list; the console's own menu translates them). */
const NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch' };

let provider: I18nProvider | undefined;

/**
 * Builds the provider on the stored language's catalogue, then calls `ready` (`main.tsx` renders there): at once in
 * English, whose catalogue is in the shell, after its download in German (react-admin's polyglot provider wants the
 * first language's messages at once). A later switch loads its catalogue.
 */
export function startI18n(ready: () => void, failed: (error: unknown) => void): void {
  const locale = storedLocale();
  const build = (messages: TranslationMessages) => {
    provider = polyglotI18nProvider(
      (wanted) => (wanted === locale ? messages : loadCatalogue(wanted)),
      locale,
      LOCALES.map((l) => ({ locale: l, name: NAMES[l] })),
      { allowMissing: true },
    );
    ready();
  };
  const now = catalogueAtOnce(locale);
  if (now) build(now);
  else loadCatalogue(locale).then(build, failed);
}

/**
 * The console's i18n provider (react-admin's and the plain modules' `translate`). Before `startI18n` has finished,
 * nothing is rendered; a text asked for then (only a failed request started before the first render could) is its key.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => (provider ? provider.translate(key, options) : key),
  changeLocale: (locale, options) => (provider ? provider.changeLocale(locale, options) : Promise.resolve()),
  getLocale: () => provider?.getLocale() ?? storedLocale(),
  getLocales: () => provider?.getLocales?.() ?? LOCALES.map((l) => ({ locale: l, name: NAMES[l] })),
};
