import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { LOCALES, loadCatalogue, type Locale } from './loadCatalogue';
import { storedLocale } from './locale';

export { LOCALES, type Locale } from './loadCatalogue';

/** The languages' names in themselves (react-admin's locale list; the console's own menu translates them). */
const NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch' };

let provider: I18nProvider | undefined;

/**
 * Loads the catalogue of the stored language and builds the provider on it (`main.tsx` awaits this before rendering;
 * react-admin's polyglot provider wants the first language's messages at once). A later switch loads its catalogue.
 */
export async function startI18n(): Promise<void> {
  const locale = storedLocale();
  const messages = await loadCatalogue(locale);
  provider = polyglotI18nProvider(
    (wanted) => (wanted === locale ? messages : loadCatalogue(wanted)),
    locale,
    LOCALES.map((l) => ({ locale: l, name: NAMES[l] })),
    { allowMissing: true },
  );
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
